import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '@contract';
import { createTestApp, data, openSecondInstance, TestClock, type TestApp } from '../../test/harness';
import { createBoardItem } from '../../test/factories';
import { statementsDuring, waitUntil } from '../../test/observe';
import { fakeWebBuild, SMALL_INDEX_HTML } from '../../test/web-build';
import { PAGES_CACHE } from './page-head';

/**
 * Reader pages kept made from their parts (issue 24, page-head.ts keptPage): the second request of
 * a page reads nothing from the database and makes nothing, and a page changes on another instance
 * as soon as a part it holds does: its post, its board's list, the site settings, the menu, a
 * pop-up. Pages are read from the second instance, changes written through the first, as two
 * server processes behind one address would see them. The web build is a small fake index.html.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof openSecondInstance>>;
let web: ReturnType<typeof fakeWebBuild> | undefined;
let post: { id: number; itemNo: number };
/** The first instance's clock (the second keeps the system's): pop-ups that start with no write. */
const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000));


beforeAll(async () => {
  web = fakeWebBuild('kept-pages');
  // No view flush during a test: a flush changes the boards' answers, which would blur what changed them.
  t = await createTestApp({ clock, env: { WEB_DIST_DIR: web.dir, VIEW_FLUSH_SECONDS: '3600' } });
  second = await openSecondInstance(t);
  post = await createBoardItem(t.db, { title: '보관 페이지 공지', content: '<p>처음 본문</p>' });
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  web?.remove();
});

/** A page as a browser opens it, from the second instance, uncompressed. */
async function page(url: string, app: FastifyInstance = second.app, userAgent = 'kept-pages reader'): Promise<{ html: string; etag: string }> {
  const res = await app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'document', 'user-agent': userAgent } });
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, etag: res.headers.etag as string };
}

/** The page's first data: the answers by call id (and the popup's screen). */
function firstData(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const items = JSON.parse(json ?? '[]') as { request: { id: string }; answer: { data: unknown } }[];
  return Object.fromEntries(items.map((item) => [item.request.id, item.answer.data]));
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const admin = (method: 'PUT' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, payload, headers: t.auth(t.tokens.admin) });
const home = '/';
const list = '/Nids/notice/List/';
const view = () => `/Nids/notice/View/${post.itemNo}`;

