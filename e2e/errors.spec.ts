import type { Page } from '@playwright/test';
import { expect, NOT_FOUND_TITLE, test, type PageErrors } from './fixtures';

/** The browser logs the API's 404 for an unknown board as a console error; the screen handles it. */
const API_NOT_FOUND = /console\.error: Failed to load resource: the server responded with a status of 404 .*\/api\//;

test.describe('not found', () => {
  test('an unknown address shows the Korean not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page/here');
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    await expect(page).toHaveTitle(new RegExp(NOT_FOUND_TITLE));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    // The site layout is still there, so the visitor can go on.
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    const home = page.locator('main').getByRole('link', { name: '첫 화면으로' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('h1')).not.toHaveText(NOT_FOUND_TITLE);
  });

  test('an unknown board shows a Korean not-found message', async ({ page, pageErrors }) => {
    pageErrors.allow(API_NOT_FOUND);
    expect((await page.goto('/nids/nosuchboard/list'))?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    await expect(page.locator('main')).toContainText('게시판');
    await expect(page.locator('main')).toContainText(/존재하지 않|찾을 수 없|없습니다/);
    await expect(page.locator('main').getByRole('link', { name: '첫 화면으로' })).toBeVisible();
  });

  test('a board in the wrong area and a missing post are not found either', async ({ page, pageErrors }) => {
    pageErrors.allow(API_NOT_FOUND);
    expect((await page.goto('/reference/notice/list'))?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    expect((await page.goto('/nids/notice/view/999999'))?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    await expect(page.locator('main')).toContainText(/게시글|게시물/);
    await expect(page.locator('main')).toContainText(/존재하지 않|찾을 수 없|없습니다|삭제/);
    expect((await page.goto('/nids/notice/view/abc'))?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
  });

  // Issue 23: a real 404 with the app, and robots noindex in the head while the not-found screen shows.
  test('an unknown address answers 404 with noindex, which goes with the screen and comes back on in-app navigation', async ({ page }) => {
    const robots = page.locator('head meta[name="robots"]');
    const response = await page.goto('/no/such/page/here');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    await expect(robots).toHaveAttribute('content', 'noindex');
    await expect(robots).toHaveCount(1);
    await page.locator('main').getByRole('link', { name: '첫 화면으로' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(robots).toHaveCount(0);
    // In the app: the router's own navigation (as a link or the back button makes it) to an address no route matches.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/nids/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
    await expect(page).toHaveTitle(new RegExp(NOT_FOUND_TITLE));
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('h1')).not.toHaveText(NOT_FOUND_TITLE);
    await expect(robots).toHaveCount(0);
  });

  test('a missing script file is a 404, not the web page', async ({ request }) => {
    const response = await request.get('/assets/no-such-chunk-1234.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type'] ?? '').not.toContain('text/html');
  });
});

const CHUNK_ERROR = '화면을 불러오지 못했습니다';

/**
 * Opens the home page, then makes every script it did not load fail, as after a deploy that
 * renamed the chunks. Returns the paths of the aborted requests (filled as they happen).
 */
async function failNewChunks(page: Page, pageErrors: PageErrors): Promise<string[]> {
  const loaded = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') loaded.add(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.size, 'the home page loaded its scripts').toBeGreaterThan(0);

  const aborted: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (loaded.has(path)) return route.continue();
    aborted.push(path);
    return route.abort('failed');
  });
  // The browser reports each aborted chunk on the console; that is the simulated failure.
  pageErrors.allow(/console\.error: Failed to load resource: net::ERR_FAILED/);
  return aborted;
}

/** Counts page loads from now on (requests for the HTML document: visits and reloads). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

/** Fails the test if any dialog (alert, confirm...) opens. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** The retry screen is up; after the chunks come back, 다시 시도 loads the history page. */
async function expectRetryScreenThatRecovers(page: Page, loadsSoFar: () => number) {
  const loadsBefore = loadsSoFar();
  const retry = page.getByRole('button', { name: '다시 시도' });
  await expect(retry).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(CHUNK_ERROR));
  // The error screen sits in the site layout (RouteError withLayout), so the visitor can go
  // elsewhere and the skip link has its target.
  await expect(page.getByRole('navigation', { name: '주 메뉴' }), 'the site menu around the retry screen').toBeVisible();
  await expect(page.locator('main#main-content'), 'the main landmark around the retry screen').toHaveCount(1);

  await page.unroute('**/assets/*.js');
  await retry.click();
  await expect(page.locator('h1')).not.toHaveText(CHUNK_ERROR);
  await expect(page.locator('h1')).toContainText('연혁');
  await expect(page).toHaveURL(/\/nids\/history$/);
  await expect(retry).toHaveCount(0);
  expect(loadsSoFar(), '다시 시도 reloads the page once').toBe(loadsBefore + 1);
}

test.describe('a screen whose code fails to load', () => {
  test('opened from the menu: one automatic reload, then "화면을 불러오지 못했습니다" with 다시 시도, which recovers', async ({
    page,
    pageErrors,
  }) => {
    const dialogs = watchDialogs(page);
    const aborted = await failNewChunks(page, pageErrors);
    const loads = countDocumentLoads(page);

    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await nav.getByRole('button', { name: '기관소개', exact: true }).click();
    await nav.getByRole('link', { name: '연혁', exact: true }).click();

    // The automatic reload must load the screen that was asked for, not the page clicked from.
    await expect(page, 'the reload opens /nids/history').toHaveURL(/\/nids\/history$/);
    await expect(page.locator('h1')).toHaveText(CHUNK_ERROR);
    expect(aborted.length, 'the history chunk was requested and failed').toBeGreaterThan(0);
    expect(loads(), 'exactly one automatic reload').toBe(1);
    await expectRetryScreenThatRecovers(page, loads);
    expect(dialogs, 'no alert or other dialog').toEqual([]);
  });

  test('opened directly: one automatic reload, then the retry screen, which recovers', async ({ page, pageErrors }) => {
    const dialogs = watchDialogs(page);
    const aborted = await failNewChunks(page, pageErrors);
    const loads = countDocumentLoads(page);

    await page.goto('/nids/history');
    await expect(page.locator('h1')).toHaveText(CHUNK_ERROR);
    expect(aborted.length, 'the history chunk was requested and failed').toBeGreaterThan(0);
    expect(loads(), 'the visit plus exactly one automatic reload').toBe(2);
    await expectRetryScreenThatRecovers(page, loads);
    expect(dialogs, 'no alert or other dialog').toEqual([]);
  });
});
