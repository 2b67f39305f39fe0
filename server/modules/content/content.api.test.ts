import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminMessages, contentCodes, contentMessages, opsMessages, type AdminContentList, type AdminContentVersion, type AdminContentView,
  type AdminDashboard, type ContentVersionList, type ContentView,
} from '@contract';
import { role } from '../../db/schema';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { sessionToken } from '../../test/tokens';
import { recorded } from '../../test/access-records';
import { expectRefusal } from '../../test/refusals';
import { INITIAL_EFFECTIVE_FROM } from './seed';

/**
 * The content pages (issue 22) through the API on the real test database: the public reads, the
 * console's saves, drafts, schedules and restores, who may do what, bad input, the XSS allow-list,
 * the guest cache and the access records.
 */
let t: TestApp;
let sys: Record<string, string>;
let contentStaff: Record<string, string>;
let plainStaff: Record<string, string>;
let memberHeaders: Record<string, string>;
let accounts: { editor: number; staff: number };
const clock = new TestClock(new Date('2026-12-02T10:00:00+09:00'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sys = t.auth(t.tokens.admin);
  // The seeded admin role holds CONTENT_Manage (migration 0016); a staff role without it does not.
  await t.db.insert(role).values({ roleCode: 'STAFF', name: '직원', permissions: ['ADMIN_Access', 'MEMBER_Access'] });
  const editor = await createMember(t.db, { roleCode: 'ADMIN', name: '편집자' });
  const staff = await createMember(t.db, { roleCode: 'STAFF', name: '직원' });
  accounts = { editor: editor.id, staff: staff.id };
  await signInAgain();
});

/** Sign-ins at the app's clock (a moved clock ends idle administrators' sessions, ADMIN_IDLE_MINUTES). */
async function signInAgain() {
  const now = clock.now();
  sys = t.auth(await sessionToken(t.db, t.keys, t.users.admin, now));
  contentStaff = t.auth(await sessionToken(t.db, t.keys, accounts.editor, now));
  plainStaff = t.auth(await sessionToken(t.db, t.keys, accounts.staff, now));
  memberHeaders = t.auth(await sessionToken(t.db, t.keys, t.users.member, now));
}
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const save = (code: string, payload: object, headers: Headers = sys) => t.app.inject({ method: 'PUT', url: `/api/admin/content/${code}`, headers, payload });
const restore = (code: string, version: number, payload?: object, headers: Headers = sys) =>
  t.app.inject({ method: 'POST', url: `/api/admin/content/${code}/versions/${version}/restore`, headers, ...(payload ? { payload } : {}) });
const latestVersion = async (code: string) =>
  data<AdminContentList>(await get('/api/admin/content', sys)).content.find((p) => p.code === code)!.latest!.version;
const html = (text: string) => ({ type: 'html' as const, html: `<p>${text}</p>` });
const publishHtml = async (code: string, text: string, publish = 'now', headers: Headers = sys) =>
  data<AdminContentView>(await save(code, { baseVersion: await latestVersion(code), title: `${code} 제목`, body: html(text), note: '메모', publish }, headers));
const kst = (ms: number) => new Date(ms).toISOString();

describe('the seeded pages', () => {
  it('every page has version 1, effective from the terms documents’ date, noted 최초 등록', async () => {
    for (const code of contentCodes) {
      const view = data<ContentView>(await get(`/api/content/${code}`));
      expect(view).toMatchObject({ code, version: 1, effectiveFrom: '2026-11-01T00:00:00+09:00' });
    }
    const versions = data<{ content: AdminContentVersion[] }>(await get('/api/admin/content/history/versions', sys)).content;
    expect(versions).toEqual([expect.objectContaining({ version: 1, note: contentMessages.initialNote, status: 'current', effectiveTo: null })]);
    expect(INITIAL_EFFECTIVE_FROM.toISOString()).toBe('2026-10-31T15:00:00.000Z');
  });

  it('an unknown code is 404 to anyone', async () => {
    expectRefusal(await get('/api/content/nothing'), 404, 'NOT_FOUND', contentMessages.notFound);
    expectRefusal(await get('/api/content/nothing', sys), 404, 'NOT_FOUND', contentMessages.notFound);
    expectRefusal(await get('/api/content/nothing/versions'), 404, 'NOT_FOUND', contentMessages.notFound);
    expectRefusal(await save('nothing', { baseVersion: 0, title: '제목', body: html('x'), publish: 'now' }), 404, 'NOT_FOUND', contentMessages.notFound);
  });
});

