import { adminPaths } from '@contract';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { ADMIN, openSignedIn, uniqueSuffix } from './support/accounts';
import { checkScreen, SCREEN_WIDTHS } from './support/screen-check';

/**
 * The site search (issue 23) in Chromium against the real server: the header's field at a desktop
 * width and inside the full menu at 360 px opens /search with the matched words in <mark>; the
 * group links say which is current; the console's 인기 검색어 screen hides a term staff do not want
 * shown, and the public list follows.
 */
const phone = SCREEN_WIDTHS.find((v) => v.width < 768)!;
const desktop = SCREEN_WIDTHS.find((v) => v.width >= 1024)!;

test.describe('the header field at 1280 px', () => {
  test.use({ viewport: desktop });

  test('opens the search with marked results, the group links and a group tab', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('search', { name: '통합검색' }).getByRole('combobox', { name: '통합검색 검색어' });
    await field.fill('환자');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=%ED%99%98%EC%9E%90$/);
    await expect(page.locator('h1')).toHaveText('통합검색');
    await expect(page.locator('main mark').first()).toHaveText('환자');
    const tabs = page.getByRole('navigation', { name: '검색 결과 분류' });
    await expect(tabs.getByRole('link', { name: /^통합/ })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: /^공지·자료/ }).click();
    await expect(page).toHaveURL(/group=notice/);
    await expect(tabs.getByRole('link', { name: /^공지·자료/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main .search-result').first()).toBeVisible();
  });

  test('shows the popular terms under the empty field, chosen with the arrow keys and Enter', async ({ page, request }) => {
    // A term four browsers asked for this week: among the popular ones whatever else this run searched.
    const term = `유방보형물${uniqueSuffix().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    for (const n of [1, 2, 3, 4]) {
      const res = await request.get(`/api/search?keyword=${encodeURIComponent(term)}`, { headers: { 'user-agent': `e2e popular ${n}` } });
      expect(res.status()).toBe(200);
    }
    await page.goto('/');
    const field = page.getByRole('search', { name: '통합검색' }).getByRole('combobox', { name: '통합검색 검색어' });
    await field.focus();
    const list = page.getByRole('listbox', { name: '인기 검색어 (최근 7일)' });
    await expect(list.getByRole('option', { name: new RegExp(term) })).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page, 'the header field with its popular terms open');
    const options = await list.getByRole('option').allTextContents();
    const at = options.findIndex((text) => text.includes(term));
    for (let i = 0; i <= at; i++) await field.press('ArrowDown');
    await expect(list.getByRole('option', { name: new RegExp(term) })).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${encodeURIComponent(term)}$`));
    await expect(page.locator('h1')).toHaveText('통합검색');
  });
});

test.describe('the header field at 360 px', () => {
  test.use({ viewport: phone, hasTouch: true });

  test('is inside the full menu and opens the search', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '전체 메뉴' }).tap();
    const field = page.getByRole('navigation', { name: '주 메뉴' }).getByRole('combobox', { name: '통합검색 검색어' });
    await expect(field).toBeVisible();
    await field.fill('등록');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=/);
    await expect(page.locator('main mark').first()).toHaveText('등록');
  });
});

test('staff hide a popular term in the console; the public list drops it', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  // Letters only: a run of digits could look like a phone number, which is never counted.
  const term = `인공관절${uniqueSuffix().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  // Counted once per visitor: three browsers (user agents) search it.
  for (const n of [1, 2, 3]) {
    const res = await request.get(`/api/search?keyword=${encodeURIComponent(term)}`, { headers: { 'user-agent': `e2e search ${n}` } });
    expect(res.status()).toBe(200);
  }
  await openSignedIn(page, ADMIN.userId, ADMIN.password, adminPaths.popularSearches);
  await expect(page.getByRole('heading', { level: 1, name: '인기 검색어 관리' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(term) });
  await expect(row).toContainText('3명');
  await checkScreen(page, testInfo, 'admin-popular-searches');
  await row.getByRole('button', { name: `숨기기 : ${term}` }).click();
  await expect(page.getByRole('region', { name: '인기 검색어 관리' }).getByRole('status')).toContainText('인기 검색어에서 숨겼습니다.');
  await expect(row).toContainText('숨김');
  const popular = (await (await request.get('/api/search/popular')).json()) as { data: { terms: string[] } };
  expect(popular.data.terms).not.toContain(term.toLowerCase());
  await row.getByRole('button', { name: `다시 보이기 : ${term}` }).click();
  await expect(row).toContainText('보임');
});
