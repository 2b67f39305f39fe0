import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPUP_IMAGE_ALT_MAX, popupMessages as m, type AdminPopup, type AdminPopupList, type PopupActiveList, type UploadedFile } from '@contract';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { popup, role, storedFile } from '../../db/schema';
import { recorded } from '../../test/access-records';
import { createMember, multipartBody, pngBytes } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal, expectRefusalMessage } from '../../test/refusals';
import { sessionToken } from '../../test/tokens';

const HOUR = 60 * 60 * 1000;
// On a whole second: answers give times to the second (Korea time with its offset).
const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000));
let t: TestApp;
/** Staff who open the console (ADMIN_Access) but may not manage content. */
let editorToken: string;
/** Staff of the seeded admin role, which has CONTENT_Manage. */
let contentStaffToken: string;

/** A token issued now by the test clock (the clock moves; tokens issued before it may have expired). */
const tokenOf = (userId: number) => sessionToken(t.db, t.keys, userId, clock.now());
const iso = (msFromNow: number) => new Date(clock.now().getTime() + msFromNow).toISOString();

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.db.insert(role).values({ roleCode: 'EDITOR', name: '편집자', permissions: ['ADMIN_Access', 'MEMBER_Access'] });
  const editor = await createMember(t.db, { roleCode: 'EDITOR' });
  const staff = await createMember(t.db, { roleCode: 'ADMIN' });
  editorToken = await tokenOf(editor.id);
  contentStaffToken = await tokenOf(staff.id);
});

afterAll(async () => {
  await t?.close();
});

const newPopup = (overrides: Record<string, unknown> = {}) => ({
  title: '연말 시스템 점검 안내',
  body: '<p>12월 31일 22시부터 2시간 동안 <strong>점검</strong>합니다.</p>',
  startsAt: iso(-HOUR),
  endsAt: iso(24 * HOUR),
  screen: 'home',
  ...overrides,
});

const call = (app: FastifyInstance, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token?: string | null) =>
  app.inject({ method, url, payload, headers: t.auth(token ?? undefined) });
const asAdmin = async (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => call(t.app, method, url, payload, await tokenOf(t.users.admin));
const create = async (overrides: Record<string, unknown> = {}) => data<AdminPopup>(await asAdmin('PUT', '/api/admin/popup', newPopup(overrides)));
const active = async (screen: 'home' | 'all', app: FastifyInstance = t.app) =>
  data<PopupActiveList>(await app.inject({ method: 'GET', url: `/api/popup?screen=${screen}` })).content.map((p) => p.title);
const popupCount = async () => (await t.db.select({ n: count() }).from(popup))[0]!.n;
const removeAll = async () => {
  for (const p of data<AdminPopupList>(await asAdmin('GET', '/api/admin/popup')).content) await asAdmin('DELETE', `/api/admin/popup/${p.id}`);
};

describe('who may manage pop-ups', () => {
  it.each([
    ['GET', '/api/admin/popup', undefined],
    ['PUT', '/api/admin/popup', newPopup()],
    ['PATCH', '/api/admin/popup/1', { title: '바뀜' }],
    ['DELETE', '/api/admin/popup/1', undefined],
  ] as const)('%s %s: a guest 401, a member 403, staff without CONTENT_Manage 403', async (method, url, payload) => {
    expectRefusal(await call(t.app, method, url, payload, null), 401, 'UNAUTHORIZED');
    expectRefusal(await call(t.app, method, url, payload, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await call(t.app, method, url, payload, editorToken), 403, 'FORBIDDEN');
    expect(await popupCount()).toBe(0);
  });

  it('staff of a role with CONTENT_Manage and the system admin may', async () => {
    const res = await call(t.app, 'PUT', '/api/admin/popup', newPopup({ title: '직원이 올린 팝업' }), contentStaffToken);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 'SUCCESS', message: m.created });
    expect((await asAdmin('GET', '/api/admin/popup')).statusCode).toBe(200);
    await removeAll();
  });
});

