import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import type { BoardItem, BoardItemPage, Success } from '@contract';

const require = createRequire(import.meta.url);
/** Text of post HTML as a reader sees it: the same function the server's search indexes. */
export { htmlToText as htmlText } from '@server/modules/board/search-tokens';

/**
 * The browser tests' `test`: every test fails when a page of its browser context throws an
 * uncaught error (`pageerror`) or logs a console message of type "error", unless the test
 * declares that error expected with `pageErrors.allow(/pattern/)` (an aborted chunk, a 404 the
 * screen is meant to handle; the 404 of a page that does not exist is expected by itself). Every
 * page still open at the end must be `<html lang="ko">`.
 *
 * There is no mocked backend: the server is the real one with its first-start demo seed, and
 * tests read the expected data through the same public API the screens use.
 */

export const SITE_NAME = '인체이식형 의료기기 환자등록사업';
export const NOT_FOUND_TITLE = '페이지를 찾을 수 없습니다';
export const HANGUL = /[\uac00-\ud7a3]/;

export interface PageErrors {
  /** Errors seen so far in this test, as "pageerror: ..." or "console.error: ... (url)". */
  readonly seen: readonly string[];
  /** Declares errors matching these patterns expected in this test (they no longer fail it). */
  allow(...patterns: RegExp[]): void;
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ context, baseURL }, use, testInfo) => {
      const requests = trackRequests(context);
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      context.on('weberror', (webError) => {
        const error = webError.error();
        seen.push(`pageerror: ${error.stack || error.message}`);
      });
      // Issue 23: an address that names nothing answers 404 with the app, and Chromium reports the
      // page's own status as a console error. That one is the test's to check (its status, the
      // not-found screen), so it is not an error of the page; a 404 of anything else still is.
      const notFoundPages = new Set<string>();
      context.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) notFoundPages.add(response.url());
      });
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        seen.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
      });

      await use({
        seen,
        allow: (...patterns) => {
          allowed.push(...patterns);
        },
      });
      // A failed test's requests still on their way or failed: a screen left loading says which
      // (scripts/e2e.mjs prints the file after a failed run).
      if (testInfo.status !== testInfo.expectedStatus) fs.writeFileSync(testInfo.outputPath('requests.txt'), requests.report());

      const pageNotFound = (entry: string) =>
        [...notFoundPages].some((url) => entry === `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${url})`);
      const unexpected = seen.filter((entry) => !pageNotFound(entry) && !allowed.some((pattern) => pattern.test(entry)));
      expect(unexpected, 'no script error or console error on the pages of this test').toEqual([]);

      for (const page of context.pages()) {
        if (page.isClosed() || !baseURL || !page.url().startsWith(baseURL)) continue;
        const lang = await page.locator('html').getAttribute('lang');
        expect(lang, `<html lang> of ${page.url()}`).toBe('ko');
      }
    },
    { auto: true },
  ],
});

export { expect };

const FINISHED_SHOWN = 60;

/** The requests of a browser context: those still waiting for their answer, those that failed, those answered. */
function trackRequests(context: BrowserContext): { report(): string } {
  const started = Date.now();
  const waiting = new Map<Request, number>();
  const failed: string[] = [];
  const finished: string[] = [];
  const line = (request: Request, at: number) => `${((at - started) / 1000).toFixed(1)} s ${request.method()} ${request.url()}`;
  context.on('request', (request) => waiting.set(request, Date.now()));
  context.on('requestfinished', (request) => {
    // Every one, so that a screen left loading shows whether its code was asked for at all.
    const at = waiting.get(request) ?? Date.now();
    finished.push(`${line(request, at)}, ${Date.now() - at} ms`);
    waiting.delete(request);
  });
  context.on('requestfailed', (request) => {
    failed.push(`${line(request, waiting.get(request) ?? Date.now())}: ${request.failure()?.errorText ?? 'failed'}`);
    waiting.delete(request);
  });
  return {
    report: () => {
      const now = Date.now();
      const open = [...waiting].map(([request, at]) => `${line(request, at)}, waiting ${((now - at) / 1000).toFixed(1)} s`);
      const last = finished.slice(-FINISHED_SHOWN);
      return [
        `Requests still waiting at the end (${open.length}):`,
        ...open,
        `Requests that failed (${failed.length}):`,
        ...failed,
        `Requests answered (${finished.length}${finished.length > last.length ? `, the last ${last.length}` : ''}):`,
        ...last,
        '',
      ].join('\n');
    },
  };
}

