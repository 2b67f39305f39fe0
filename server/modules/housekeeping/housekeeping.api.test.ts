import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages, type TokenPair } from '@contract';
import { hashToken, newOpaqueToken } from '../../auth/tokens';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { backgroundRun, boardItemView, outbox, pageFeedback, refreshToken, searchTermVisit, signinFailure, storedFile, visitCount, visitHour, visitVisitorDay, visitVisitorHour } from '../../db/schema';
import { addMs } from '../../lib/clock';
import { kstDate } from '../../lib/time';
import { signIn } from '../../test/accounts';
import { createBoardItem, createMember, pngBytes, storeFile } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { FIRST_RUN_DELAY_MS, HOUSEKEEPING_JOB, housekeepingSchedule, type HousekeepingSchedule } from './schedule';
import { prune, type PruneCounts } from './service';
import { autovacuumRuns, busyTables, refreshStatistics } from './statistics';

let t: TestApp;
let schedule: HousekeepingSchedule;
// 12:00 in Korea, so "two days ago" is a whole calendar day away from midnight either side.
const clock = new TestClock(new Date('2026-11-23T03:00:00Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const zeros: PruneCounts = { refreshTokens: 0, outbox: 0, unattachedUploads: 0, boardItemViews: 0, signinFailures: 0, visits: 0, visitorKeys: 0, feedback: 0, searchTerms: 0 };

beforeAll(async () => {
  t = await createTestApp({
    clock,
    configure: (app) => {
      schedule = housekeepingSchedule(app);
    },
  });
});

afterAll(async () => {
  await t?.close();
});

const pruneNow = () => prune({ db: t.db, files: t.app.deps.files }, clock.now());
const ago = (ms: number) => addMs(clock.now(), -ms);
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: token } });

async function insertRefreshToken(values: { expiresAt: Date; usedAt?: Date; revokedAt?: Date }): Promise<string> {
  const tokenHash = hashToken(newOpaqueToken());
  await t.db.insert(refreshToken).values({
    tokenHash,
    userId: t.users.member,
    familyId: tokenHash,
    createdAt: addMs(values.expiresAt, -14 * DAY),
    ...values,
  });
  return tokenHash;
}

