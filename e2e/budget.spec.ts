import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { paths, screenModules } from '@contract';
import { expect, latestItems, test } from './fixtures';

/**
 * Issue 11, "Phones and first load": what a reader's first visit costs, read from the browser
 * (Resource Timing's transferSize: the bytes that came over the wire, compressed, headers
 * included) in a fresh browser context, so nothing comes from a cache.
 *
 * - The home page: at most 150 KB of JavaScript, at most 300 KB of everything but fonts.
 * - The home page, a list and a post each load their own screen's chunk and no other screen's.
 * - No reader screen loads the editor (TipTap / ProseMirror) or the console (web/src/features/admin).
 * - Nor zod with the contract's schemas: these screens build no schema, and building them all cost
 *   the list and the post 50-100 ms of script evaluation (times four on Lighthouse's phone).
 * - The server names each of these screens' chunks in its HTML (server/modules/seo/first-load.ts)
 *   and sends the API answers their first render needs with it (first-data.ts): no API call.
 * - No reader screen trips the Content Security Policy (a violation is an Issues-panel finding
 *   that costs the Lighthouse best-practices score).
 *
 * The chunks are named from the build the server serves (dist/web): Vite's manifest says which
 * file is which screen, and the editor's chunks are the ones holding ProseMirror's code.
 */

const KB = 1024;
const HOME_JS_BUDGET = 150 * KB;
const HOME_TOTAL_BUDGET = 300 * KB;

const distDir = fileURLToPath(new URL('../dist/web', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files a chunk loads before it runs: its own and those of its static imports. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The reader screens measured here and the write screen (the editor's own chunk), by their modules
 * in the one list the router and the server's first-load map read (contract/screens.ts).
 */
const budgetScreens = {
  home: screenModules.home,
  list: screenModules.boardList,
  view: screenModules.boardView,
  write: screenModules.boardWrite,
} as const;

/**
 * The console's chunks: its screens' own, and every chunk only console screens load (nothing
 * outside web/src/features/admin reaches it through static imports).
 */
function adminChunks(manifest: Manifest): Set<string> {
  const isAdmin = (chunk: ManifestChunk) => chunk.src?.startsWith('src/features/admin/') ?? false;
  const roots = Object.keys(manifest).filter((k) => manifest[k]!.isEntry || manifest[k]!.isDynamicEntry);
  const admin = new Set<string>();
  const elsewhere = new Set<string>();
  for (const key of roots) closure(manifest, key, isAdmin(manifest[key]!) ? admin : elsewhere);
  return new Set([...admin].filter((file) => !elsewhere.has(file)));
}

/** The editor's chunks: the write screen's own, and any JavaScript file holding ProseMirror's code. */
function editorChunks(manifest: Manifest): Set<string> {
  const assets = path.join(distDir, 'assets');
  const holdingProseMirror = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js') && /ProseMirror/.test(fs.readFileSync(path.join(assets, name), 'utf8')))
    .map((name) => `assets/${name}`);
  return new Set([manifest[budgetScreens.write]!.file, ...holdingProseMirror]);
}

/**
 * The chunks holding zod's code (its classes keep their names as strings: `$ZodObject`), with the
 * contract's schemas built from it: the `schemas` chunk of vite.config.ts, or wherever they go.
 */
function zodChunks(): Set<string> {
  const assets = path.join(distDir, 'assets');
  return new Set(
    fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(assets, name), 'utf8').includes('$ZodObject'))
      .map((name) => `assets/${name}`),
  );
}

interface Transfer {
  /** Path of the URL (with the query for API calls). */
  path: string;
  kind: 'document' | 'script' | 'style' | 'font' | 'data' | 'other';
  /** Bytes over the wire: compressed body and headers. */
  bytes: number;
}

function kindOf(pathname: string): Transfer['kind'] {
  if (pathname.startsWith('/api/')) return 'data';
  if (/\.m?js$/.test(pathname)) return 'script';
  if (/\.css$/.test(pathname)) return 'style';
  if (/\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return 'other';
}

/**
 * Opens `url` in this test's fresh page and waits until the screen is shown and the network has
 * been quiet; returns every transfer of the load, the document first.
 */
async function firstLoad(page: Page, url: string, heading: string): Promise<Transfer[]> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.locator('main h1')).toContainText(heading);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
      name: e.name,
      bytes: (e as PerformanceResourceTiming).transferSize,
      navigation: e.entryType === 'navigation',
    })),
  );
  return entries.map(({ name, bytes, navigation }) => {
    const u = new URL(name);
    return { path: u.pathname + (u.pathname.startsWith('/api/') ? u.search : ''), kind: navigation ? 'document' : kindOf(u.pathname), bytes };
  });
}