describe('who may call', () => {
  it('the console calls: guest 401, member 403, staff without CONTENT_Manage 403; nothing saved', async () => {
    const before = await latestVersion('about');
    const calls: [string, (h: Headers) => Promise<{ statusCode: number; body: string }>][] = [
      ['list', (h) => get('/api/admin/content', h)],
      ['versions', (h) => get('/api/admin/content/about/versions', h)],
      ['version', (h) => get('/api/admin/content/about/versions/1', h)],
      ['save', (h) => save('about', { baseVersion: before, title: '제목', body: html('몰래'), publish: 'now' }, h)],
      ['restore', (h) => restore('about', 1, undefined, h)],
    ];
    for (const [name, send] of calls) {
      expect((await send({})).statusCode, `${name} as a guest`).toBe(401);
      const member = await send(memberHeaders);
      expect(member.statusCode, `${name} as a member`).toBe(403);
      const staff = await send(plainStaff);
      expect(staff.statusCode, `${name} as staff without CONTENT_Manage`).toBe(403);
      expect(body(staff)).toEqual({ code: 'FORBIDDEN', message: adminMessages.permissionRequired });
      expect((await send(contentStaff)).statusCode, `${name} by an editor with CONTENT_Manage`).toBe(200);
    }
    // The editor's save and restore went through; the refused ones added nothing.
    expect(await latestVersion('about')).toBe(before + 2);
  });

  it('the system admin lists every page with its current and newest version', async () => {
    const list = data<AdminContentList>(await get('/api/admin/content', sys)).content;
    expect(list.map((p) => p.code)).toEqual([...contentCodes]);
    const privacy = list.find((p) => p.code === 'privacy')!;
    expect(privacy).toMatchObject({ bodyType: 'html', path: '/TOS/Content/PrivacyContent', announcesSchedule: true });
    expect(privacy.current).toMatchObject({ version: 1 });
    expect(list.find((p) => p.code === 'history')).toMatchObject({ bodyType: 'history', announcesSchedule: false });
  });
});