describe('prune', () => {
  it('on an empty database deletes nothing and answers zeros', async () => {
    expect(await pruneNow()).toEqual(zeros);
  });

  it('deletes refresh tokens more than a day past their expiry, spent or not', async () => {
    const kept = [
      await insertRefreshToken({ expiresAt: ago(DAY - MINUTE) }),
      await insertRefreshToken({ expiresAt: ago(DAY - MINUTE), usedAt: ago(3 * DAY), revokedAt: ago(2 * DAY) }),
      await insertRefreshToken({ expiresAt: addMs(clock.now(), 13 * DAY), usedAt: ago(DAY) }),
    ];
    const gone = [
      await insertRefreshToken({ expiresAt: ago(DAY + MINUTE) }),
      await insertRefreshToken({ expiresAt: ago(DAY + MINUTE), usedAt: ago(5 * DAY) }),
    ];
    expect(await pruneNow()).toEqual({ ...zeros, refreshTokens: 2 });
    const left = await t.db.select({ tokenHash: refreshToken.tokenHash }).from(refreshToken).where(inArray(refreshToken.tokenHash, [...kept, ...gone]));
    expect(left.map((r) => r.tokenHash).sort()).toEqual([...kept].sort());
  });

  it('keeps a spent refresh token that has not expired, so its reuse still ends the sign-in', async () => {
    const member = await createMember(t.db);
    const first = await signIn(t, member.userKeyCode, member.password);
    const second = data<TokenPair>(await refresh(first.refreshToken));
    clock.advance(13 * DAY); // both tokens unexpired; the first was spent 13 days ago
    await pruneNow(); // (removes the previous test's kept tokens, now over a day past expiry)
    const [stored] = await t.db.select().from(refreshToken).where(eq(refreshToken.tokenHash, hashToken(first.refreshToken)));
    expect(stored?.usedAt).not.toBeNull();

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse)).toEqual({ code: 'UNAUTHORIZED', message: accountMessages.sessionExpired });
    // The copy was detected: the family is revoked and the newest token no longer works.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('deletes outbox records older than 30 days', async () => {
    const rows = await t.db
      .insert(outbox)
      .values([
        { channel: 'EMAIL', transport: 'dev', recipient: 'kept@example.com', body: '인증번호', createdAt: ago(30 * DAY - MINUTE) },
        { channel: 'SMS', transport: 'dev', recipient: '010-1234-5678', body: '인증번호', createdAt: ago(30 * DAY + MINUTE) },
      ])
      .returning({ id: outbox.id, recipient: outbox.recipient });
    expect(await pruneNow()).toEqual({ ...zeros, outbox: 1 });
    const left = await t.db.select({ recipient: outbox.recipient }).from(outbox).where(inArray(outbox.id, rows.map((r) => r.id)));
    expect(left).toEqual([{ recipient: 'kept@example.com' }]);
  });

  it('deletes failed sign-ins older than 30 days', async () => {
    const rows = await t.db
      .insert(signinFailure)
      .values([
        { at: ago(30 * DAY - MINUTE), userKeyCode: 'kept@example.com', address: '10.0.0.1' },
        { at: ago(30 * DAY + MINUTE), userKeyCode: 'gone@example.com', address: '10.0.0.2' },
      ])
      .returning({ id: signinFailure.id });
    expect(await pruneNow()).toEqual({ ...zeros, signinFailures: 1 });
    const left = await t.db.select({ key: signinFailure.userKeyCode }).from(signinFailure).where(inArray(signinFailure.id, rows.map((r) => r.id)));
    expect(left).toEqual([{ key: 'kept@example.com' }]);
  });

  it('deletes page-satisfaction answers of days more than 730 days before today (Korea)', async () => {
    const day = (days: number) => kstDate(ago(days * DAY));
    await t.db.insert(pageFeedback).values([
      { path: '/', day: day(730), visitorKey: 'kept', score: 5, comment: '유지' },
      { path: '/', day: day(731), visitorKey: 'gone', score: 1, comment: '삭제' },
    ]);
    expect(await pruneNow()).toEqual({ ...zeros, feedback: 1 });
    const left = await t.db.select({ key: pageFeedback.visitorKey }).from(pageFeedback);
    expect(left).toEqual([{ key: 'kept' }]);
  });

  it('deletes uploads no post took after 24 hours, with their bytes and thumbnail; attached files stay', async () => {
    const files = t.app.deps.files;
    const item = await createBoardItem(t.db);
    const old = await storeFile(t.app, t.db, {
      originalName: 'old.png',
      contentType: 'image/png',
      data: await pngBytes(),
      thumbnail: true,
      createdBy: t.users.member,
    });
    const fresh = await storeFile(t.app, t.db, { originalName: 'fresh.txt', contentType: 'text/plain', createdBy: t.users.member });
    const attached = await storeFile(t.app, t.db, { originalName: 'attached.txt', contentType: 'text/plain', boardItemId: item.id });
    const missing = await storeFile(t.app, t.db, { originalName: 'missing.txt', contentType: 'text/plain', createdBy: t.users.member });
    await files.remove(missing.storedName); // bytes already gone: not an error
    const setCreated = (id: string, at: Date) => t.db.update(storedFile).set({ createdAt: at }).where(eq(storedFile.id, id));
    await setCreated(old.id, ago(DAY + MINUTE));
    await setCreated(missing.id, ago(DAY + MINUTE));
    await setCreated(fresh.id, ago(DAY - MINUTE));
    await setCreated(attached.id, ago(30 * DAY));

    expect((await files.exists(old.storedName)) && (await files.exists(old.thumbnailName!))).toBe(true);
    expect(await pruneNow()).toEqual({ ...zeros, unattachedUploads: 2 });

    const left = await t.db.select({ id: storedFile.id }).from(storedFile).where(inArray(storedFile.id, [old.id, fresh.id, attached.id, missing.id]));
    expect(left.map((r) => r.id).sort()).toEqual([fresh.id, attached.id].sort());
    expect(await files.exists(old.storedName)).toBe(false);
    expect(await files.exists(old.thumbnailName!)).toBe(false);
    expect(await files.exists(fresh.storedName)).toBe(true);
    expect(await files.exists(attached.storedName)).toBe(true);
  });

  it('deletes view-count rows dated more than two days before today (Korea)', async () => {
    const item = await createBoardItem(t.db);
    const dates = [0, 1, 2, 3, 10].map((days) => kstDate(ago(days * DAY)));
    await t.db.insert(boardItemView).values(dates.map((viewDate) => ({ boardItemId: item.id, visitorKey: 'visitor', viewDate })));
    expect(await pruneNow()).toEqual({ ...zeros, boardItemViews: 2 });
    const left = await t.db.select({ viewDate: boardItemView.viewDate }).from(boardItemView).where(eq(boardItemView.boardItemId, item.id));
    expect(left.map((r) => r.viewDate).sort()).toEqual(dates.slice(0, 3).sort());
  });

  it('deletes visitor statistics older than the retention setting (two years by default) and visitor keys after two days', async () => {
    const daysAgo = (days: number) => kstDate(ago(days * DAY));
    const statDays = [0, 729, 730, 731, 900];
    await t.db.insert(visitHour).values(statDays.map((d) => ({ day: daysAgo(d), hour: 12, bot: false, views: 3, visitors: 2, dayVisitors: 2 })));
    await t.db.insert(visitCount).values(statDays.map((d) => ({ kind: 'screen' as const, day: daysAgo(d), value: 'home', views: 3, visitors: 0 })));
    await t.db.insert(visitVisitorDay).values([0, 1, 2, 3].map((d) => ({ day: daysAgo(d), visitorKey: 'k' })));
    await t.db.insert(visitVisitorHour).values([0, 1, 2, 3].map((d) => ({ day: daysAgo(d), hour: 12, visitorKey: 'k' })));
    expect(await pruneNow()).toEqual({ ...zeros, visits: 4, visitorKeys: 2 });
    expect((await t.db.select({ day: visitHour.day }).from(visitHour)).map((r) => r.day).sort()).toEqual([daysAgo(730), daysAgo(729), daysAgo(0)]);
    expect((await t.db.select({ day: visitVisitorDay.day }).from(visitVisitorDay)).map((r) => r.day).sort()).toEqual([daysAgo(2), daysAgo(1), daysAgo(0)]);
    // VISIT_RETENTION_DAYS shorter: the operator's setting is what housekeeping keeps.
    expect(await prune({ db: t.db, files: t.app.deps.files, visitRetentionDays: 30 }, clock.now())).toEqual({ ...zeros, visits: 4 });
    expect((await t.db.select({ day: visitCount.day }).from(visitCount)).map((r) => r.day)).toEqual([daysAgo(0)]);
  });

  it('deletes site searches of days before the popular list\'s 7 (issue 23)', async () => {
    const dates = [0, 6, 7, 30].map((days) => kstDate(ago(days * DAY)));
    await t.db.insert(searchTermVisit).values(dates.map((day) => ({ day, term: '인공관절', visitorKey: 'visitor' })));
    expect(await pruneNow()).toEqual({ ...zeros, searchTerms: 2 });
    const left = await t.db.select({ day: searchTermVisit.day }).from(searchTermVisit);
    expect(left.map((r) => r.day).sort()).toEqual(dates.slice(0, 2).sort());
  });
});

