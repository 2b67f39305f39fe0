import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackMessages as m, type FeedbackCommentPage, type FeedbackSummary } from '@contract';
import { sessionToken } from '../../test/tokens';
import { pageFeedback, role } from '../../db/schema';
import { createBoardItem, createMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { recorded } from '../../test/access-records';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
// 10:00 in Korea on 2026-12-02.
const clock = new TestClock(new Date('2026-12-02T01:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;
let statsStaff: Record<string, string>;
let plainStaff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // The seeded admin role holds STATS_View (migration 0018); a staff role without it does not.
  await t.db.insert(role).values({ roleCode: 'STAFF', name: '직원', permissions: ['ADMIN_Access', 'MEMBER_Access'] });
  const viewer = await createMember(t.db, { roleCode: 'ADMIN', name: '통계 담당' });
  const staff = await createMember(t.db, { roleCode: 'STAFF', name: '직원' });
  statsStaff = t.auth(await sessionToken(t.db, t.keys, viewer.id, clock.now()));
  plainStaff = t.auth(await sessionToken(t.db, t.keys, staff.id, clock.now()));
});

afterAll(async () => {
  await t?.close();
});

const answer = (payload: object, remoteAddress = '203.0.113.7', userAgent = 'Firefox') =>
  t.app.inject({ method: 'POST', url: '/api/feedback', payload, remoteAddress, headers: { 'user-agent': userAgent } });
const rowsOf = (path: string) => t.db.select().from(pageFeedback).where(eq(pageFeedback.path, path));

describe('POST /api/feedback', () => {
  it('stores a score and a plain-text comment under the screen’s key, the day and a salted key: no address, no cookie', async () => {
    const res = await answer({ path: '/Nids/Intro/', score: 5, comment: '  <b>좋아요</b>\r\n감사합니다  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ code: 'SUCCESS', message: m.thanks, data: {} });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await rowsOf('/nids/intro');
    expect(row).toMatchObject({ path: '/nids/intro', day: '2026-12-02', score: 5, comment: '<b>좋아요</b>\n감사합니다' });
    expect(row!.visitorKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113');
  });

  it('takes one answer per visitor, screen and day: the second is refused with 409 and the first kept', async () => {
    expect((await answer({ path: '/nids/about', score: 4 })).statusCode).toBe(200);
    expectRefusal(await answer({ path: '/NIDS/ABOUT/', score: 1, comment: '다시' }), 409, 'CONFLICT', m.alreadyAnswered);
    expect((await rowsOf('/nids/about')).map((r) => r.score)).toEqual([4]);
    // Another visitor (address or browser) on the same screen, and the same visitor on another screen.
    expect((await answer({ path: '/nids/about', score: 3 }, '203.0.113.8')).statusCode).toBe(200);
    expect((await answer({ path: '/nids/about', score: 2 }, '203.0.113.7', 'Chrome')).statusCode).toBe(200);
    expect((await answer({ path: '/nids/history', score: 2 })).statusCode).toBe(200);
    // The next day (Korea) the same visitor answers again.
    clock.advance(DAY);
    try {
      expect((await answer({ path: '/nids/about', score: 5 })).statusCode).toBe(200);
    } finally {
      clock.advance(-DAY);
    }
    expect((await rowsOf('/nids/about')).map((r) => r.day).sort()).toEqual(['2026-12-02', '2026-12-02', '2026-12-02', '2026-12-03']);
  });

  it('counts board lists per board and views per post', async () => {
    const [one, two] = [await createBoardItem(t.db, { title: '평가할 공지 하나' }), await createBoardItem(t.db, { title: '평가할 공지 둘' })];
    expect((await answer({ path: '/Nids/notice/List/', score: 4 })).statusCode).toBe(200);
    expect((await answer({ path: `/nids/notice/view/${one.itemNo}`, score: 3 })).statusCode).toBe(200);
    expect((await answer({ path: `/Nids/notice/View/${two.itemNo}/`, score: 3 })).statusCode).toBe(200);
    expect(await rowsOf('/nids/notice/list')).toHaveLength(1);
    expect(await rowsOf(`/nids/notice/view/${one.itemNo}`)).toHaveLength(1);
    expect(await rowsOf(`/nids/notice/view/${two.itemNo}`)).toHaveLength(1);
  });

  it.each([
    ['the console', '/admin'],
    ['a console screen', '/admin/members'],
    ['the API', '/api/feedback'],
    ['a terms page (no layout, no form)', '/TOS/Content/TermsContent'],
    ['a screen that does not exist', '/nowhere'],
    ['a board of no area', '/Other/notice/List'],
    ['a board that does not exist', '/Nids/nosuchboard/List'],
    ['a board outside its area', '/Member/notice/List'],
    ['a post that does not exist', '/Nids/notice/View/987654'],
    ['a post number that is not one', '/Nids/notice/View/abc'],
    ['a full URL', 'https://example.com/'],
    ['a query string', '/nids/intro?x=1'],
    ['an over-long path', `/Nids/notice/View/${'1'.repeat(300)}`],
  ])('refuses %s as the path (400, nothing stored)', async (_, path) => {
    const before = (await t.db.select().from(pageFeedback)).length;
    expectRefusal(await answer({ path, score: 3 }, '198.51.100.1'), 400, 'BAD_REQUEST');
    expect(await t.db.select().from(pageFeedback)).toHaveLength(before);
  });

  it.each([
    ['no score', { path: '/' }],
    ['a score of 0', { path: '/', score: 0 }],
    ['a score of 6', { path: '/', score: 6 }],
    ['a score of 2.5', { path: '/', score: 2.5 }],
    ['a score as text', { path: '/', score: '5' }],
    ['a comment of 501 characters', { path: '/', score: 3, comment: '가'.repeat(501) }],
  ])('refuses %s (400, nothing stored)', async (_, payload) => {
    expectRefusal(await answer(payload, '198.51.100.2'), 400, 'BAD_REQUEST');
    expect(await rowsOf('/')).toHaveLength(0);
  });

  it('takes a comment of exactly 500 characters, and a blank comment as none', async () => {
    expect((await answer({ path: '/', score: 3, comment: '가'.repeat(500) }, '198.51.100.3')).statusCode).toBe(200);
    expect((await answer({ path: '/Account/Signin', score: 3, comment: '   ' }, '198.51.100.3')).statusCode).toBe(200);
    expect((await rowsOf('/'))[0]!.comment).toHaveLength(500);
    expect((await rowsOf('/account/signin'))[0]!.comment).toBeNull();
  });
});

describe('the console', () => {
  const period = 'from=2026-12-01&to=2026-12-02';
  const get = (url: string, headers: Record<string, string> = statsStaff) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['GET', '/api/admin/feedback?' + period],
    ['GET', '/api/admin/feedback/comments?' + period],
    ['POST', '/api/admin/feedback/export-data'],
  ] as const)('%s %s: a guest 401, a member 403, staff without STATS_View 403', async (method, url) => {
    const payload = method === 'POST' ? { from: '2026-12-01', to: '2026-12-02', reason: '분석' } : undefined;
    const call = (headers: Record<string, string>) => t.app.inject({ method, url, headers, payload });
    expectRefusal(await call({}), 401, 'UNAUTHORIZED');
    expectRefusal(await call(t.auth(t.tokens.member)), 403, 'FORBIDDEN');
    expectRefusal(await call(plainStaff), 403, 'FORBIDDEN');
  });

  it('summarises each screen of the period: count, average and distribution, most answers first', async () => {
    const summary = data<FeedbackSummary>(await get(`/api/admin/feedback?${period}`));
    const about = summary.screens.find((s) => s.path === '/nids/about')!;
    // 4, 3, 2 on 12-02 (the 12-03 answer is outside the period).
    expect(about).toEqual({ path: '/nids/about', count: 3, average: 3, distribution: [0, 1, 1, 1, 0] });
    expect(summary.screens[0]!.path).toBe('/nids/about');
    expect(summary.total.count).toBe(summary.screens.reduce((a, s) => a + s.count, 0));
    expect(data<FeedbackSummary>(await get('/api/admin/feedback?from=2026-12-03&to=2026-12-03')).screens).toEqual([
      { path: '/nids/about', count: 1, average: 5, distribution: [0, 0, 0, 0, 1] },
    ]);
  });

  it('refuses a period that ends before it starts or is over a year, and a day that is not one', async () => {
    expectRefusal(await get('/api/admin/feedback?from=2026-12-02&to=2026-12-01'), 400, 'BAD_REQUEST', m.badPeriod);
    expectRefusal(await get('/api/admin/feedback?from=2024-01-01&to=2026-12-01'), 400, 'BAD_REQUEST', m.periodTooLong);
    expectRefusal(await get('/api/admin/feedback?from=2026-02-30&to=2026-03-01'), 400, 'BAD_REQUEST');
  });

  it('lists the comments newest first, paged, of every screen or of one, as stored text', async () => {
    const all = data<FeedbackCommentPage>(await get(`/api/admin/feedback/comments?${period}&size=1`));
    expect(all.totalElements).toBe(2);
    expect(all.totalPages).toBe(2);
    expect(all.content[0]).toMatchObject({ path: '/', score: 3, day: '2026-12-02' });
    const second = data<FeedbackCommentPage>(await get(`/api/admin/feedback/comments?${period}&size=1&page=2`));
    expect(second.content[0]).toMatchObject({ path: '/nids/intro', score: 5, comment: '<b>좋아요</b>\n감사합니다' });
    expect(second.content[0]!.createdDate).toMatch(/^2026-12-02T10:00:00\+09:00$/);
    const one = data<FeedbackCommentPage>(await get(`/api/admin/feedback/comments?${period}&path=/Nids/Intro/`));
    expect(one.content.map((c) => c.path)).toEqual(['/nids/intro']);
  });

  it('exports the period’s answers as .xlsx with a reason, recorded as FEEDBACK_EXPORT', async () => {
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/admin/feedback/export-data', headers: statsStaff, payload: { from: '2026-12-01', to: '2026-12-02' } }),
      400,
      'BAD_REQUEST',
    );
    let res!: Awaited<ReturnType<typeof t.app.inject>>;
    const records = await recorded(t.db, async () => {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/feedback/export-data',
        headers: statsStaff,
        payload: { from: '2026-12-01', to: '2026-12-02', reason: '분기 보고' },
      });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '날짜', '일시', '화면', '점수', '만족도', '의견']);
    const rowCount = Number(res.headers['x-row-count']);
    expect(sheet.rowCount).toBe(rowCount + 1);
    const intro = sheet.getRows(2, rowCount)!.find((r) => r.getCell(3).value === '/nids/intro')!;
    expect([intro.getCell(4).value, intro.getCell(5).value, intro.getCell(6).value]).toEqual([5, '매우 만족', '<b>좋아요</b>\n감사합니다']);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'FEEDBACK_EXPORT', subjectType: 'feedback', reason: '분기 보고', rowCount });
  });
});