describe('saving versions', () => {
  it('publish now: a new version, current at once for guests and staff, with who and the note', async () => {
    const base = await latestVersion('intro');
    const saved = await publishHtml('intro', '새 인사말');
    expect(saved).toMatchObject({ version: base + 1, status: 'current', note: '메모', createdByName: expect.any(String) });
    expect(saved.effectiveFrom).toBe(kstIso(clock.now()));
    const view = data<ContentView>(await get('/api/content/intro'));
    expect(view).toMatchObject({ version: base + 1, title: 'intro 제목', body: html('새 인사말') });
    // The earlier version is still readable at its own address, and its period ends where this began.
    expect(data<ContentView>(await get(`/api/content/intro?version=${base}`)).version).toBe(base);
    const periods = data<ContentVersionList>(await get('/api/content/intro/versions')).content;
    expect(periods[0]).toMatchObject({ version: base + 1, status: 'current', effectiveTo: null });
    expect(periods[1]).toMatchObject({ version: base, status: 'past', effectiveTo: saved.effectiveFrom });
  });

  it('a draft is saved but never public; staff with CONTENT_Manage read it', async () => {
    const current = data<ContentView>(await get('/api/content/registSite')).version;
    const draft = await publishHtml('registSite', '초안', 'draft');
    expect(draft).toMatchObject({ status: 'draft', effectiveFrom: null });
    expect(data<ContentView>(await get('/api/content/registSite')).version).toBe(current);
    expectRefusal(await get(`/api/content/registSite?version=${draft.version}`), 404, 'NOT_FOUND', contentMessages.versionNotFound);
    expectRefusal(await get(`/api/content/registSite?version=${draft.version}`, memberHeaders), 404, 'NOT_FOUND');
    expectRefusal(await get(`/api/content/registSite?version=${draft.version}`, plainStaff), 404, 'NOT_FOUND');
    expect(data<ContentView>(await get(`/api/content/registSite?version=${draft.version}`, contentStaff)).body).toEqual(html('초안'));
    expect(data<AdminContentView>(await get(`/api/admin/content/registSite/versions/${draft.version}`, sys))).toMatchObject({
      status: 'draft',
      note: '메모',
    });
    expect(data<ContentVersionList>(await get('/api/content/registSite/versions')).content.map((p) => p.version)).not.toContain(draft.version);
    const history = data<{ content: AdminContentVersion[] }>(await get('/api/admin/content/registSite/versions', sys)).content;
    expect(history[0]).toMatchObject({ version: draft.version, status: 'draft', effectiveFrom: null, createdByName: expect.any(String) });
  });

  it('a terms document’s scheduled version is announced: listed and readable by anyone before it applies', async () => {
    const current = data<ContentView>(await get('/api/content/privacy')).version;
    const at = kst(clock.now().getTime() + 7 * 24 * HOUR);
    const scheduled = await publishHtml('privacy', '개정 방침', at);
    expect(scheduled).toMatchObject({ status: 'scheduled', effectiveFrom: kstIso(new Date(at)) });
    expect(data<ContentView>(await get('/api/content/privacy')).version).toBe(current);
    const periods = data<ContentVersionList>(await get('/api/content/privacy/versions')).content;
    expect(periods[0]).toMatchObject({ version: scheduled.version, status: 'scheduled', effectiveTo: null });
    expect(periods[1]).toMatchObject({ version: current, status: 'current', effectiveTo: scheduled.effectiveFrom });
    expect(data<ContentView>(await get(`/api/content/privacy?version=${scheduled.version}`)).body).toEqual(html('개정 방침'));
    const list = data<AdminContentList>(await get('/api/admin/content', sys)).content.find((p) => p.code === 'privacy')!;
    expect(list.scheduled).toMatchObject({ version: scheduled.version });
  });

  it('an information page’s scheduled version stays hidden until its date', async () => {
    const current = data<ContentView>(await get('/api/content/about')).version;
    const scheduled = await publishHtml('about', '예정된 소개', kst(clock.now().getTime() + 2 * HOUR));
    expectRefusal(await get(`/api/content/about?version=${scheduled.version}`), 404, 'NOT_FOUND', contentMessages.versionNotFound);
    expect(data<ContentVersionList>(await get('/api/content/about/versions')).content.map((p) => p.version)).not.toContain(scheduled.version);
    expect(data<ContentView>(await get(`/api/content/about?version=${scheduled.version}`, sys)).version).toBe(scheduled.version);
    clock.advance(2 * HOUR + 1000);
    await signInAgain();
    expect(data<ContentView>(await get('/api/content/about'))).toMatchObject({ version: scheduled.version, body: html('예정된 소개') });
    expect(data<ContentView>(await get(`/api/content/about?version=${current}`)).version).toBe(current);
  });

  it('restore: a new version with the old body, published now, noted', async () => {
    const v1 = data<ContentView>(await get('/api/content/terms?version=1'));
    await publishHtml('terms', '바뀐 약관');
    const base = await latestVersion('terms');
    const restored = data<AdminContentView>(await restore('terms', 1, { baseVersion: base }));
    expect(restored).toMatchObject({ version: base + 1, status: 'current', restoredFrom: 1, note: contentMessages.restoredNote(1), body: v1.body });
    expect(data<ContentView>(await get('/api/content/terms'))).toMatchObject({ version: base + 1, body: v1.body, title: v1.title });
    // Without a body it restores over whatever is newest; with a note it keeps that note.
    expect(data<AdminContentView>(await restore('terms', base)).version).toBe(base + 2);
    expect(data<AdminContentView>(await restore('terms', 1, { note: '되돌림' })).note).toBe('되돌림');
    expectRefusal(await restore('terms', 999), 404, 'NOT_FOUND', contentMessages.versionNotFound);
  });
});