describe('creating, listing, changing and deleting', () => {
  it('creates a pop-up, lists it with its state, changes only the fields given and deletes it, each change recorded', async () => {
    let created!: AdminPopup;
    const createRecords = await recorded(t.db, async () => {
      created = await create({ linkUrl: '/nids/notice/List/' });
    });
    expect(created).toMatchObject({
      title: '연말 시스템 점검 안내',
      screen: 'home',
      linkUrl: '/nids/notice/List/',
      imageUrl: null,
      imageFileId: null,
      imageAlt: '연말 시스템 점검 안내',
      state: 'active',
    });
    expect(created.startsAt).toMatch(/\+09:00$/);
    expect(createRecords).toHaveLength(1);
    expect(createRecords[0]).toMatchObject({ action: 'POPUP_CREATE', subjectType: 'popup', subject: `#${created.id} 연말 시스템 점검 안내`, actorId: t.users.admin });

    const future = await create({ title: '예정된 팝업', startsAt: iso(2 * HOUR), endsAt: iso(3 * HOUR) });
    const ended = await create({ title: '끝난 팝업', startsAt: iso(-3 * HOUR), endsAt: iso(-2 * HOUR) });
    const list = data<AdminPopupList>(await asAdmin('GET', '/api/admin/popup')).content;
    expect(list.map((p) => [p.title, p.state])).toEqual([
      ['예정된 팝업', 'scheduled'],
      ['연말 시스템 점검 안내', 'active'],
      ['끝난 팝업', 'ended'],
    ]);

    const updateRecords = await recorded(t.db, async () => {
      const res = await asAdmin('PATCH', `/api/admin/popup/${created.id}`, { title: '점검 일정 변경 안내', linkUrl: null });
      expect(body(res)).toMatchObject({ code: 'SUCCESS', message: m.updated, data: { title: '점검 일정 변경 안내', linkUrl: null, screen: 'home' } });
    });
    expect(updateRecords).toHaveLength(1);
    expect(updateRecords[0]).toMatchObject({ action: 'POPUP_UPDATE', subjectType: 'popup', detail: expect.objectContaining({ fields: ['title', 'linkUrl'] }) });

    const deleteRecords = await recorded(t.db, async () => {
      expect(body(await asAdmin('DELETE', `/api/admin/popup/${future.id}`))).toMatchObject({ code: 'SUCCESS', message: m.deleted, data: { id: future.id } });
    });
    expect(deleteRecords.map((r) => [r.action, r.subjectType, r.subject])).toEqual([['POPUP_DELETE', 'popup', `#${future.id} 예정된 팝업`]]);
    expect(await t.db.select().from(popup).where(eq(popup.id, future.id))).toEqual([]);
    expect(ended.state).toBe('ended');
    await removeAll();
  });

  it('answers 404 for an unknown pop-up, and records nothing', async () => {
    const records = await recorded(t.db, async () => {
      expectRefusal(await asAdmin('PATCH', '/api/admin/popup/999999', { title: '없음' }), 404, 'NOT_FOUND', m.notFound);
      expectRefusal(await asAdmin('DELETE', '/api/admin/popup/999999'), 404, 'NOT_FOUND', m.notFound);
      expectRefusal(await asAdmin('DELETE', '/api/admin/popup/abc'), 400, 'BAD_REQUEST', /^팝업 번호가 올바르지 않습니다/);
    });
    expect(records).toEqual([]);
  });
});