describe('refreshStatistics', () => {
  interface TableStats extends Record<string, unknown> {
    relname: string;
    vacuumed: boolean;
    analysed: boolean;
    all_visible: number;
  }

  /** When each busy table was last vacuumed and analysed by hand, and its visibility map's reach. */
  async function tableStats(): Promise<TableStats[]> {
    const { rows } = await t.database.raw.query<TableStats>(
      `SELECT s.relname, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analysed, c.relallvisible AS all_visible
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ANY($1) ORDER BY s.relname`,
      [[...busyTables]],
    );
    return rows;
  }

  it('reads the server’s autovacuum setting', async () => {
    const { rows } = await t.database.raw.query<{ autovacuum: string }>('SHOW autovacuum');
    expect(await autovacuumRuns(t.db)).toBe(rows[0]!.autovacuum === 'on');
  });

  it('where autovacuum runs, leaves the tables to it', async () => {
    expect(await refreshStatistics(t.db, true)).toEqual([]);
    expect((await tableStats()).filter((s) => s.vacuumed)).toEqual([]);
  });

  it('where autovacuum is off, vacuums and analyses every busy table: statistics count the new posts', async () => {
    for (let i = 0; i < 200; i++) await createBoardItem(t.db, { title: `통계 시험 ${i}`, content: `<p>${'본문 '.repeat(50)}</p>` });
    expect(await refreshStatistics(t.db, false)).toEqual([...busyTables]);
    const stats = await tableStats();
    expect(stats.map((s) => s.relname)).toEqual([...busyTables].sort());
    expect(stats.every((s) => s.vacuumed && s.analysed)).toBe(true);
    expect(stats.find((s) => s.relname === 'board_item')!.all_visible).toBeGreaterThan(0);
    const { rows } = await t.database.raw.query<{ estimated: number; live: number }>(
      `SELECT reltuples::int AS estimated, (SELECT count(*)::int FROM board_item) AS live FROM pg_class WHERE relname = 'board_item'`,
    );
    expect(rows[0]!.estimated).toBe(rows[0]!.live);
  });
});