describe('refused, nothing saved', () => {
  let base: number;
  beforeEach(async () => {
    base = await latestVersion('history');
  });
  const historyBody = (rows: object[]) => ({ type: 'history', lead: '', rows });
  const unchanged = async () => expect(await latestVersion('history')).toBe(base);

  it('a save over a newer version: 409 with the exact sentence; two at once, one wins', async () => {
    await publishHtml('intro', '먼저');
    const stale = (await latestVersion('intro')) - 1;
    const res = await save('intro', { baseVersion: stale, title: '늦은 제목', body: html('늦게'), publish: 'now' });
    expectRefusal(res, 409, 'CONFLICT', '다른 관리자가 먼저 수정했습니다. 새로 고친 뒤 다시 시도해주세요.');
    expect(body(res)).not.toHaveProperty('field');
    const latest = await latestVersion('intro');
    const both = await Promise.all(
      ['가', '나'].map((text) => save('intro', { baseVersion: latest, title: '동시', body: html(text), publish: 'now' }, sys)),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await latestVersion('intro')).toBe(latest + 1);
  });

  it('a base version that does not exist: 404', async () => {
    expectRefusal(
      await save('history', { baseVersion: base + 5, title: '연혁', body: historyBody([]), publish: 'now' }),
      404,
      'NOT_FOUND',
      contentMessages.versionNotFound,
    );
    await unchanged();
  });

  it('a schedule in the past, or not a date: 400 about publish', async () => {
    const past = await save('history', { baseVersion: base, title: '연혁', body: historyBody([]), publish: kst(clock.now().getTime() - 1000) });
    expectRefusal(past, 400, 'BAD_REQUEST', contentMessages.scheduleInPast);
    expect(body(past)).toMatchObject({ field: 'publish' });
    const bad = await save('history', { baseVersion: base, title: '연혁', body: historyBody([]), publish: 'tomorrow' });
    expectRefusal(bad, 400, 'BAD_REQUEST');
    expect(body(bad)).toMatchObject({ field: 'publish' });
    await unchanged();
  });

  it('a history row without a year: 400 pointing at the row', async () => {
    const res = await save('history', {
      baseVersion: base,
      title: '연혁',
      body: historyBody([{ year: 2020, month: 1, text: '시작' }, { month: 3, text: '연도 없음' }]),
      publish: 'now',
    });
    expectRefusal(res, 400, 'BAD_REQUEST');
    expect(body(res)).toMatchObject({ field: 'body.rows.1.year' });
    await unchanged();
  });

  it('a body of another page’s type: 400 about body.type', async () => {
    const res = await save('history', { baseVersion: base, title: '연혁', body: html('글'), publish: 'now' });
    expectRefusal(res, 400, 'BAD_REQUEST', contentMessages.bodyTypeMismatch('연혁'));
    expect(body(res)).toMatchObject({ field: 'body.type' });
    await unchanged();
  });

  it('an empty title, a long note: 400', async () => {
    expectRefusal(await save('history', { baseVersion: base, title: '  ', body: historyBody([]), publish: 'now' }), 400, 'BAD_REQUEST');
    expectRefusal(await save('history', { baseVersion: base, title: '연혁', body: historyBody([]), note: '가'.repeat(201), publish: 'now' }), 400, 'BAD_REQUEST');
    await unchanged();
  });

  it('a body over 1 MB: 413 with its sentence; far over, the request limit’s', async () => {
    const justOver = { type: 'html', html: `<p>${'가'.repeat(350_000)}</p>` };
    expectRefusal(await save('intro', { baseVersion: await latestVersion('intro'), title: '큰 글', body: justOver, publish: 'now' }), 413, 'PAYLOAD_TOO_LARGE', contentMessages.bodyTooLarge);
    const farOver = { type: 'html', html: 'a'.repeat(2 * 1024 * 1024) };
    expectRefusal(await save('intro', { baseVersion: 1, title: '큰 글', body: farOver, publish: 'now' }), 413, 'PAYLOAD_TOO_LARGE', opsMessages.requestTooLarge);
    // Just under the limit is taken.
    const under = { type: 'html', html: `<p>${'가'.repeat(340_000)}</p>` };
    expect((await save('intro', { baseVersion: await latestVersion('intro'), title: '큰 글', body: under, publish: 'now' })).statusCode).toBe(200);
  });
});

