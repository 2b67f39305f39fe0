import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitStatsMessages, type VisitSeries, type VisitTop } from '@contract';
import { role, visitHour, visitVisitorDay } from '../../db/schema';
import { loadExcelJs } from '../../lib/xlsx';
import { kstDate } from '../../lib/time';
import { createBoardItem, createMember } from '../../test/factories';
import { body, createTestApp, data, openSecondInstance, TestClock, type TestApp } from '../../test/harness';
import { sessionToken } from '../../test/tokens';
import { fakeWebBuild } from '../../test/web-build';
import { BEACONS_PER_MINUTE } from './routes';

/**
 * Visitor statistics (issue 23) through the app: full page loads (server/web.ts, with a fake web
 * build) and beacons counted in memory, written by a flush, read back by the console's two reads
 * and its workbook, a visitor once a day and hour across instances, robots apart.
 */
let t: TestApp;
let web: ReturnType<typeof fakeWebBuild> | undefined;
// 12:00 in Korea on 2026-12-01 (hour 12).
const clock = new TestClock(new Date('2026-12-01T03:00:00Z'));
const DAY = 86_400_000;
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let post: { id: number; itemNo: number };

beforeAll(async () => {
  web = fakeWebBuild('visit');
  t = await createTestApp({ clock, env: { WEB_DIST_DIR: web.dir } });
  post = await createBoardItem(t.db, { title: '많이 읽은 공지' });
});

afterAll(async () => {
  await t?.close();
  web?.remove();
});

const load = (url: string, address: string, userAgent: string, referer?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) } });
const beacon = (payload: string, address: string, userAgent: string, contentType = 'text/plain;charset=UTF-8') =>
  t.app.inject({ method: 'POST', url: '/api/visit', remoteAddress: address, headers: { 'user-agent': userAgent, 'content-type': contentType }, payload });
