import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, BoardItem, BoardItemComment, BoardItemPage } from '@contract';
import { board as boardTable, siteSetting } from '../../db/schema';
import { body, createTestApp, data, openSecondInstance, type TestApp } from '../../test/harness';
import { createBoardItem } from '../../test/factories';
import { guestCaller } from '../../auth/caller';
import { guestPostAnswer, type GuestPost } from './guest-reads';
import { statementsDuring, waitUntil } from '../../test/observe';

/**
 * The guest cache of the board read paths (issue 8): every write is visible on the next read,
 * private posts never reach the cache, ETag/304, and invalidation across instances via NOTIFY.
 */

let t: TestApp;

beforeAll(async () => {
  // Long view flushes: a flush in the middle would invalidate boards and blur the query counts.
  t = await createTestApp({ env: { VIEW_FLUSH_SECONDS: '3600' } });
  // Comments on a board guests read, so a comment's effect on cached answers can be seen.
  await t.db.update(boardTable).set({ useComments: true }).where(eq(boardTable.boardCode, 'public'));
});

afterAll(async () => {
  await t?.close();
});

const guest = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });
const as = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
const send = (opts: InjectOptions) => t.app.inject(opts);
const listUrl = (code: string) => `/api/board-item?boardCode=${code}&size=50`;
const titles = (page: BoardItemPage) => page.content.map((i) => i.title);