describe('bad input is refused with a Korean sentence and nothing saved', () => {
  it.each([
    ['an end before the start', { startsAt: iso(2 * HOUR), endsAt: iso(HOUR) }, m.endBeforeStart, 'endsAt'],
    ['an end equal to the start', { startsAt: iso(HOUR), endsAt: iso(HOUR) }, m.endBeforeStart, 'endsAt'],
    ['a start that is no date', { startsAt: '2026-13-40T25:00' }, m.startsAtInvalid, 'startsAt'],
    ['an end without its offset', { endsAt: '2026-12-31T23:00:00' }, m.endsAtInvalid, 'endsAt'],
    ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, m.linkInvalid, 'linkUrl'],
    ['a data: link', { linkUrl: 'data:text/html,<script>alert(1)</script>' }, m.linkInvalid, 'linkUrl'],
    ['a link that leaves the site by //', { linkUrl: '//evil.example/x' }, m.linkInvalid, 'linkUrl'],
    ['an ftp link', { linkUrl: 'ftp://example.com/file' }, m.linkInvalid, 'linkUrl'],
    ['an empty title', { title: '   ' }, m.titleRequired, 'title'],
    ['an unknown screen', { screen: 'board' }, m.screenInvalid, 'screen'],
    ['an image that was never uploaded', { imageFileId: '00000000-0000-4000-8000-000000000000' }, m.imageNotFound, 'imageFileId'],
    ['an image text alternative over 1000 characters', { imageAlt: '가'.repeat(POPUP_IMAGE_ALT_MAX + 1) }, m.imageAltTooLong, 'imageAlt'],
  ])('%s', async (_, overrides, message, field) => {
    const records = await recorded(t.db, async () => {
      const res = await asAdmin('PUT', '/api/admin/popup', newPopup(overrides));
      expectRefusal(res, 400, 'BAD_REQUEST');
      expect(body<{ message: string; field: string }>(res)).toMatchObject({ field });
      expect(body<{ message: string }>(res).message.startsWith(message)).toBe(true);
    });
    expect(records).toEqual([]);
    expect(await popupCount()).toBe(0);
  });

  it('a body over 1 MB', async () => {
    const res = await asAdmin('PUT', '/api/admin/popup', newPopup({ body: `<p>${'가'.repeat(400_000)}</p>` }));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body<{ message: string }>(res).message).toMatch(/[가-힣]/);
    expect(await popupCount()).toBe(0);
  });

  it('a change whose end falls before the kept start, and an empty change', async () => {
    const p = await create();
    expectRefusal(await asAdmin('PATCH', `/api/admin/popup/${p.id}`, { endsAt: iso(-2 * HOUR) }), 400, 'BAD_REQUEST', m.endBeforeStart);
    expectRefusal(await asAdmin('PATCH', `/api/admin/popup/${p.id}`, { linkUrl: 'javascript:void(0)' }), 400, 'BAD_REQUEST');
    expectRefusal(await asAdmin('PATCH', `/api/admin/popup/${p.id}`, {}), 400, 'BAD_REQUEST', m.nothingToChange);
    const [row] = await t.db.select().from(popup).where(eq(popup.id, p.id));
    expect(row!.endsAt.toISOString()).toBe(new Date(p.endsAt).toISOString());
    expect(row!.linkUrl).toBeNull();
    await removeAll();
  });

  it('accepts a site path and an https link', async () => {
    expect((await create({ linkUrl: '/nids/intro' })).linkUrl).toBe('/nids/intro');
    expect((await create({ linkUrl: 'https://www.mfds.go.kr/' })).linkUrl).toBe('https://www.mfds.go.kr/');
    expect((await create({ linkUrl: '' })).linkUrl).toBeNull();
    await removeAll();
  });
});

describe('the body goes through the posts\' allow-list', () => {
  it('removes scripts, event handlers and javascript:/data: links, in the console and for visitors', async () => {
    const p = await create({
      body:
        '<p onclick="alert(1)">안내<script>alert(2)</script></p><img src="x" onerror="alert(3)">' +
        '<a href="javascript:alert(4)">링크</a><a href="data:text/html,x">데이터</a><iframe src="https://evil.example"></iframe><a href="/nids/intro">소개</a>',
    });
    for (const html of [p.body, data<PopupActiveList>(await t.app.inject({ method: 'GET', url: '/api/popup?screen=home' })).content[0]!.body]) {
      expect(html).not.toMatch(/<script|onclick|onerror|javascript:|data:text|<iframe/i);
      expect(html).toContain('안내');
      expect(html).toContain('href="/nids/intro"');
    }
    await removeAll();
  });
});

