import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { notFoundTitle } from '@contract';
import { boardItem } from '../../db/schema';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { freePort } from '../../lib/process';
import { createTestApp, openSecondInstance, type TestApp } from '../../test/harness';
import { createBoardItem } from '../../test/factories';
import { fakeWebBuild, SMALL_INDEX_HTML } from '../../test/web-build';

/**
 * Issue 23, "real 404s": an unknown screen, an unknown board (or one not in the address's area)
 * and a missing or deleted post answer 404 with the app's HTML, noindex in its head and no shared
 * copy kept; a post a guest may not read keeps today's answer, saying no more than the API says.
 * The web build is a small fake index.html, as in seo.api.test.ts.
 */
let t: TestApp;
let web: ReturnType<typeof fakeWebBuild> | undefined;

/** What a browser sends when it opens a page: its first data (the post's answer among it) goes with the page. */
const OPENS_PAGE = { 'sec-fetch-dest': 'document' };
const posts = {} as Record<'public' | 'secret' | 'deleted' | 'membersOnly', { id: number; itemNo: number }>;

beforeAll(async () => {
  web = fakeWebBuild('not-found');
  t = await createTestApp({ env: { WEB_DIST_DIR: web.dir } });
  posts.public = await createBoardItem(t.db, { title: '공개 공지' });
  posts.secret = await createBoardItem(t.db, { title: '비밀 공지', isSecret: true });
  posts.deleted = await createBoardItem(t.db, { title: '지운 공지' });
  await t.db.update(boardItem).set({ deletedAt: new Date() }).where(eq(boardItem.id, posts.deleted.id));
  posts.membersOnly = await createBoardItem(t.db, { boardCode: 'memberNotice', title: '회원 공지 글' });
});

afterAll(async () => {
  await t?.close();
  web?.remove();
});

function get(url: string, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({ method: 'GET', url, headers: { ...OPENS_PAGE, ...headers } });
}

const noindex = '<meta name="robots" content="noindex" />';

/** A 404 that is the app's page: its HTML, noindex and the Korean title, kept nowhere. */
function expectNotFoundPage(res: LightMyRequestResponse, url: string) {
  expect(res.statusCode, url).toBe(404);
  expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control'], url).toBe('no-store');
  expect(res.headers.etag, url).toBeUndefined();
  expect(res.body, url).toContain(noindex);
  expect(res.body, url).toContain(`<title>${notFoundTitle} | 인체이식형 의료기기 환자등록사업</title>`);
  // The app itself (its entry and root), so the not-found screen renders in the site's layout.
  expect(res.body, url).toContain('<div id="root"></div>');
  expect(res.body, url).toContain('/assets/index-AbCd1234.js');
  // Nothing of a page of its own: no preview tags, no canonical URL, no first data.
  expect(res.body, url).not.toMatch(/og:|rel="canonical"|id="first-data"/);
}

function expectFound(res: LightMyRequestResponse, url: string) {
  expect(res.statusCode, url).toBe(200);
  expect(res.body, url).toContain('<div id="root"></div>');
  expect(res.body, url).not.toContain('name="robots"');
}