const adminToken = () => sessionToken(t.db, t.keys, t.users.admin, clock.now());
const series = async (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/stats/visits?${query}`, headers: t.auth(token ?? (await adminToken())) });
const top = async (query: string) => data<VisitTop>(await t.app.inject({ method: 'GET', url: `/api/admin/stats/top?${query}`, headers: t.auth(await adminToken()) }));

describe('counting page loads and navigations', () => {
  it('counts full page loads of public screens, a visitor once, robots apart, and nothing until the flush', async () => {
    expect((await load('/Nids/notice/List/', '203.0.113.1', chrome, 'https://search.naver.com/search.naver?query=secret')).statusCode).toBe(200);
    await load('/', '203.0.113.1', chrome, 'http://localhost/Nids/notice/List/');
    await load(`/Nids/notice/View/${post.itemNo}`, '203.0.113.2', iphone);
    await load('/Nids/notice/View/99999', '203.0.113.2', iphone); // no such post: a screen view, not a post
    await load('/', '203.0.113.9', googlebot);
    // Not counted: the console, unknown paths, files.
    await load('/admin/members', '203.0.113.1', chrome);
    await load('/no/such/screen/here', '203.0.113.1', chrome);
    expect(t.app.deps.visits.waiting).toBe(7);
    expect(await t.db.select().from(visitHour)).toEqual([]);

    await t.app.deps.visits.flush();
    const answer = data<VisitSeries>(await series('from=2026-12-01&to=2026-12-01&interval=day'));
    expect(answer.totals).toEqual({ views: 4, visitors: 2, botViews: 1, botVisitors: 1 });
    expect(answer.points).toEqual([{ at: '2026-12-01', views: 4, visitors: 2, botViews: 1, botVisitors: 1 }]);
    expect(answer.previous).toMatchObject({ from: '2026-11-30', to: '2026-11-30', totals: { views: 0, visitors: 0 } });
    // No address and no full referrer anywhere: only day-salted keys.
    const keys = await t.db.select().from(visitVisitorDay);
    expect(JSON.stringify(keys)).not.toContain('203.0.113');
  });

  it('takes sendBeacon bodies as text/plain or application/json, answers 204, and counts the same visitor once more per view only', async () => {
    const navigation = JSON.stringify({ path: '/nids/intro', referrer: 'http://localhost/' });
    expect((await beacon(navigation, '203.0.113.1', chrome)).statusCode).toBe(204);
    const json = await beacon(JSON.stringify({ path: '/Nids/notice/List/' }), '203.0.113.1', chrome, 'application/json');
    expect(json.statusCode).toBe(204);
    expect(json.body).toBe('');
    await t.app.deps.visits.flush();
    const answer = data<VisitSeries>(await series('from=2026-12-01&to=2026-12-01&interval=hour'));
    expect(answer.points).toHaveLength(24);
    expect(answer.points[12]).toEqual({ at: '2026-12-01T12', views: 6, visitors: 2, botViews: 1, botVisitors: 1 });
    expect(answer.points[11]).toEqual({ at: '2026-12-01T11', views: 0, visitors: 0, botViews: 0, botVisitors: 0 });
  });

  it('refuses console paths, unknown screens and bodies that are not the schema, with the field', async () => {
    const admin = await beacon(JSON.stringify({ path: '/admin/stats' }), '203.0.113.3', chrome);
    expect(admin.statusCode).toBe(400);
    expect(body(admin)).toEqual({ code: 'BAD_REQUEST', message: visitStatsMessages.notAScreen, field: 'path' });
    expect((await beacon(JSON.stringify({ path: '/nope' }), '203.0.113.3', chrome)).statusCode).toBe(400);
    expect((await beacon('{not json', '203.0.113.3', chrome)).statusCode).toBe(400);
    expect((await beacon(JSON.stringify({ referrer: 'x' }), '203.0.113.3', chrome)).statusCode).toBe(400);
    expect(t.app.deps.visits.waiting).toBe(0);
  });

  it('limits beacons from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= BEACONS_PER_MINUTE; i++) statuses.push((await beacon(JSON.stringify({ path: '/' }), '198.51.100.77', chrome)).statusCode);
    expect(statuses.slice(0, BEACONS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses[BEACONS_PER_MINUTE]).toBe(429);
    await t.app.deps.visits.flush();
  });

  it('counts a visitor once a day and hour however many instances see them', async () => {
    const second = await openSecondInstance(t);
    try {
      const before = data<VisitSeries>(await series('from=2026-12-01&to=2026-12-01')).totals;
      const hit = { at: clock.now(), address: '192.0.2.50', userAgent: iphone, path: '/nids/history', referrer: undefined, host: 'localhost' };
      t.app.deps.visits.record(hit);
      second.app.deps.visits.record(hit);
      await Promise.all([t.app.deps.visits.flush(), second.app.deps.visits.flush()]);
      const after = data<VisitSeries>(await series('from=2026-12-01&to=2026-12-01')).totals;
      expect(after.views - before.views).toBe(2);
      expect(after.visitors - before.visitors).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('the console reads', () => {
  it('lists top screens, posts, referring hosts, devices and browsers, with titles and the previous period', async () => {
    const screens = await top('from=2026-12-01&to=2026-12-01&kind=screen');
    expect(screens.items[0]).toMatchObject({ value: 'home', label: '홈' });
    expect(screens.items.find((i) => i.value === 'list:notice')).toMatchObject({ label: '공지사항 목록', views: 2 });
    expect(screens.items.map((i) => i.value)).not.toContain('admin');
    const posts = await top('from=2026-12-01&to=2026-12-01&kind=post');
    expect(posts.items).toEqual([{ value: `notice/${post.itemNo}`, label: '많이 읽은 공지', views: 1, visitors: 0, previousViews: 0, previousVisitors: 0 }]);
    const referrers = await top('from=2026-12-01&to=2026-12-01&kind=referrer');
    expect(referrers.items.map((i) => [i.value, i.views])).toEqual([['search.naver.com', 1]]);
    const devices = await top('from=2026-12-01&to=2026-12-01&kind=device');
    expect(Object.fromEntries(devices.items.map((i) => [i.value, i.visitors]))).toEqual({ desktop: 2, phone: 2 });
    const browsers = await top('from=2026-12-01&to=2026-12-01&kind=browser&limit=1');
    expect(browsers.items).toHaveLength(1);
    expect(browsers.items[0]!.label).toBe(browsers.items[0]!.value === 'chrome' ? 'Chrome' : 'Safari');
  });

  it('compares a period with the one before it', async () => {
    clock.advance(DAY);
    await load('/', '203.0.113.1', chrome);
    await t.app.deps.visits.flush();
    const answer = data<VisitSeries>(await series('from=2026-12-02&to=2026-12-02'));
    expect(answer.totals).toMatchObject({ views: 1, visitors: 1 });
    expect(answer.previous.from).toBe('2026-12-01');
    expect(answer.previous.totals.visitors).toBe(4);
    const screens = await top('from=2026-12-02&to=2026-12-02&kind=screen');
    expect(screens.items).toEqual([expect.objectContaining({ value: 'home', views: 1, previousViews: expect.any(Number) })]);
    expect(screens.items[0]!.previousViews).toBe(1 + BEACONS_PER_MINUTE); // yesterday's page load and beacons to "/"
  });

  it('refuses bad periods in Korean, with the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-12-02&to=2026-12-01', visitStatsMessages.periodOrder],
      ['from=2026-11-01&to=2026-12-02&interval=hour', visitStatsMessages.periodTooLong],
      ['from=2024-01-01&to=2026-12-02', visitStatsMessages.periodTooLong],
      ['from=2026-13-01&to=2026-12-02', visitStatsMessages.dateFormat],
      ['from=20261201&to=2026-12-02', visitStatsMessages.dateFormat],
    ];
    for (const [query, message] of cases) {
      const res = await series(query);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).toContain(message);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/top?from=2026-12-01&to=2026-12-01&kind=cookie', headers: t.auth(await adminToken()) });
    expect(res.statusCode).toBe(400);
  });

  it('is for STATS_View: guests 401, members and staff without it 403, the admin role yes', async () => {
    const query = 'from=2026-12-01&to=2026-12-01';
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/stats/visits?${query}` })).statusCode).toBe(401);
    expect((await series(query, await sessionToken(t.db, t.keys, t.users.member, clock.now()))).statusCode).toBe(403);
    await t.db.insert(role).values({ roleCode: 'STATLESS', name: '통계 없는 운영자', permissions: ['ADMIN_Access', 'MEMBER_Access'] });
    const staff = await createMember(t.db, { roleCode: 'STATLESS' });
    const refused = await series(query, await sessionToken(t.db, t.keys, staff.id, clock.now()));
    expect(refused.statusCode).toBe(403);
    for (const url of [`/api/admin/stats/top?${query}&kind=screen`, `/api/admin/stats/export?${query}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.auth(await sessionToken(t.db, t.keys, staff.id, clock.now())) });
      expect(res.statusCode, url).toBe(403);
    }
    const adminStaff = await createMember(t.db, { roleCode: 'ADMIN' });
    expect((await series(query, await sessionToken(t.db, t.keys, adminStaff.id, clock.now()))).statusCode).toBe(200);
  });

  it('exports the period as a workbook: a sheet per day, hour and top list, with the previous period', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats/export?from=2026-12-01&to=2026-12-02', headers: t.auth(await adminToken()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['cache-control']).toContain('no-store');
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['일별', '시간대별', '많이 본 화면', '많이 본 게시글', '유입 경로', '기기', '브라우저']);
    const days = workbook.getWorksheet('일별')!;
    expect(days.getRow(2).values).toEqual([undefined, '2026-12-01', 608, 4, 1, 1, '2026-11-29', 0, 0]);
    expect(workbook.getWorksheet('시간대별')!.rowCount).toBe(1 + 48);
    expect(workbook.getWorksheet('많이 본 게시글')!.getRow(2).values).toEqual([undefined, '많이 읽은 공지', `notice/${post.itemNo}`, 1, 0]);
  });
});

describe('when the database refuses a batch', () => {
  it('keeps the batch, keyed, and stores it whole at the next flush', async () => {
    const at = new Date('2026-06-02T03:00:00Z');
    const raw = t.database.raw;
    t.app.deps.visits.record({ at, address: '192.0.2.80', userAgent: chrome, path: '/nids/about', referrer: 'https://www.google.com/', host: 'localhost' });
    await raw.query('ALTER TABLE visit_count RENAME TO visit_count_away');
    try {
      await t.app.deps.visits.flush(); // fails after visit_hour's upsert: the transaction rolls back
    } finally {
      await raw.query('ALTER TABLE visit_count_away RENAME TO visit_count');
    }
    expect(data<VisitSeries>(await series('from=2026-06-02&to=2026-06-02')).totals.views).toBe(0);
    await t.app.deps.visits.flush();
    expect(data<VisitSeries>(await series('from=2026-06-02&to=2026-06-02')).totals).toMatchObject({ views: 1, visitors: 1 });
    expect((await top('from=2026-06-02&to=2026-06-02&kind=referrer')).items.map((i) => [i.value, i.views])).toEqual([['www.google.com', 1]]);
  });
});

describe('a large batch', () => {
  it('stores a batch of more visitors than one statement takes parameters for (after an outage)', async () => {
    const at = new Date('2026-06-01T03:00:00Z');
    const visitors = 25_000;
    for (let i = 0; i < visitors; i++) {
      t.app.deps.visits.record({ at, address: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, userAgent: chrome, path: '/', referrer: undefined, host: 'localhost' });
    }
    await t.app.deps.visits.flush();
    expect(t.app.deps.visits.waiting).toBe(0);
    const answer = data<VisitSeries>(await series('from=2026-06-01&to=2026-06-01'));
    expect(answer.totals).toMatchObject({ views: visitors, visitors });
  }, 60_000);
});

describe('a batch grouped by the database', () => {
  /** A moment of May 2026 by its Korean date and time. */
  const at = (date: number, hour: number, minute: number) => new Date(Date.UTC(2026, 4, date, hour - 9, minute));
  const hit = (when: Date, address: string, userAgent: string) => ({ at: when, address, userAgent, path: '/nids/about', referrer: undefined, host: 'localhost' });

  it("counts a visitor new today in the batch's earliest hour of them, new this hour once an hour, and robots apart", async () => {
    const day = '2026-05-01';
    // Out of order, as instances' beacons may come: visitor A at 10:30 and 09:10, B at 10:00, a robot at 10:05.
    t.app.deps.visits.record(hit(at(1, 10, 30), '192.0.2.101', chrome));
    t.app.deps.visits.record(hit(at(1, 9, 10), '192.0.2.101', chrome));
    t.app.deps.visits.record(hit(at(1, 10, 0), '192.0.2.102', iphone));
    t.app.deps.visits.record(hit(at(1, 10, 5), '192.0.2.103', googlebot));
    await t.app.deps.visits.flush();
    // A again at 10:50 and 11:00 in the next batch: the day and 10:00 counted them already.
    t.app.deps.visits.record(hit(at(1, 10, 50), '192.0.2.101', chrome));
    t.app.deps.visits.record(hit(at(1, 11, 0), '192.0.2.101', chrome));
    await t.app.deps.visits.flush();
    const hours = await t.database.raw.query(
      `SELECT hour, bot, views, visitors, day_visitors AS "dayVisitors" FROM visit_hour WHERE day = $1 ORDER BY hour, bot`,
      [day],
    );
    expect(hours.rows).toEqual([
      { hour: 9, bot: false, views: 1, visitors: 1, dayVisitors: 1 },
      { hour: 10, bot: false, views: 3, visitors: 2, dayVisitors: 1 },
      { hour: 10, bot: true, views: 1, visitors: 1, dayVisitors: 1 },
      { hour: 11, bot: false, views: 1, visitors: 1, dayVisitors: 0 },
    ]);
    const counts = await t.database.raw.query(`SELECT kind, value, views, visitors FROM visit_count WHERE day = $1 ORDER BY kind, value`, [day]);
    expect(counts.rows).toEqual([
      { kind: 'browser', value: 'chrome', views: 4, visitors: 1 },
      { kind: 'browser', value: 'safari', views: 1, visitors: 1 },
      { kind: 'device', value: 'desktop', views: 4, visitors: 1 },
      { kind: 'device', value: 'phone', views: 1, visitors: 1 },
      { kind: 'screen', value: 'nidsAbout', views: 5, visitors: 0 },
    ]);
  });

  it('tells apart visitors who share an agent or an address in a batch, and keys a visitor anew after midnight', async () => {
    // The flush works out a path's screen and an agent's visitor key once where they repeat (counter.ts classify).
    // One agent from two addresses taking turns, a second agent from the first address, then the first visitor again either side of midnight.
    t.app.deps.visits.record(hit(at(2, 10, 0), '192.0.2.201', chrome));
    t.app.deps.visits.record(hit(at(2, 10, 1), '192.0.2.202', chrome));
    t.app.deps.visits.record(hit(at(2, 10, 2), '192.0.2.201', chrome));
    t.app.deps.visits.record(hit(at(2, 10, 3), '192.0.2.201', iphone));
    t.app.deps.visits.record(hit(at(2, 23, 59), '192.0.2.201', chrome));
    t.app.deps.visits.record(hit(at(3, 0, 1), '192.0.2.201', chrome));
    await t.app.deps.visits.flush();
    const hours = await t.database.raw.query(
      `SELECT day::text, hour, views, visitors, day_visitors AS "dayVisitors" FROM visit_hour WHERE day IN ('2026-05-02', '2026-05-03') ORDER BY day, hour`,
    );
    expect(hours.rows).toEqual([
      { day: '2026-05-02', hour: 10, views: 4, visitors: 3, dayVisitors: 3 },
      { day: '2026-05-02', hour: 23, views: 1, visitors: 1, dayVisitors: 0 },
      { day: '2026-05-03', hour: 0, views: 1, visitors: 1, dayVisitors: 1 },
    ]);
    // The first visitor's key on the second day is not the first day's: each day's salt keys its own hits.
    const keys = await t.database.raw.query(`SELECT count(DISTINCT visitor_key)::int AS n FROM visit_visitor_day WHERE day IN ('2026-05-02', '2026-05-03')`);
    expect(keys.rows).toEqual([{ n: 4 }]);
  });

  it('counts a post whose page was made from it; a guessed number is left out', async () => {
    const shown = await createBoardItem(t.db, { title: '페이지로 연 공지' });
    const day = kstDate(clock.now());
    expect((await load(`/Nids/notice/View/${shown.itemNo}`, '203.0.113.77', chrome)).statusCode).toBe(200);
    expect((await load('/Nids/notice/View/987654', '203.0.113.77', chrome)).statusCode).toBe(404);
    await t.app.deps.visits.flush();
    const posts = (await top(`from=${day}&to=${day}&kind=post`)).items;
    expect(posts.find((item) => item.value === `notice/${shown.itemNo}`)).toMatchObject({ label: '페이지로 연 공지', views: 1 });
    expect(posts.map((item) => item.value)).not.toContain('notice/987654');
  });
});