describe('schedule', () => {
  it('runs prune shortly after start and logs the counts', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      schedule.start();
      await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS);
      const vacuumed = (await autovacuumRuns(t.db)) ? [] : [...busyTables];
      const retried = { sent: 0, failed: 0 };
      await vi.waitFor(() => expect(info).toHaveBeenCalledWith({ pruned: zeros, vacuumed, retried }, 'housekeeping done'), { timeout: 10_000 });
    } finally {
      vi.useRealTimers();
      info.mockRestore();
    }
  });
});

describe('once across instances (issue 10)', () => {
  let second: { app: FastifyInstance; schedule: HousekeepingSchedule; close(): Promise<void> };
  const runs = async () => (await t.db.select().from(backgroundRun).where(eq(backgroundRun.job, HOUSEKEEPING_JOB)))[0];

  beforeAll(async () => {
    // A second server process as a real deployment has one: its own pool, timer and lock session.
    const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    const app = await buildApp({ db: database.db, config: t.config, keys: t.keys, clock });
    const secondSchedule = housekeepingSchedule(app);
    await app.ready();
    second = { app, schedule: secondSchedule, close: async () => (await app.close(), await database.close()) };
    await t.db.delete(backgroundRun);
  });

  afterAll(async () => {
    await second?.close();
  });

  it('two instances trying at once: one runs, the other does not, and the run is recorded once', async () => {
    const outcomes = await Promise.all([schedule.runNow(), second.schedule.runNow()]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ran)).toMatchObject({ ran: false });
    const row = await runs();
    expect(row).toMatchObject({ runs: 1, lastStartedAt: clock.now(), lastFinishedAt: clock.now() });
    const winner = outcomes.find((o) => o.ran);
    expect(row!.lastResult).toEqual(winner?.ran ? JSON.parse(JSON.stringify(winner.result)) : 'no run');
  });

  it('a restarted instance does not run it again before the interval is up; after it, one runs again', async () => {
    clock.advance(30 * MINUTE);
    const early = await second.schedule.runNow();
    expect(early).toMatchObject({ ran: false, reason: 'not-due' });
    // Due at 90% of the hour after the last finish: 54 minutes, 24 from now.
    expect(early.ran === false && early.dueInMs).toBe(24 * MINUTE);
    clock.advance(30 * MINUTE);
    const [a, b] = await Promise.all([second.schedule.runNow(), schedule.runNow()]);
    expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
    expect((await runs())!.runs).toBe(2);
  });

  it('while another instance holds the run, it is skipped as busy and nothing is recorded', async () => {
    clock.advance(2 * 60 * MINUTE);
    const holder = await t.database.raw.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(7342002, hashtext('housekeeping'))`);
      expect(await schedule.runNow()).toMatchObject({ ran: false, reason: 'busy' });
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
    }
    expect((await runs())!.runs).toBe(2);
    expect(await schedule.runNow()).toMatchObject({ ran: true });
  });
});