describe('reader pages kept made from their parts (issue 24)', () => {
  it('the second request of the home page and a list page, and a post page asked for again, read nothing from the database and send the same page', async () => {
    // Any post's page is kept when asked for again (docs/decisions/0040): its first was sent, not
    // kept, and its second reads the post again, then keeps it.
    const fresh = await createBoardItem(t.db, { title: '처음 여는 공지', content: '<p>본문</p>' });
    const postPage = `/Nids/notice/View/${fresh.itemNo}`;
    // The instance's settings, guest role and board row first, as a running server holds them: with
    // them unread (this is the instance's first request), the page's two asks for the post (its
    // head's and its first data's) could each wait for a different read of them, miss each other's
    // read of the post, and keep it on its first request (a CI run did).
    await page(list);
    await page(postPage);
    expect((await statementsDuring(second.db, () => page(postPage))).length).toBeGreaterThan(0);
    for (const url of [home, list, postPage]) {
      const first = await page(url);
      const queries = await statementsDuring(second.db, async () => {
        const again = await page(url);
        expect(again.etag, url).toBe(first.etag);
        expect(again.html, url).toBe(first.html);
      });
      expect(queries, url).toEqual([]);
    }
  });

  it('a page keeps its tag on every instance of one build, and a new web build gives it a new tag and page', async () => {
    // Another build: index.html with other asset names, as a deploy makes (the server's code the same).
    const next = fakeWebBuild('kept-pages-next', SMALL_INDEX_HTML.replace('index-AbCd1234.js', 'index-EfGh5678.js'));
    const nextInstance = await openSecondInstance(t, { webDistDir: next.dir });
    try {
      for (const url of [home, list, view()]) {
        const here = await page(url);
        expect((await page(url, t.app)).etag, `${url}: the same build on the first instance`).toBe(here.etag);
        const built = await page(url, nextInstance.app);
        expect(built.etag, `${url}: the new build`).not.toBe(here.etag);
        expect(built.html, url).toContain('index-EfGh5678.js');
        // Asked again there, it is the new build's page that is kept and sent.
        expect((await page(url, nextInstance.app)).etag, url).toBe(built.etag);
      }
    } finally {
      await nextInstance.close();
      next.remove();
    }
  });

  it('a kept page found again by its address alone: the cache is asked for its shortcut and the page, for no part', async () => {
    for (const url of [home, list, view()]) {
      // Twice: a post's page is kept when asked for again (docs/decisions/0040).
      await page(url);
      await page(url);
      const { cache } = second.app.deps.boardCaching;
      const get = vi.spyOn(cache, 'get');
      const answer = vi.spyOn(cache, 'answer');
      try {
        await page(url);
        expect(get.mock.calls.map(([key]) => key.split(' ')[0]), url).toEqual(['shortcut', 'page']);
        expect(answer, url).not.toHaveBeenCalled();
      } finally {
        get.mockRestore();
        answer.mockRestore();
      }
    }
  });

  it('a kept page never compressed yet answers its encoding\'s tag with 304, compressing nothing', async () => {
    // Made and kept by a request that takes no compression: the entry holds no compressed bytes.
    const url = '/Nids/notice/List/?never-compressed=1';
    const open = (headers: Record<string, string>) => second.app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'document', ...headers } });
    const plain = await open({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    // Its tag in brotli is decided by its size alone (decision 0036: a tag per encoding).
    const brTag = String(plain.headers.etag).replace(/"$/, '-br"');
    const { cache } = second.app.deps.boardCaching;
    const compressed = vi.spyOn(cache, 'compressed');
    try {
      const notModified = await open({ 'accept-encoding': 'br', 'if-none-match': brTag });
      expect(notModified.statusCode).toBe(304);
      expect(compressed).not.toHaveBeenCalled();
      const whole = await open({ 'accept-encoding': 'br' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers.etag).toBe(brTag);
      expect(whole.headers['content-encoding']).toBe('br');
      expect(compressed).toHaveBeenCalledTimes(1);
    } finally {
      compressed.mockRestore();
    }
  });

  it('a page made while one of its parts could not be read is sent, but found again by its parts, not by a shortcut', async () => {
    const url = '/?made-degraded=1';
    const { cache } = second.app.deps.boardCaching;
    const real = cache.answer.bind(cache);
    const answer = vi
      .spyOn(cache, 'answer')
      .mockImplementation((key, board, read) => (key.startsWith('popup') ? Promise.reject(new Error('connection lost (test)')) : real(key, board, read)));
    try {
      expect(firstData((await page(url)).html)['popup.active']).toBeUndefined();
    } finally {
      answer.mockRestore();
    }
    // The database back: the next request reads the parts again and the page has its pop-ups.
    expect(firstData((await page(url)).html)['popup.active']).toBeDefined();
  });

  it('a pop-up whose start comes with no write: the kept home page carries it from that moment (its part ends then)', async () => {
    const titles = (html: string) => (firstData(html)['popup.active'] as { content: { title: string }[] }).content.map((p) => p.title);
    const popup = {
      title: '때가 되면 여는 팝업',
      body: '<p>예정된 안내</p>',
      // Within the cache's age limit (board/caching.ts, 10 s), which would end the page's parts anyway.
      startsAt: new Date(clock.now().getTime() + 5_000).toISOString(),
      endsAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      screen: 'home',
    };
    expect((await admin('PUT', '/api/admin/popup', popup)).statusCode).toBe(200);
    // Twice: the second is the kept page, by its shortcut.
    for (let i = 0; i < 2; i++) expect(titles((await page(home, t.app)).html)).not.toContain(popup.title);
    clock.advance(5_000);
    expect(titles((await page(home, t.app)).html)).toContain(popup.title);
  });

  it('a post nobody opened since its board changed: one statement for its status, head and answer (post-facts.ts)', async () => {
    const fresh = await createBoardItem(t.db, { title: '처음 여는 공지', content: '<p>본문은 이렇게 시작합니다</p>' });
    await page(list);
    let opened = { html: '', etag: '' };
    const queries = await statementsDuring(second.db, async () => (opened = await page(`/Nids/notice/View/${fresh.itemNo}`)), (sql) => /board_item\b/.test(sql));
    expect(queries).toHaveLength(1);
    expect(titleOf(opened.html)).toContain('처음 여는 공지');
    expect(opened.html).toContain('<meta name="description" content="본문은 이렇게 시작합니다" />');
    expect(firstData(opened.html)['boardItem.view']).toMatchObject({ title: '처음 여는 공지' });
    // A link preview's request (no Sec-Fetch-Dest): the head and status alone, from the same one statement.
    const other = await createBoardItem(t.db, { title: '미리보기로 여는 공지', content: '<p>미리보기 본문</p>' });
    const preview = await statementsDuring(second.db, () => second.app.inject({ method: 'GET', url: `/Nids/notice/View/${other.itemNo}` }), (sql) => /board_item\b/.test(sql));
    expect(preview).toHaveLength(1);
  });

  it('a member\'s request makes and gets the guest\'s page: nothing of a members-only post, for the member or the guest after', async () => {
    const secret = await createBoardItem(t.db, { boardCode: 'memberNotice', title: '회원 전용 보관 글', content: '<p>회원만 읽는 본문</p>' });
    const url = `/Member/memberNotice/View/${secret.itemNo}`;
    const asMember = await second.app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'document', ...t.auth(t.tokens.member) } });
    expect(asMember.statusCode).toBe(200);
    const asGuest = await page(url);
    for (const html of [asMember.body, asGuest.html]) {
      expect(html).not.toContain('회원 전용 보관 글');
      expect(html).not.toContain('회원만 읽는 본문');
      expect(firstData(html)['boardItem.view']).toBeUndefined();
    }
    expect(asGuest.html).toBe(asMember.body);
  });

  it('new visitors see the count go up in a post\'s page that is kept once: no new page per view', async () => {
    const viewCount = (html: string) => (firstData(html)['boardItem.view'] as { viewCount: number }).viewCount;
    const before = viewCount((await page(view(), second.app, 'visitor 0')).html);
    const { entries } = second.app.deps.boardCaching.cache.size;
    for (let i = 1; i <= 5; i++) {
      const seen = await page(view(), second.app, `visitor ${i}`);
      expect(viewCount(seen.html)).toBe(before + i);
      expect(seen.etag).toMatch(new RegExp(`-${before + i}"$`));
    }
    expect(second.app.deps.boardCaching.cache.size.entries).toBe(entries);
  });

  it('a post edited through one instance: its page on the other shows the new title and text', async () => {
    const before = await page(view());
    expect(titleOf(before.html)).toContain('보관 페이지 공지');
    expect((await admin('PATCH', `/api/board-item/notice/${post.itemNo}`, { title: '고친 공지 제목', content: '<p>고친 본문</p>' })).statusCode).toBe(200);
    const after = await waitUntil(() => page(view()), (p) => titleOf(p.html)!.startsWith('고친 공지 제목'), 'the edited post on the other instance', 3_000);
    expect(after.etag).not.toBe(before.etag);
    expect(firstData(after.html)['boardItem.view']).toMatchObject({ title: '고친 공지 제목', content: '<p>고친 본문</p>' });
  });

  it('a post written on the board: its list page on the other instance has it on page 1', async () => {
    await page(list);
    expect((await admin('PUT', '/api/board-item/notice', { title: '새로 쓴 보관 공지', content: '<p>새 글</p>' })).statusCode).toBe(200);
    const titles = (html: string) => (firstData(html)['boardItem.list'] as { content: { title: string }[] }).content.map((item) => item.title);
    await waitUntil(() => page(list), (p) => titles(p.html).includes('새로 쓴 보관 공지'), 'the new post on the other instance\'s list page', 3_000);
  });

  it('the site name changed: every page on the other instance has the new name in its title and settings', async () => {
    await page(view());
    expect((await admin('PATCH', '/api/site-setting', { siteName: '보관 시험 누리집' })).statusCode).toBe(200);
    try {
      for (const url of [list, view()]) {
        const after = await waitUntil(() => page(url), (p) => titleOf(p.html)!.endsWith('| 보관 시험 누리집'), `the new name on ${url}`, 3_000);
        expect(firstData(after.html)['siteSetting.info']).toMatchObject({ siteName: '보관 시험 누리집' });
      }
    } finally {
      await admin('PATCH', '/api/site-setting', { siteName: '인체이식형 의료기기 환자등록사업' });
    }
  });

  it('the menu saved and a pop-up opened: the home page on the other instance carries both', async () => {
    await page(home);
    const menu = data<Menu>(await t.app.inject({ method: 'GET', url: '/api/menu' }));
    const items = structuredClone(menu.items);
    items[0]!.label = '보관 시험 메뉴';
    expect((await admin('PUT', '/api/admin/menu', { revision: menu.revision, items })).statusCode).toBe(200);
    await waitUntil(
      () => page(home),
      (p) => (firstData(p.html)['menu.get'] as Menu).items[0]!.label === '보관 시험 메뉴',
      'the saved menu on the other instance\'s home page',
      3_000,
    );
    const popup = {
      title: '보관 시험 팝업',
      body: '<p>점검 안내</p>',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      screen: 'home',
    };
    expect((await admin('PUT', '/api/admin/popup', popup)).statusCode).toBe(200);
    const titles = (html: string) => (firstData(html)['popup.active'] as { content: { title: string }[] }).content.map((p) => p.title);
    await waitUntil(() => page(home), (p) => titles(p.html).includes('보관 시험 팝업'), 'the new pop-up on the other instance\'s home page', 3_000);
  });

  it('a post\'s page nobody asked for lately goes in gzip stitched from its pieces: the page made whole, under its tag, and 304 to a client holding it in either encoding', async () => {
    const fresh = await createBoardItem(t.db, { title: '처음 묻는 글', content: '<p>조각으로 잇는 본문</p>' });
    const url = `/Nids/notice/View/${fresh.itemNo}`;
    const { cache } = second.app.deps.boardCaching;
    const open = (headers: Record<string, string>) =>
      second.app.inject({ method: 'GET', url, headers: { 'sec-fetch-dest': 'document', 'user-agent': 'stitched reader', ...headers } });
    /** The page dropped and its ask forgotten, as after many other pages: the next ask is a first one again. */
    const forget = () => {
      cache.invalidate([PAGES_CACHE]);
      for (let i = 0; i < 2 * 8192 + 1; i++) cache.firstAsk(`another page ${i}`);
    };
    const stitched = await open({ 'accept-encoding': 'gzip, br' });
    expect(stitched.headers['content-encoding']).toBe('gzip');
    const gzipTag = String(stitched.headers.etag);
    expect(gzipTag).toMatch(/^W\/"[\w-]+-\d+-gzip"$/);
    // Asked again, the page is made whole and kept: the same text, the same tag but for the encoding;
    // asked a third time, it is found kept (nothing read).
    const whole = await open({ 'accept-encoding': 'identity' });
    expect(whole.body).toBe(gunzipSync(stitched.rawPayload).toString());
    expect(`${String(whole.headers.etag).slice(0, -1)}-gzip"`).toBe(gzipTag);
    expect(await statementsDuring(second.db, () => open({ 'accept-encoding': 'identity' }))).toEqual([]);
    const brTag = String((await open({ 'accept-encoding': 'br' })).headers.etag);
    expect(brTag).toBe(gzipTag.replace(/-gzip"$/, '-br"'));

    forget();
    const heldGzip = await open({ 'accept-encoding': 'gzip, br', 'if-none-match': gzipTag });
    expect([heldGzip.statusCode, heldGzip.headers.etag]).toEqual([304, gzipTag]);
    forget();
    const heldBr = await open({ 'accept-encoding': 'gzip, br', 'if-none-match': brTag });
    expect([heldBr.statusCode, heldBr.headers.etag]).toEqual([304, brTag]);
    // A client that takes br alone gets the page made whole, in br, as before stitching.
    forget();
    const brAlone = await open({ 'accept-encoding': 'br' });
    expect([brAlone.statusCode, brAlone.headers['content-encoding'], brAlone.headers.etag]).toEqual([200, 'br', brTag]);
    // A client that takes no br now cannot use the br page it holds: the page, in gzip.
    forget();
    const noBr = await open({ 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect([noBr.statusCode, noBr.headers['content-encoding'], noBr.headers.etag]).toEqual([200, 'gzip', gzipTag]);
    expect(gunzipSync(noBr.rawPayload).toString()).toBe(whole.body);
  });
});