describe('GET /api/popup: the active ones for a screen', () => {
  it('home shows the home-only and every-screen ones, other screens only the every-screen ones; none scheduled or ended', async () => {
    await create({ title: '첫 화면 팝업', screen: 'home' });
    await create({ title: '모든 화면 팝업', screen: 'all', startsAt: iso(-2 * HOUR) });
    await create({ title: '예정 팝업', screen: 'all', startsAt: iso(HOUR), endsAt: iso(2 * HOUR) });
    await create({ title: '종료 팝업', screen: 'home', startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) });
    expect(await active('home')).toEqual(['첫 화면 팝업', '모든 화면 팝업']);
    expect(await active('all')).toEqual(['모든 화면 팝업']);
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/popup?screen=board' }), 400, 'BAD_REQUEST', new RegExp(`^${m.screenInvalid.replace(/[()]/g, '\\$&')}`));
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/popup' }), 400, 'BAD_REQUEST');
    await removeAll();
  });

  it('is the same cached answer for guests and members: an ETag, no-cache, a 304', async () => {
    await create({ title: '캐시 팝업' });
    const first = await t.app.inject({ method: 'GET', url: '/api/popup?screen=home' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/popup?screen=home', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const asMember = await t.app.inject({ method: 'GET', url: '/api/popup?screen=home', headers: t.auth(t.tokens.member) });
    expect(asMember.body).toBe(first.body);
    expect(asMember.headers['cache-control']).toMatch(/private, no-store/);
    await removeAll();
  });
});

describe('an image, uploaded as an editor image', () => {
  async function uploadImage(token: string): Promise<UploadedFile> {
    const b = multipartBody('notice.png', await pngBytes(), { contentType: 'image/png' });
    return data<UploadedFile>(await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: b.payload, headers: { ...b.headers, ...t.auth(token) } }));
  }

  it('is shown to guests while its pop-up exists, with the title as its text, and goes with it', async () => {
    const image = await uploadImage(await tokenOf(t.users.admin));
    expect((await t.app.inject({ method: 'GET', url: `/api/file/${image.id}` })).statusCode).toBe(404);
    const p = await create({ imageFileId: image.id });
    expect(p).toMatchObject({ imageFileId: image.id, imageUrl: `/api/file/${image.id}`, imageAlt: p.title });
    const guest = await t.app.inject({ method: 'GET', url: `/api/file/${image.id}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-type']).toBe('image/png');
    // Taken: another pop-up cannot take it again.
    expectRefusal(await asAdmin('PUT', '/api/admin/popup', newPopup({ imageFileId: image.id })), 400, 'BAD_REQUEST', m.imageNotFound);
    await asAdmin('DELETE', `/api/admin/popup/${p.id}`);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, image.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/${image.id}` })).statusCode).toBe(404);
  });

  it('has the text alternative staff wrote (cleaned as the title), else the title; changing or clearing it is recorded', async () => {
    const admin = await tokenOf(t.users.admin);
    const poster = '2026 환자등록사업 설명회: 12월 31일 14시 남산스퀘어빌딩 14층 대회의실';
    const withAlt = await create({ title: '설명회 안내', imageFileId: (await uploadImage(admin)).id, imageAlt: '  2026 환자등록사업 설명회:\n12월 31일\t14시 남산스퀘어빌딩 14층 대회의실\n' });
    expect(withAlt).toMatchObject({ imageAlt: poster, imageAltText: poster });
    const withoutAlt = await create({ title: '휴무 안내', imageFileId: (await uploadImage(admin)).id, imageAlt: '' });
    expect(withoutAlt).toMatchObject({ imageAlt: '휴무 안내', imageAltText: null });
    const [stored] = await t.db.select({ imageAlt: popup.imageAlt }).from(popup).where(eq(popup.id, withoutAlt.id));
    expect(stored).toEqual({ imageAlt: null });
    const publicAlt = async (id: number) =>
      data<PopupActiveList>(await t.app.inject({ method: 'GET', url: '/api/popup?screen=home' })).content.find((p) => p.id === id)?.imageAlt;
    expect(await publicAlt(withAlt.id)).toBe(poster);
    expect(await publicAlt(withoutAlt.id)).toBe('휴무 안내');

    const limit = '가'.repeat(POPUP_IMAGE_ALT_MAX);
    const changes = await recorded(t.db, async () => {
      expect(data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${withoutAlt.id}`, { imageAlt: limit }))).toMatchObject({ imageAlt: limit, imageAltText: limit });
      expect(data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${withAlt.id}`, { imageAlt: '' }))).toMatchObject({ imageAlt: '설명회 안내', imageAltText: null });
    });
    expect(changes).toMatchObject([
      { action: 'POPUP_UPDATE', subject: `#${withoutAlt.id} 휴무 안내`, detail: { fields: ['imageAlt'] } },
      { action: 'POPUP_UPDATE', subject: `#${withAlt.id} 설명회 안내`, detail: { fields: ['imageAlt'] } },
    ]);
    expect(await publicAlt(withAlt.id)).toBe('설명회 안내');
    expect(await publicAlt(withoutAlt.id)).toBe(limit);
    expect(data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${withoutAlt.id}`, { imageAlt: null })).imageAltText).toBeNull();

    // One character over the limit: refused at its field, nothing saved or recorded.
    await asAdmin('PATCH', `/api/admin/popup/${withAlt.id}`, { imageAlt: poster });
    const refused = await recorded(t.db, async () => {
      const res = await asAdmin('PATCH', `/api/admin/popup/${withAlt.id}`, { imageAlt: `${limit}가` });
      expectRefusalMessage(res, 400, m.imageAltTooLong);
      expect(body<{ field: string }>(res).field).toBe('imageAlt');
    });
    expect(refused).toEqual([]);
    expect(await publicAlt(withAlt.id)).toBe(poster);

    // The text alternative describes the image: it goes with it, and none is kept without one.
    const cleared = await recorded(t.db, async () => {
      expect(data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${withAlt.id}`, { imageFileId: null }))).toMatchObject({ imageUrl: null, imageAlt: '설명회 안내', imageAltText: null });
    });
    expect(cleared).toMatchObject([{ action: 'POPUP_UPDATE', detail: { fields: ['imageFileId', 'imageAlt'] } }]);
    expect((await create({ title: '이미지 없는 팝업', imageAlt: '그릴 이미지가 없음' })).imageAltText).toBeNull();
    await removeAll();
  });

  it('must be the caller\'s own upload; a replaced image is removed', async () => {
    const others = await uploadImage(t.tokens.member);
    expectRefusal(await asAdmin('PUT', '/api/admin/popup', newPopup({ imageFileId: others.id })), 400, 'BAD_REQUEST', m.imageNotFound);
    const first = await uploadImage(await tokenOf(t.users.admin));
    const second = await uploadImage(await tokenOf(t.users.admin));
    const p = await create({ imageFileId: first.id });
    const changed = data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${p.id}`, { imageFileId: second.id }));
    expect(changed.imageUrl).toBe(`/api/file/${second.id}`);
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, first.id))).toEqual([]);
    const cleared = data<AdminPopup>(await asAdmin('PATCH', `/api/admin/popup/${p.id}`, { imageFileId: null }));
    expect(cleared.imageUrl).toBeNull();
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, second.id))).toEqual([]);
    await removeAll();
  });
});

describe('two instances, one clock', () => {
  let second: { app: FastifyInstance; close(): Promise<void> };

  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    const app = await buildApp({ db: database.db, config: t.config, keys: t.keys, clock });
    await app.ready();
    second = { app, close: async () => { await app.close(); await database.close(); } };
  });
  afterAll(async () => {
    await second?.close();
  });

  /** Until the other instance hears the change (NOTIFY is asynchronous). */
  async function eventually(check: () => Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await check();
      } catch (err) {
        if (i > 100) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  it('an ended pop-up goes and a starting one comes on both, with no write, within a cached answer\'s life; a write reaches both', async () => {
    // Seconds apart, well inside a cached answer's longest life (10 s): only the period can drop it.
    await create({ title: '곧 끝나는 팝업', endsAt: iso(3_000) });
    await create({ title: '곧 시작하는 팝업', startsAt: iso(5_000), endsAt: iso(7_000) });
    // Both instances have the answer cached.
    for (const app of [t.app, second.app]) {
      expect(await active('home', app)).toEqual(['곧 끝나는 팝업']);
      expect(await active('home', app)).toEqual(['곧 끝나는 팝업']);
    }

    clock.advance(2_999);
    for (const app of [t.app, second.app]) expect(await active('home', app)).toEqual(['곧 끝나는 팝업']);
    clock.advance(1); // the first one's end
    for (const app of [t.app, second.app]) expect(await active('home', app)).toEqual([]);

    clock.advance(2_000); // the second one's start
    for (const app of [t.app, second.app]) expect(await active('home', app)).toEqual(['곧 시작하는 팝업']);

    clock.advance(2_000); // its end
    for (const app of [t.app, second.app]) expect(await active('home', app)).toEqual([]);

    // A change on one instance reaches the other's cached answer.
    for (const app of [t.app, second.app]) expect(await active('all', app)).toEqual([]);
    const p = await create({ title: '새 팝업', screen: 'all' });
    expect(await active('all')).toEqual(['새 팝업']);
    await eventually(async () => expect(await active('all', second.app)).toEqual(['새 팝업']));
    await asAdmin('PATCH', `/api/admin/popup/${p.id}`, { title: '고친 팝업' });
    await eventually(async () => expect(await active('all', second.app)).toEqual(['고친 팝업']));
    await asAdmin('DELETE', `/api/admin/popup/${p.id}`);
    await eventually(async () => expect(await active('all', second.app)).toEqual([]));
    await removeAll();
  });
});