/**
 * How Chromium logs a request the server refused (4xx) as a console error. Screens that show such a
 * refusal in words declare it expected with `pageErrors.allow(REFUSED_REQUEST)`.
 */
export const REFUSED_REQUEST = /console\.error: Failed to load resource: the server responded with a status of 4\d\d/;

/** GET an API path and unwrap `{ code: 'SUCCESS', data }`, failing the test on any other answer. */
export async function apiGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  const payload = (await response.json()) as Success<T>;
  expect(payload.code, `GET ${url}`).toBe('SUCCESS');
  return payload.data;
}

/** The newest posts of a board, as the home page lists them (page 1, newest first). */
/** The home page's query (spec §7, §9): page 1, size 5, newest first, posts meant for the home page. */
export function latestItems(request: APIRequestContext, boardCode: string, size = 5): Promise<BoardItemPage> {
  const query = new URLSearchParams({ boardCode, page: '1', size: String(size), sort: 'createdDate,DESC', showItemToMain: 'true' });
  return apiGet<BoardItemPage>(request, `/api/board-item?${query}`);
}

export function getItem(request: APIRequestContext, boardCode: string, itemNo: number): Promise<BoardItem> {
  return apiGet<BoardItem>(request, `/api/board-item/${encodeURIComponent(boardCode)}/${itemNo}`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * An element whose text is exactly this title, or a title followed by other text that does not
 * continue it (so "안내 1" does not also match "안내 12").
 */
export function byTitle(scope: Page | Locator, title: string): Locator {
  return scope.getByText(new RegExp(`^\\s*${escapeRegExp(title)}(?![0-9\\p{L}])`, 'u')).first();
}

/**
 * What a page shows when a screen did not come: its address, load state, title, the start of its
 * text and the script errors seen, for a failure message (CI prints only the end of its log, not
 * the screenshot or the error context Playwright keeps).
 */
export async function describePage(page: Page, errors: readonly string[] = []): Promise<string> {
  const state = await page
    .evaluate(() => ({
      readyState: document.readyState,
      title: document.title,
      text: (document.body?.innerText ?? '(no body)').replace(/\s+/g, ' ').trim().slice(0, 300),
      scripts: document.scripts.length,
      resources: performance.getEntriesByType('resource').length,
    }))
    .catch((err: unknown) => ({ failed: String(err) }));
  return [`page ${page.url()}: ${JSON.stringify(state)}`, ...errors.map((e) => `  ${e.slice(0, 300)}`)].join('\n');
}

/** The page's main heading, checked visible and not the not-found screen; returns its text. */
export async function expectScreen(page: Page, what = page.url()): Promise<string> {
  const h1 = page.locator('h1').first();
  await expect(h1, `an <h1> on ${what}`).toBeVisible();
  const heading = (await h1.innerText()).trim();
  expect(heading, `the <h1> of ${what} is not the not-found screen`).not.toContain(NOT_FOUND_TITLE);
  return heading;
}

/** `<html lang="ko">` and a Korean `<title>` that is not the not-found one. */
export async function expectKoreanDocument(page: Page, what = page.url()): Promise<string> {
  await expect(page.locator('html'), `<html lang> on ${what}`).toHaveAttribute('lang', 'ko');
  await expect(page, `a Korean <title> on ${what}`).toHaveTitle(HANGUL);
  await expect(page, `the <title> of ${what} is not the not-found one`).not.toHaveTitle(new RegExp(NOT_FOUND_TITLE));
  return page.title();
}

/** KWCAG 2.2: the WCAG 2.0, 2.1 and 2.2 A and AA rules axe knows. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's script, read once per worker and put into a page only when it has none. */
let axeSource: string | undefined;

/**
 * axe's WCAG 2.0/2.1/2.2 A and AA violations of any impact on the page as it is, one line each with
 * up to ten of its elements.
 *
 * axe runs in the page and sends back only the lines (@axe-core/playwright sent back every result
 * list, the incomplete and inapplicable ones too, and injected axe again for every check: 0.4 s more
 * a check on a busy machine, over some 250 checks a run). Same-origin frames are not walked: the
 * only frames here are other sites' video players, whose element (title) is checked in the page.
 */
export async function a11yViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return results.violations.map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 10)
          .map((node) => `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
          .join('\n'),
    );
  }, AXE_TAGS);
}

/** Runs axe (WCAG 2.0/2.1/2.2 A and AA) and fails on any violation of any impact, listing them. */
export async function expectNoA11yViolations(page: Page, what = page.url()): Promise<void> {
  expect(await a11yViolations(page), `axe: WCAG 2.2 A/AA violations on ${what}`).toEqual([]);
}