const sum = (transfers: Transfer[]) => transfers.reduce((n, t) => n + t.bytes, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The biggest transfers first, for a failing budget's message. */
function biggest(transfers: Transfer[], count = 8): string {
  return [...transfers]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((t) => `${t.path} ${kb(t.bytes)}`)
    .join(', ');
}

const fileOf = (transfer: Transfer) => transfer.path.replace(/^\//, '');

/** The newest notice, the post a reader most likely opens. */
async function newestNotice(request: APIRequestContext): Promise<{ itemNo: number; title: string }> {
  const { content } = await latestItems(request, 'notice', 1);
  return content[0]!;
}

test.describe('first load of the reader screens', () => {
  test('the home page stays within 150 KB of JavaScript and 300 KB before fonts, over the wire', async ({ page }) => {
    const transfers = await firstLoad(page, paths.home, '');
    const scripts = transfers.filter((t) => t.kind === 'script');
    const withoutFonts = transfers.filter((t) => t.kind !== 'font');
    expect(transfers[0]?.kind, 'the document is measured').toBe('document');
    expect(scripts.length, 'scripts were measured').toBeGreaterThan(0);
    // A transfer size of 0 would mean a cache answered and nothing was measured.
    expect(scripts.filter((t) => t.bytes === 0).map((t) => t.path), 'every script came over the wire').toEqual([]);

    expect(
      sum(scripts),
      `home page JavaScript over the wire: ${kb(sum(scripts))} in ${scripts.length} files (budget ${kb(HOME_JS_BUDGET)}); biggest: ${biggest(scripts)}`,
    ).toBeLessThanOrEqual(HOME_JS_BUDGET);
    expect(
      sum(withoutFonts),
      `home page over the wire, fonts aside: ${kb(sum(withoutFonts))} in ${withoutFonts.length} requests (budget ${kb(HOME_TOTAL_BUDGET)}); biggest: ${biggest(withoutFonts)}`,
    ).toBeLessThanOrEqual(HOME_TOTAL_BUDGET);
  });

  const screens = [
    { name: 'the home page', module: budgetScreens.home, url: async () => paths.home, heading: '' },
    { name: 'the notice list', module: budgetScreens.list, url: async () => paths.boardList('Nids', 'notice'), heading: '공지사항' },
    {
      name: 'a notice',
      module: budgetScreens.view,
      url: async (request: APIRequestContext) => paths.boardView('Nids', 'notice', (await newestNotice(request)).itemNo),
      heading: async (request: APIRequestContext) => (await newestNotice(request)).title,
    },
  ];

  for (const screen of screens) {
    test(`${screen.name} loads its own chunk, named in its HTML, no API call, and neither the editor, the console nor zod`, async ({ page, request }) => {
      const manifest = readManifest();
      const url = await screen.url(request);
      const heading = typeof screen.heading === 'function' ? await screen.heading(request) : screen.heading;
      const transfers = await firstLoad(page, url, heading);
      const loaded = new Set(transfers.filter((t) => t.kind === 'script').map(fileOf));
      const own = manifest[screen.module]!.file;

      expect([...loaded], `${screen.name} loads its own chunk ${own}`).toContain(own);
      const otherScreens = Object.values(budgetScreens)
        .filter((m) => m !== screen.module)
        .map((m) => manifest[m]!.file);
      expect(otherScreens.filter((file) => loaded.has(file)), `other screens' chunks loaded by ${screen.name}`).toEqual([]);

      const editor = editorChunks(manifest);
      const admin = adminChunks(manifest);
      const zod = zodChunks();
      expect(editor.size, 'the editor chunks were found in the build').toBeGreaterThan(0);
      expect(admin.size, 'the console chunks were found in the build').toBeGreaterThan(0);
      // The write screen builds its form's schema: zod is in the build, just not on this screen.
      expect([...closure(manifest, budgetScreens.write)].filter((file) => zod.has(file)), 'the write screen loads zod').not.toEqual([]);
      const scripts = transfers.filter((t) => t.kind === 'script');
      expect(
        scripts.filter((t) => editor.has(fileOf(t))).map((t) => `${t.path} ${kb(t.bytes)}`),
        `editor (TipTap) chunks loaded by ${screen.name}; its scripts: ${biggest(scripts, 20)}`,
      ).toEqual([]);
      expect(
        scripts.filter((t) => admin.has(fileOf(t))).map((t) => `${t.path} ${kb(t.bytes)}`),
        `console chunks loaded by ${screen.name}; its scripts: ${biggest(scripts, 20)}`,
      ).toEqual([]);
      expect(
        scripts.filter((t) => zod.has(fileOf(t))).map((t) => `${t.path} ${kb(t.bytes)}`),
        `chunks with zod and the contract's schemas loaded by ${screen.name} (a contract constant imported from a module that builds schemas?); its scripts: ${biggest(scripts, 20)}`,
      ).toEqual([]);

      // The answers the first render needs came with the HTML (server/modules/seo/first-data.ts).
      expect(
        transfers.filter((t) => t.kind === 'data').map((t) => t.path),
        `API calls of ${screen.name} on a first load (its first answers should come with the HTML)`,
      ).toEqual([]);

      // The server's HTML names the screen's chunk, so it downloads with the entry.
      const html = await (await request.get(url)).text();
      expect(html, `the HTML of ${url} preloads ${own}`).toContain(`<link rel="modulepreload" crossorigin href="/${own}" data-first-screen>`);
    });
  }

  test('a screen the server names no files for (sign-in) shows its loading line at once, not after the wait for a named screen', async ({ page }) => {
    // main.tsx holds the first render up to 3 s only when the server's own preloads are in the
    // HTML; Vite's modulepreload links for the entry are in every page and must not count.
    const own = readManifest()[screenModules.signin]!.file;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The screen's chunk held back: until it comes, the loading line is all there is to show.
    await page.route(`**/${own}`, async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript(() => {
      const seen = window as unknown as { rootFilledAt?: number };
      new MutationObserver((_, observer) => {
        if (document.getElementById('root')?.firstChild) {
          seen.rootFilledAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(paths.signin);
    expect(await page.locator('link[rel="modulepreload"]').count(), 'Vite\'s own preloads are in the page').toBeGreaterThan(0);
    await expect(page.getByRole('status').filter({ hasText: '불러오는 중입니다' })).toBeVisible();
    const afterEntry = await page.evaluate(() => {
      const filledAt = (window as unknown as { rootFilledAt?: number }).rootFilledAt ?? Infinity;
      // Module scripts run before DOMContentLoaded: the entry ran by then.
      return filledAt - (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart;
    });
    expect(afterEntry, 'ms from the entry running to the first render').toBeLessThan(1500);
    release();
    await expect(page.locator('main h1')).toContainText('로그인');
  });

  test('no reader screen trips the Content Security Policy', async ({ page, request }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
    });
    const notice = await newestNotice(request);
    for (const [url, heading] of [
      [paths.home, ''],
      [paths.boardList('Nids', 'notice'), '공지사항'],
      [paths.boardView('Nids', 'notice', notice.itemNo), notice.title],
    ] as const) {
      await page.goto(url, { waitUntil: 'networkidle' });
      await expect(page.locator('main h1')).toContainText(heading);
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(violations, `CSP violations on ${url}`).toEqual([]);
    }
  });
});