describe('HTML through the posts’ allow-list', () => {
  it('scripts, event handlers, javascript: and data: links are removed from html and from a lead', async () => {
    const dirty =
      '<p onclick="alert(1)">안녕<script>alert(2)</script><a href="javascript:alert(3)">링크</a><a href="data:text/html,x">데이터</a><img src="x" onerror="alert(4)"></p>';
    const saved = await publishHtml('intro', 'x');
    const res = await save('intro', { baseVersion: saved.version, title: '제목', body: { type: 'html', html: dirty }, publish: 'now' });
    const stored = data<AdminContentView>(res).body as { html: string };
    expect(stored.html).toContain('안녕');
    expect(stored.html).not.toMatch(/script|onclick|onerror|javascript:|data:text/i);
    const history = await save('history', {
      baseVersion: await latestVersion('history'),
      title: '연혁',
      body: { type: 'history', lead: '<p>소개<script>alert(1)</script><a href="javascript:x">a</a></p>', rows: [{ year: 2024, month: null, text: '<b>그대로</b>' }] },
      publish: 'now',
    });
    const historyBody = data<AdminContentView>(history).body as { lead: string; rows: { text: string }[] };
    expect(historyBody.lead).not.toMatch(/script|javascript:/i);
    expect(historyBody.lead).toContain('소개');
    // Row text is plain text (the screen renders it as text), kept as typed.
    expect(historyBody.rows[0]!.text).toBe('<b>그대로</b>');
    const { rows } = await t.database.raw.query<{ body_text: string }>(
      `SELECT body_text FROM content_version WHERE code = 'intro' ORDER BY version DESC LIMIT 1`,
    );
    expect(rows[0]!.body_text).toBe('안녕링크데이터');
  });
});

describe('guest caching', () => {
  it('ETag and 304; a save changes the answer at once; signed-in answers are private', async () => {
    const first = await get('/api/content/organization');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await get('/api/content/organization', { 'if-none-match': etag })).statusCode).toBe(304);
    const versionsEtag = (await get('/api/content/organization/versions')).headers.etag as string;
    await save('organization', {
      baseVersion: await latestVersion('organization'),
      title: '조직도',
      body: { type: 'organization', lead: '', units: [{ name: '등록관리팀', head: '팀장', tasks: ['등록'], phones: ['02-000-0000'] }] },
      publish: 'now',
    });
    const after = await get('/api/content/organization', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(data<ContentView>(after).body).toMatchObject({ units: [{ name: '등록관리팀' }] });
    expect((await get('/api/content/organization/versions', { 'if-none-match': versionsEtag })).statusCode).toBe(200);
    expect((await get('/api/content/organization', memberHeaders)).headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/admin/content', sys)).headers['cache-control']).toMatch(/no-store/);
  });
});

describe('access records', () => {
  it('every save and restore writes one record in its transaction, with the publish mode; a refusal none', async () => {
    const base = await latestVersion('contactUsTerms');
    const at = kst(clock.now().getTime() + 3 * 24 * HOUR);
    const records = await recorded(t.db, async () => {
      await save('contactUsTerms', { baseVersion: base, title: '동의', body: html('예약'), note: '개정', publish: at });
      await save('contactUsTerms', { baseVersion: base, title: '동의', body: html('늦음'), publish: 'now' });
      await restore('contactUsTerms', 1);
      await save('contactUsTerms', { baseVersion: base + 2, title: '동의', body: html('초안'), publish: 'draft' });
    });
    expect(records.map((r) => [r.action, r.subjectType, r.subject])).toEqual([
      ['CONTENT_UPDATE', 'content', `contactUsTerms v${base + 1}`],
      ['CONTENT_RESTORE', 'content', `contactUsTerms v${base + 2}`],
      ['CONTENT_UPDATE', 'content', `contactUsTerms v${base + 3}`],
    ]);
    expect(records[0]!.detail).toMatchObject({ code: 'contactUsTerms', version: base + 1, publish: 'scheduled', effectiveFrom: kstIso(new Date(at)), note: '개정' });
    expect(records[1]!.detail).toMatchObject({ publish: 'now', restoredFrom: 1 });
    expect(records[2]!.detail).toMatchObject({ publish: 'draft', effectiveFrom: null });
    expect(records[0]!.actorKey).toBe(t.config.adminId);
  });

  it('the dashboard shows the latest changes, newest first, with who, when and what', async () => {
    const latest = await publishHtml('registSite', '대시보드에서 보임', 'now', contentStaff);
    const dashboard = data<AdminDashboard>(await get('/api/admin/dashboard', plainStaff));
    expect(dashboard.latestChanges[0]).toMatchObject({
      action: 'CONTENT_UPDATE',
      actionLabel: '콘텐츠 수정',
      subjectType: 'content',
      subject: `registSite v${latest.version}`,
      at: kstIso(clock.now()),
    });
    expect(dashboard.latestChanges.length).toBeLessThanOrEqual(8);
    const ids = dashboard.latestChanges.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

/** The app's KST ISO form of a moment. */
function kstIso(at: Date): string {
  return `${new Date(at.getTime() + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;
}