describe('screens that do not exist answer 404 with the app', () => {
  it.each(['/nosuch', '/Account/Nowhere', '/Nids/notice', '/Nids/notice/View', '/nids/intro/more', '/admin/nosuch', '/Nids/notice/View/1/extra'])(
    'an address no route matches: %s',
    async (url) => expectNotFoundPage(await get(url), url),
  );

  it('screens match in any case and with or without a trailing slash, as the router matches them', async () => {
    for (const url of ['/', '/Account/Signin', '/ACCOUNT/SIGNIN', '/account/signin/', '/nids/INTRO', '/admin', '/admin/boards', '/TOS/Content/PrivacyContent'])
      expectFound(await get(url), url);
  });

  it.each([
    ['an unknown board\'s list', '/Nids/nosuch/List/'],
    ['an unknown board\'s post', '/Nids/nosuch/View/1'],
    ['an unknown board\'s write screen', '/Nids/nosuch/Write/NEW'],
    ['a board outside its area', '/Reference/notice/List/'],
    ['a post of a board outside its area', '/Member/notice/View/1'],
    ['a post number that is none', '/Nids/notice/View/abc'],
    ['a post number out of range', '/Nids/notice/View/99999999999'],
    ['a post that never was', '/Nids/notice/View/987654'],
    ['an edit of a post that never was', '/Nids/notice/Write/987654'],
  ])('%s: %s', async (_, url) => expectNotFoundPage(await get(url), url));

  it('a deleted post, in any spelling of its address', async () => {
    for (const url of [`/Nids/notice/View/${posts.deleted.itemNo}`, `/NIDS/NOTICE/VIEW/${posts.deleted.itemNo}/`]) expectNotFoundPage(await get(url), url);
    // The API says the same to a guest.
    expect((await t.app.inject({ method: 'GET', url: `/api/board-item/notice/${posts.deleted.itemNo}` })).statusCode).toBe(404);
  });

  it('a HEAD answers 404 as its GET, and the page goes out precompressed', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/nosuch' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    const br = await get('/Nids/notice/View/987654', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(404);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(noindex);
  });

  it('with the database out of reach, an unknown address is still a 404; a post\'s page goes out as the app (the status is a bonus)', async () => {
    const dead = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/gone`, migrate: false });
    const app = await buildApp({ db: dead.db, config: t.config, keys: t.keys });
    try {
      await app.ready();
      expectNotFoundPage(await get('/nosuch', {}, app), 'unknown, database down');
      const post = await get(`/Nids/notice/View/${posts.deleted.itemNo}`, {}, app);
      expect(post.statusCode).toBe(200);
      expect(post.body).toBe(SMALL_INDEX_HTML);
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it('API paths and missing files keep their own 404s', async () => {
    const api = await get('/api/nosuch');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const file = await get('/assets/nosuch-123.js');
    expect(file.statusCode).toBe(404);
    expect(file.body).toBe('Not Found');
  });
});

describe('posts a guest may not read keep today\'s answer', () => {
  it.each([
    ['a secret post', () => `/Nids/notice/View/${posts.secret.itemNo}`, () => `/api/board-item/notice/${posts.secret.itemNo}`],
    ['a members-only board\'s post', () => `/Member/memberNotice/View/${posts.membersOnly.itemNo}`, () => `/api/board-item/memberNotice/${posts.membersOnly.itemNo}`],
    // The API asks a guest to sign in before it looks for the post: the page says no more.
    ['a members-only board\'s post that never was', () => '/Member/memberNotice/View/987654', () => '/api/board-item/memberNotice/987654'],
    ['an inquiry that never was (inquiries are members\')', () => '/Nids/contactus/View/987654', () => '/api/board-item/contactus/987654'],
  ])('%s', async (_, page, api) => {
    expectFound(await get(page()), page());
    expect((await t.app.inject({ method: 'GET', url: api() })).statusCode).toBe(401);
  });

  it('lists and write screens of boards a guest may not use, and a live post', async () => {
    for (const url of ['/Member/memberNotice/List/', '/Member/memberNotice/Write/NEW', '/Nids/notice/Write/NEW', '/nids/contactus/write/NEW', `/Nids/notice/View/${posts.public.itemNo}`])
      expectFound(await get(url), url);
  });

  it('a signed-in member\'s browser sends no token with a page: the page is the guest\'s, the API tells the member', async () => {
    // A member may read the members' board: a missing post there is the API's 404 to the member, the screen's to show.
    const url = '/Member/memberNotice/View/987654';
    expectFound(await get(url, t.auth(t.tokens.member)), url);
    expect((await t.app.inject({ method: 'GET', url: '/api/board-item/memberNotice/987654', headers: t.auth(t.tokens.member) })).statusCode).toBe(404);
    // Where the guest's answer is 404, the member's page is too.
    expectNotFoundPage(await get(`/Nids/notice/View/${posts.deleted.itemNo}`, t.auth(t.tokens.member)), 'deleted, signed in');
  });
});

describe('a post deleted after its page and answer were cached', () => {
  it('answers 404 at once, on this instance and on a second one', async () => {
    const post = await createBoardItem(t.db, { title: '곧 지울 공지' });
    const page = `/Nids/notice/View/${post.itemNo}`;
    const second = await openSecondInstance(t);
    try {
      // Both instances send the page with the post's cached guest answer in it.
      for (const app of [t.app, second.app]) {
        const res = await get(page, {}, app);
        expectFound(res, page);
        expect(res.body).toContain('곧 지울 공지');
        expect(res.body).toContain('id="first-data"');
      }
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/board-item/notice/${post.itemNo}`, headers: t.auth(t.tokens.admin) });
      expect(removed.statusCode).toBe(200);
      for (const [name, app] of [['this instance', t.app], ['the second instance', second.app]] as const) {
        const res = await get(page, {}, app);
        expectNotFoundPage(res, name);
        expect(res.body, name).not.toContain('곧 지울 공지');
      }
    } finally {
      await second.close();
    }
  });
});

describe('the status is read once per change of the board, not per request', () => {
  it('kept in the guests\' answer cache under the board: a row changed behind the API shows with the board\'s next write', async () => {
    const post = await createBoardItem(t.db, { title: '상태를 기억할 공지' });
    const page = `/Nids/notice/View/${post.itemNo}`;
    // Views counted by the earlier pages are written now: a flush drops the board's answers as a
    // write does. These pages are not a browser's document, so they count no view of their own.
    await t.app.deps.boardCaching.views.flush();
    const quiet = { 'sec-fetch-dest': 'empty' };
    // Twice: a post's status, as its answer, is kept when asked for again (docs/decisions/0040).
    expectFound(await get(page, quiet), page);
    expectFound(await get(page, quiet), page);
    // Deleted straight in the database: nothing tells the caches, so the kept status stands (as the
    // API's kept answer does, for at most CACHE_MAX_AGE_MS).
    await t.db.update(boardItem).set({ deletedAt: new Date() }).where(eq(boardItem.id, post.id));
    expectFound(await get(page, quiet), 'kept status');
    // Any write to the board through the API drops its kept answers, the status among them.
    const other = await t.app.inject({
      method: 'PUT', url: '/api/board-item/notice', headers: t.auth(t.tokens.admin), payload: { title: '다른 공지', content: '<p>본문</p>' },
    });
    expect(other.statusCode).toBe(200);
    expectNotFoundPage(await get(page, quiet), 'after the board\'s next write');
  });
});

describe('what search engines are told to fetch', () => {
  it('every address of the sitemap is a page (200, no noindex), never a 404', async () => {
    const sitemap = await get('/sitemap.xml', { host: 'nids.example.kr' });
    expect(sitemap.statusCode).toBe(200);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
    expect(locs).toContain(`/Nids/notice/View/${posts.public.itemNo}`);
    expect(locs).not.toContain(`/Nids/notice/View/${posts.deleted.itemNo}`);
    for (const loc of locs) expectFound(await get(loc), loc);
  });
});