describe('a guest read from the cache', () => {
  let itemNo = 0;

  beforeAll(async () => {
    itemNo = (await createBoardItem(t.db, { boardCode: 'public', title: '캐시 시험 글' })).itemNo;
  });

  it('costs no database round trip the second time (list, search, board), and for a post the third: kept when asked again', async () => {
    const post = `/api/board-item/public/${itemNo}`;
    const urls = [listUrl('public'), post, '/api/board/public'];
    for (const url of urls) expect((await guest(url)).statusCode).toBe(200);
    const search = { method: 'POST' as const, url: '/api/board-item/search', payload: { boardCode: 'public', size: 50 } };
    expect((await send(search)).statusCode).toBe(200);
    // Any post is mostly asked for once (docs/decisions/0040): its first answer was sent, not kept.
    const secondOfPost = await statementsDuring(t.db, async () => expect((await guest(post)).statusCode).toBe(200));
    expect(secondOfPost.length).toBeGreaterThan(0);
    const queries = await statementsDuring(t.db, async () => {
      for (const url of urls) expect((await guest(url)).statusCode).toBe(200);
      expect(data<BoardItemPage>(await send(search)).content.some((i) => i.itemNo === itemNo)).toBe(true);
    });
    expect(queries).toEqual([]);
  });

  it('a post\'s answer counts its title and excerpt against the bound, besides its body and key', async () => {
    const fresh = await createBoardItem(t.db, { boardCode: 'public', title: '메모리 계산 시험 글', content: `<p>${'본문 글자 '.repeat(100)}</p>` });
    const entry = await guestPostAnswer(t.app.deps, await guestCaller(t.app.deps), { boardCode: 'public', itemNo: fresh.itemNo });
    const { post } = entry.value as GuestPost;
    expect(post.excerpt.length).toBe(400);
    const key = `item public ${fresh.itemNo}`;
    // Two bytes a character for its body, key, title and excerpt; 256 and 128 for the objects.
    expect(entry.bytes).toBe(2 * (entry.head.length + entry.tail!.length + key.length) + 256 + 2 * (post.title.length + post.excerpt.length) + 128);
  });

  it('the GET list and the POST search share one answer', async () => {
    const viaGet = await guest('/api/board-item?boardCode=public&size=7&page=1');
    const viaPost = await send({ method: 'POST', url: '/api/board-item/search', payload: { boardCode: 'public', size: 7 } });
    expect(viaPost.body).toBe(viaGet.body);
    expect(viaPost.headers.etag).toBe(viaGet.headers.etag);
  });

  it('signed-in callers bypass it and get private answers without an ETag', async () => {
    const res = await as(t.tokens.member, listUrl('public'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Authorization/i);
    const queries = await statementsDuring(t.db, () => as(t.tokens.member, listUrl('public')));
    expect(queries.length).toBeGreaterThan(0);
  });

  it('a compressed answer decompresses to the same JSON, under the same ETag', async () => {
    for (let i = 0; i < 30; i++) await createBoardItem(t.db, { boardCode: 'safetyInformation', title: `안전성 정보 ${i}`, content: `<p>${'본문 '.repeat(40)}</p>` });
    const plain = await guest(listUrl('safetyInformation'));
    const br = await guest(listUrl('safetyInformation'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await guest(listUrl('safetyInformation'), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
  });
});

describe('every write is visible on the next read', () => {
  it('create, edit and delete of a post', async () => {
    expect(titles(data<BoardItemPage>(await guest(listUrl('notice'))))).not.toContain('새 공지');
    const created = data<BoardItem>(
      await send({ method: 'PUT', url: '/api/board-item/notice', headers: t.auth(t.tokens.admin), payload: { title: '새 공지', content: '<p>처음</p>' } }),
    );
    expect(titles(data<BoardItemPage>(await guest(listUrl('notice'))))).toContain('새 공지');
    const viewUrl = `/api/board-item/notice/${created.itemNo}`;
    expect(data<BoardItem>(await guest(viewUrl)).content).toBe('<p>처음</p>');

    const patch = { method: 'PATCH' as const, url: viewUrl, headers: t.auth(t.tokens.admin) };
    expect((await send({ ...patch, payload: { title: '고친 공지', content: '<p>고침</p>' } })).statusCode).toBe(200);
    expect(data<BoardItem>(await guest(viewUrl))).toMatchObject({ title: '고친 공지', content: '<p>고침</p>' });
    expect(titles(data<BoardItemPage>(await guest(listUrl('notice'))))).toContain('고친 공지');

    // Case-varied board codes reach the same cached answers, and are invalidated with them.
    expect(data<BoardItem>(await guest(`/api/board-item/Notice/${created.itemNo}`)).title).toBe('고친 공지');
    expect((await send({ method: 'DELETE', url: `/api/board-item/NOTICE/${created.itemNo}`, headers: t.auth(t.tokens.admin) })).statusCode).toBe(200);
    expect((await guest(viewUrl)).statusCode).toBe(404);
    expect((await guest(`/api/board-item/Notice/${created.itemNo}`)).statusCode).toBe(404);
    expect(titles(data<BoardItemPage>(await guest(listUrl('notice'))))).not.toContain('고친 공지');
  });

  it('a new and a deleted comment change commentCount in the list and the view', async () => {
    // Written through the API: posts inserted straight into the database are not announced.
    const { itemNo } = data<BoardItem>(
      await send({ method: 'PUT', url: '/api/board-item/public', headers: t.auth(t.tokens.admin), payload: { title: '댓글 세기', content: '<p>댓글</p>' } }),
    );
    const countIn = async () => ({
      list: data<BoardItemPage>(await guest(listUrl('public'))).content.find((i) => i.itemNo === itemNo)!.commentCount,
      view: data<BoardItem>(await guest(`/api/board-item/public/${itemNo}`)).commentCount,
    });
    expect(await countIn()).toEqual({ list: 0, view: 0 });
    const comment = data<BoardItemComment>(
      await send({ method: 'PUT', url: `/api/board-item-comment/public/${itemNo}`, headers: t.auth(t.tokens.admin), payload: { content: '관리자 댓글' } }),
    );
    expect(await countIn()).toEqual({ list: 1, view: 1 });
    const removed = await send({ method: 'DELETE', url: `/api/board-item-comment/public/${itemNo}/${comment.id}`, headers: t.auth(t.tokens.admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await countIn()).toEqual({ list: 0, view: 0 });
  });

  it('an inquiry answer reaches its writer at once; inquiries never reach guests', async () => {
    const mine = data<BoardItem>(
      await send({
        method: 'PUT', url: '/api/board-item/contactus', headers: t.auth(t.tokens.member),
        payload: { title: '등록 문의', content: '<p>어떻게 등록하나요?</p>', name: '김회원', email: 'member1@example.com', agree: true },
      }),
    );
    const url = `/api/board-item/contactus/${mine.itemNo}`;
    expect(data<BoardItem>(await as(t.tokens.member, url)).answer).toBeNull();
    const answered = await send({ method: 'PATCH', url, headers: t.auth(t.tokens.admin), payload: { answer: '회원가입 후 등록하세요.' } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(data<BoardItem>(await as(t.tokens.member, url)).answer).toBe('회원가입 후 등록하세요.');
    const listed = data<BoardItemPage>(await as(t.tokens.member, listUrl('contactus')));
    expect(listed.content.find((i) => i.itemNo === mine.itemNo)!.answeredDate).not.toBeNull();
    expect((await guest(url)).statusCode).toBe(401);
    expect((await guest(listUrl('contactus'))).statusCode).toBe(401);
  });

  it('a change of the guest role in the site settings invalidates every guest answer', async () => {
    expect((await guest(listUrl('annualReport'))).statusCode).toBe(200);
    expect((await guest('/api/board/annualReport')).statusCode).toBe(200);
    await t.db.update(siteSetting).set({ value: 'NOBODY' }).where(eq(siteSetting.key, 'roleCodeForGuest'));
    try {
      // Settings are re-read every few seconds; invalidate() is what a settings screen would call.
      t.app.deps.settings.invalidate();
      expect((await guest(listUrl('annualReport'))).statusCode).toBe(401);
      expect(data<Board>(await guest('/api/board/annualReport')).permissions.read).toBe(false);
    } finally {
      await t.db.update(siteSetting).set({ value: 'GUEST' }).where(eq(siteSetting.key, 'roleCodeForGuest'));
      t.app.deps.settings.invalidate();
    }
    expect(data<Board>(await guest('/api/board/annualReport')).permissions.read).toBe(true);
  });
});

describe('private posts never come from the guest cache', () => {
  it('a member-only post read by a member is still refused to a guest', async () => {
    const { itemNo } = await createBoardItem(t.db, { boardCode: 'memberNotice', title: '회원만 보는 안내' });
    const url = `/api/board-item/memberNotice/${itemNo}`;
    for (let i = 0; i < 2; i++) {
      expect(data<BoardItem>(await as(t.tokens.member, url)).title).toBe('회원만 보는 안내');
      expect(titles(data<BoardItemPage>(await as(t.tokens.member, listUrl('memberNotice'))))).toContain('회원만 보는 안내');
    }
    for (const res of [await guest(url), await guest(listUrl('memberNotice'))]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('회원만 보는 안내');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('a secret post on a public board: read by its writer and an admin, still 401 and masked for guests', async () => {
    const { itemNo } = await createBoardItem(t.db, {
      boardCode: 'public', title: '비밀 자료 제목', content: '<p>비밀 자료 본문</p>', isSecret: true, writerId: t.users.member, writerName: '김회원',
    });
    const url = `/api/board-item/public/${itemNo}`;
    for (const token of [t.tokens.member, t.tokens.admin]) {
      expect(data<BoardItem>(await as(token, url)).title).toBe('비밀 자료 제목');
      expect(titles(data<BoardItemPage>(await as(token, listUrl('public'))))).toContain('비밀 자료 제목');
    }
    for (let i = 0; i < 2; i++) {
      const view = await guest(url);
      expect(view.statusCode).toBe(401);
      expect(view.body).not.toContain('비밀 자료');
      const list = await guest(listUrl('public'));
      expect(data<BoardItemPage>(list).content.find((x) => x.itemNo === itemNo)!.title).toBe('비밀글입니다');
      expect(list.body).not.toContain('비밀 자료');
    }
    // The writer's own next read still shows the post: members never get the guest answer.
    expect(data<BoardItemPage>(await as(t.tokens.member, listUrl('public'))).content.find((x) => x.itemNo === itemNo)!.title).toBe('비밀 자료 제목');
  });
});

describe('ETag and 304', () => {
  it('an unchanged answer is 304 without a body; after a write it is 200 with a new ETag', async () => {
    const first = await guest(listUrl('annualReport'));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await guest(listUrl('annualReport'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Several tags, and the strong form of a weak tag, still match (weak comparison).
    expect((await guest(listUrl('annualReport'), { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);

    await send({ method: 'PUT', url: '/api/board-item/annualReport', headers: t.auth(t.tokens.admin), payload: { title: '2026 연차보고서', content: '<p>발간</p>' } });
    const changed = await guest(listUrl('annualReport'), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(titles(data<BoardItemPage>(changed))).toContain('2026 연차보고서');
  });

  it('a post view changes its ETag when a new visitor is counted, not when the same one comes back', async () => {
    const { itemNo } = await createBoardItem(t.db, { boardCode: 'annualReport', title: '조회 시험' });
    const url = `/api/board-item/annualReport/${itemNo}`;
    const visitor = { 'user-agent': 'EtagTester' };
    const first = await guest(url, visitor);
    expect(data<BoardItem>(first).viewCount).toBe(1);
    const same = await guest(url, { ...visitor, 'if-none-match': String(first.headers.etag) });
    expect(same.statusCode).toBe(304);
    const other = await guest(url, { 'user-agent': 'AnotherTester', 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(data<BoardItem>(other).viewCount).toBe(2);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('a post view goes in br first, then in gzip stitched around each new visitor\'s count; in br to a client that takes br alone', async () => {
    const content = `<p>${'인체이식형 의료기기 환자등록 안내 '.repeat(80)}</p>`;
    const { itemNo } = await createBoardItem(t.db, { boardCode: 'annualReport', title: '압축 조회 시험', content });
    const url = `/api/board-item/annualReport/${itemNo}`;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const read = (payload: Buffer, encoding: unknown) =>
      JSON.parse((encoding === 'gzip' ? gunzipSync(payload) : brotliDecompressSync(payload)).toString('utf8')) as { data: BoardItem };
    // Each visitor is new: each answer carries a count one higher. A post is kept when asked for
    // again (decision 0040): each answer's first send goes in br, its later ones in gzip.
    const answers: { encoding: unknown; count: number }[] = [];
    for (let visitor = 1; visitor <= 5; visitor++) {
      const res = await guest(url, { ...browser, 'user-agent': `StitchTester${visitor}` });
      const view = read(res.rawPayload, res.headers['content-encoding']);
      expect(view.data.content).toBe(content);
      answers.push({ encoding: res.headers['content-encoding'], count: view.data.viewCount });
    }
    expect(answers.map((a) => a.count)).toEqual([1, 2, 3, 4, 5]);
    expect(answers.map((a) => a.encoding)).toEqual(['br', 'br', 'gzip', 'gzip', 'gzip']);
    const br = await guest(url, { 'accept-encoding': 'br', 'user-agent': 'StitchTester6' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(read(br.rawPayload, 'br').data.viewCount).toBe(6);
  });

  it('a 304 compresses nothing: the kept levels are made by the next send of a body', async () => {
    // A list long enough to be compressed (1 KB and more).
    for (let i = 0; i < 8; i++) await createBoardItem(t.db, { boardCode: 'safetyInformation', title: `압축 시험 안전성 정보 ${i}번째 글의 제목` });
    const br = { 'accept-encoding': 'br' };
    const first = await guest(listUrl('safetyInformation'), br);
    expect(first.headers['content-encoding']).toBe('br');
    const { cache } = t.app.deps.boardCaching;
    const compressed = vi.spyOn(cache, 'compressed');
    try {
      const notModified = await guest(listUrl('safetyInformation'), { ...br, 'if-none-match': String(first.headers.etag) });
      expect(notModified.statusCode).toBe(304);
      expect(compressed).not.toHaveBeenCalled();
      const again = await guest(listUrl('safetyInformation'), br);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(compressed).toHaveBeenCalledTimes(1);
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    } finally {
      compressed.mockRestore();
    }
  });

  it('errors carry no ETag and a guest If-None-Match on them changes nothing', async () => {
    const res = await guest('/api/board-item/annualReport/99999999', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('two instances on one database', () => {
  let second: Awaited<ReturnType<typeof openSecondInstance>>;
  let other: FastifyInstance;

  beforeAll(async () => {
    second = await openSecondInstance(t);
    other = second.app;
  });

  afterAll(async () => {
    await second?.close();
  });

  const otherList = async () => titles(data<BoardItemPage>(await guest(listUrl('promotionVideo'), {}, other)));

  it('a write through one instance invalidates the other’s cache (NOTIFY)', async () => {
    const before = await otherList();
    // Served from the other instance's cache now: no database round trip.
    expect(await statementsDuring(second.db, () => otherList())).toEqual([]);
    await send({ method: 'PUT', url: '/api/board-item/promotionVideo', headers: t.auth(t.tokens.admin), payload: { title: '다른 인스턴스에서 쓴 글', content: '<p>영상</p>' } });
    // Well within the cache's 10 s maximum age: only the notification can explain it.
    const after = await waitUntil(otherList, (list) => list.includes('다른 인스턴스에서 쓴 글'), 'the other instance to see the post', 3_000);
    expect(after.length).toBe(before.length + 1);
  });

  it('the LISTEN connection comes back after it is dropped, and invalidation works again', async () => {
    const bus = other.deps.boardCaching.bus;
    const pid = bus.listenerPid;
    expect(pid).not.toBeNull();
    await t.database.raw.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitUntil(async () => bus.listenerPid, (now) => now !== null && now !== pid, 'a new LISTEN connection');
    await otherList();
    await send({ method: 'PUT', url: '/api/board-item/promotionVideo', headers: t.auth(t.tokens.admin), payload: { title: '다시 이어진 뒤 쓴 글', content: '<p>영상</p>' } });
    await waitUntil(otherList, (list) => list.includes('다시 이어진 뒤 쓴 글'), 'the reconnected instance to see the post', 3_000);
  });
});
