import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemPage } from '@contract';
import { poolOf, type Db } from '../../db/client';
import { backgroundRun, boardItem, boardItemView, boardItemViewTally } from '../../db/schema';
import { createTestApp, data, openSecondInstance, TestClock, type TestApp } from '../../test/harness';
import { createBoardItem } from '../../test/factories';
import { statementsDuring, waitUntil } from '../../test/observe';
import { kstDate } from '../../lib/time';
import { shownViews, storeViews } from './repo';
import { ViewCounter, VIEWS_A_STATEMENT } from './view-counter';
import { foldViews, VIEW_FOLD_JOB, viewFoldSchedule } from './view-fold';
import type { BackgroundSchedule } from '@server/modules/background';

/**
 * Buffered view counting (issue 8, view-counter.ts): once per visitor a day as before, but
 * written every few seconds in one statement, shown at once to the visitor, exact after a flush,
 * deduplicated across instances, and never lost on a clean shutdown.
 */

let t: TestApp;
let fold: BackgroundSchedule<{ folded: number; boards: number }>;

beforeAll(async () => {
  // A flush only when a test asks for one (or the app closes), so statements can be counted.
  t = await createTestApp({ env: { VIEW_FLUSH_SECONDS: '3600' }, configure: (app) => void (fold = viewFoldSchedule(app)) });
});

afterAll(async () => {
  await t?.close();
});

const view = (url: string, visitor: number, app: FastifyInstance = t.app, token?: string) =>
  app.inject({ method: 'GET', url, remoteAddress: `10.20.${visitor >> 8}.${visitor & 255}`, headers: { 'user-agent': 'ViewTester', ...t.auth(token) } });

/** The count a post shows once flushed (folded into its row or in its tally), and its view rows. */
async function stored(id: number): Promise<{ count: number; rows: number }> {
  const [item] = await t.db.select({ count: shownViews('board_item') }).from(boardItem).where(eq(boardItem.id, id));
  const [rows] = await t.db.select({ n: sql<number>`count(*)::int` }).from(boardItemView).where(eq(boardItemView.boardItemId, id));
  return { count: item!.count, rows: rows!.n };
}

/** The statements sent through the pool while `run` runs that write views or view counts. */
function viewStatementsDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  return statementsDuring(db, run, (text) => /\b(insert|update)\b/i.test(text) && /board_item_view|view_count/.test(text));
}

/**
 * The statements writing views sent while `run` runs, counted on the connections themselves (a
 * transaction's go through its client, not the pool); the `failing`th is refused as a lost connection.
 */
async function viewWritesThroughClients(run: () => Promise<unknown>, failing?: number): Promise<number> {
  return (await viewWritesWithPosts(run, failing)).length;
}

/** viewWritesThroughClients, each statement as the post ids it was given (its first parameter). */
async function viewWritesWithPosts(run: () => Promise<unknown>, failing?: number): Promise<number[][]> {
  const original = pg.Client.prototype.query;
  const writes: number[][] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string; values?: unknown[] };
    if (/board_item_view/.test(typeof q === 'string' ? q : q.text)) {
      const values = (Array.isArray(args[1]) ? args[1] : typeof q === 'string' ? [] : (q.values ?? [])) as unknown[];
      writes.push(((values[0] ?? []) as (number | string)[]).map(Number));
      if (writes.length === failing) return Promise.reject(new Error('connection lost (test)'));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return writes;
}

describe('a burst of views', () => {
  it('costs one statement, shows each visitor their own view at once and is exact after the flush', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '많이 본 글' });
    const url = `/api/board-item/notice/${itemNo}`;
    const VISITORS = 150;
    const whileViewing = await viewStatementsDuring(t.db, async () => {
      for (let v = 0; v < VISITORS; v++) {
        expect(data<BoardItem>(await view(url, v)).viewCount).toBe(v + 1);
        // The same visitor again the same day: not counted.
        expect(data<BoardItem>(await view(url, v)).viewCount).toBe(v + 1);
      }
      // Members read uncached, and are counted the same way.
      expect(data<BoardItem>(await view(url, 9999, t.app, t.tokens.member)).viewCount).toBe(VISITORS + 1);
      expect(data<BoardItem>(await view(url, 9998, t.app, t.tokens.member)).viewCount).toBe(VISITORS + 1);
    });
    expect(whileViewing).toEqual([]);
    expect(await stored(id)).toEqual({ count: 0, rows: 0 });
    const flushing = await viewStatementsDuring(t.db, () => t.app.deps.boardCaching.views.flush());
    expect(flushing).toHaveLength(1);
    expect(await stored(id)).toEqual({ count: VISITORS + 1, rows: VISITORS + 1 });
    // After the flush the answer is the stored count, with nothing added twice.
    expect(data<BoardItem>(await view(url, 0)).viewCount).toBe(VISITORS + 1);
    const list = data<BoardItemPage>(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice&size=50' }));
    expect(list.content.find((i) => i.itemNo === itemNo)!.viewCount).toBe(VISITORS + 1);
  });

  it('a failed flush loses nothing: the views are written by the next one', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '쓰기 실패 시험' });
    const url = `/api/board-item/notice/${itemNo}`;
    for (let v = 0; v < 3; v++) await view(url, 500 + v);
    const pool = poolOf(t.db);
    const original = pool.query;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      if (/board_item_view/.test(typeof q === 'string' ? q : q.text)) return Promise.reject(new Error('connection lost (test)'));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      await t.app.deps.boardCaching.views.flush();
    } finally {
      pool.query = original;
    }
    expect(await stored(id)).toEqual({ count: 0, rows: 0 });
    expect(data<BoardItem>(await view(url, 500)).viewCount).toBe(3);
    await t.app.deps.boardCaching.views.flush();
    expect(await stored(id)).toEqual({ count: 3, rows: 3 });
  });
});

describe('the flush timer', () => {
  it('writes views within VIEW_FLUSH_SECONDS without being asked', async () => {
    const { app, close } = await openSecondInstance(t, { viewFlushMs: 1000 });
    try {
      const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '타이머 시험' });
      for (let v = 0; v < 5; v++) await view(`/api/board-item/notice/${itemNo}`, 700 + v, app);
      await waitUntil(() => stored(id), (s) => s.count === 5, 'the timer to store 5 views');
      expect(await stored(id)).toEqual({ count: 5, rows: 5 });
    } finally {
      await close();
    }
  });
});

describe('the bound on views waiting', () => {
  it('starts one flush when reached, without the timer; with the database away, not one a view after it', async () => {
    const { id } = await createBoardItem(t.db, { boardCode: 'notice', title: '묶음 시험' });
    const flushed: string[][] = [];
    const counter = new ViewCounter(t.db, { flushMs: 3_600_000, maxPending: 3, log: t.app.log, onFlushed: (boards) => void flushed.push(boards) });
    const day = kstDate(new Date());
    const record = (from: number, to: number) => {
      for (let v = from; v < to; v++) counter.record({ itemId: id, boardCode: 'notice', visitor: `bound-${v}`, day });
    };
    record(0, 3);
    await waitUntil(() => stored(id), (s) => s.count === 3, 'the bound to flush 3 views');
    expect(flushed).toEqual([['notice']]);

    const pool = poolOf(t.db);
    const original = pool.query;
    let tries = 0;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      if (/board_item_view/.test(typeof q === 'string' ? q : q.text)) {
        tries += 1;
        return Promise.reject(new Error('connection lost (test)'));
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      record(3, 6); // the bound again: one try, which fails and puts the three back
      await waitUntil(async () => tries, (n) => n === 1, 'the failed flush');
      record(6, 9); // above the bound now: left to the timer
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tries).toBe(1);
      expect(counter.unflushed(id)).toBe(6);
    } finally {
      pool.query = original;
    }
    await counter.close();
    expect(await stored(id)).toEqual({ count: 9, rows: 9 });
  });
});

describe('a flush of more views than a statement takes', () => {
  it(`stores them ${VIEWS_A_STATEMENT.toLocaleString('en')} a statement in one transaction, all or none, and invalidates once`, async () => {
    const { id } = await createBoardItem(t.db, { boardCode: 'notice', title: '큰 묶음 시험' });
    const flushed: string[][] = [];
    const counter = new ViewCounter(t.db, { flushMs: 3_600_000, log: t.app.log, onFlushed: (boards) => void flushed.push(boards) });
    const day = kstDate(new Date());
    const views = 2 * VIEWS_A_STATEMENT + 1;
    for (let v = 0; v < views; v++) counter.record({ itemId: id, boardCode: 'notice', visitor: `part-${v}`, day });

    // The third statement fails: the two before it are rolled back with it, and every view waits.
    expect(await viewWritesThroughClients(() => counter.flush(), 3)).toBe(3);
    expect(await stored(id)).toEqual({ count: 0, rows: 0 });
    expect(counter.unflushed(id)).toBe(views);
    expect(flushed).toEqual([]);

    expect(await viewWritesThroughClients(() => counter.flush())).toBe(3);
    expect(await stored(id)).toEqual({ count: views, rows: views });
    expect(counter.unflushed(id)).toBe(0);
    expect(flushed).toEqual([['notice']]);
    await counter.close();
  }, 60_000);

  it('goes in post order across its statements, so two instances lock tallies in one order', async () => {
    const posts = [await createBoardItem(t.db, { title: '순서 하나' }), await createBoardItem(t.db, { title: '순서 둘' }), await createBoardItem(t.db, { title: '순서 셋' })];
    const counter = new ViewCounter(t.db, { flushMs: 3_600_000, log: t.app.log, onFlushed: () => {} });
    const day = kstDate(new Date());
    // Taken newest post first and interleaved, as views come.
    const newestFirst = [...posts].sort((a, b) => b.id - a.id);
    for (let v = 0; v < 2 * VIEWS_A_STATEMENT; v++) counter.record({ itemId: newestFirst[v % 3]!.id, boardCode: 'notice', visitor: `order-${v}`, day });
    const statements = await viewWritesWithPosts(() => counter.flush());
    expect(statements).toHaveLength(2);
    const ids = statements.flat();
    expect(ids).toHaveLength(2 * VIEWS_A_STATEMENT);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await counter.close();
    for (const post of posts) expect((await stored(post.id)).count).toBeGreaterThan(3000);
  }, 60_000);
});

describe('two instances and shutdown', () => {
  let second: Awaited<ReturnType<typeof openSecondInstance>>;
  let other: FastifyInstance;

  beforeAll(async () => {
    second = await openSecondInstance(t);
    other = second.app;
  });

  afterAll(async () => {
    await second?.close();
  });

  it('a visitor seen by both instances the same day is counted once', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '두 인스턴스 조회' });
    const url = `/api/board-item/notice/${itemNo}`;
    expect(data<BoardItem>(await view(url, 1)).viewCount).toBe(1);
    expect(data<BoardItem>(await view(url, 1, other)).viewCount).toBe(1);
    expect(data<BoardItem>(await view(url, 2, other)).viewCount).toBe(2);
    await Promise.all([t.app.deps.boardCaching.views.flush(), other.deps.boardCaching.views.flush()]);
    expect(await stored(id)).toEqual({ count: 2, rows: 2 });
  });

  it('closing the app writes every buffered view', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '종료 시험' });
    for (let v = 0; v < 40; v++) await view(`/api/board-item/notice/${itemNo}`, 300 + v, other);
    expect(await stored(id)).toEqual({ count: 0, rows: 0 });
    await other.close();
    expect(await stored(id)).toEqual({ count: 40, rows: 40 });
  });
});

describe('the day a view counts for', () => {
  it('is the Korean calendar date of the view', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '날짜 시험' });
    const kstToday = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    await view(`/api/board-item/notice/${itemNo}`, 900);
    await t.app.deps.boardCaching.views.flush();
    const rows = await t.db.select({ day: boardItemView.viewDate }).from(boardItemView).where(eq(boardItemView.boardItemId, id));
    expect(rows.map((r) => r.day)).toEqual([kstToday]);
  });

  it("keeps a guest's view under the day's visitor key, not a hash its address could be found from (decision 0044)", async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '방문자 키 시험' });
    await view(`/api/board-item/notice/${itemNo}`, 901);
    await t.app.deps.boardCaching.views.flush();
    const rows = await t.db.select({ key: boardItemView.visitorKey }).from(boardItemView).where(eq(boardItemView.boardItemId, id));
    const address = `10.20.${901 >> 8}.${901 & 255}`;
    const plainHash = createHash('sha256').update(`${address}|ViewTester`).digest('base64url').slice(0, 22);
    expect(rows).toEqual([{ key: `a:${await t.app.deps.visitorKeys.viewKeyOf(address, 'ViewTester', t.app.deps.clock.now())}` }]);
    expect(rows[0]!.key).not.toContain(plainHash);
  });
});

describe('the day a view counts for, on the app\'s clock', () => {
  // 23:59:59 in Korea on 1 December (14:59:59 UTC): one second later it is 2 December there, and
  // still 1 December in UTC. The system clock is somewhere else entirely.
  const clock = new TestClock(new Date('2026-12-01T14:59:59Z'));
  let c: TestApp;

  beforeAll(async () => {
    c = await createTestApp({ clock, env: { VIEW_FLUSH_SECONDS: '3600' } });
  });

  afterAll(async () => {
    await c?.close();
  });

  it('counts a guest and a member again after midnight in Korea, once each day', async () => {
    const { id, itemNo } = await createBoardItem(c.db, { boardCode: 'notice', title: '자정 시험' });
    const url = `/api/board-item/notice/${itemNo}`;
    const as = (token?: string) => c.app.inject({ method: 'GET', url, remoteAddress: token ? '10.30.0.2' : '10.30.0.1', headers: { 'user-agent': 'MidnightTester', ...c.auth(token) } });
    const count = async (token?: string) => data<BoardItem>(await as(token)).viewCount;
    expect(await count()).toBe(1);
    expect(await count(c.tokens.member)).toBe(2);
    // The same visitors again the same day (Korea): not counted.
    expect(await count()).toBe(2);
    expect(await count(c.tokens.member)).toBe(2);
    clock.advance(1000);
    // A new day in Korea: each counted once more (the guest from the cache, the member uncached).
    expect(await count()).toBe(3);
    expect(await count(c.tokens.member)).toBe(4);
    expect(await count()).toBe(4);
    await c.app.deps.boardCaching.views.flush();
    const rows = await c.db.select({ day: boardItemView.viewDate }).from(boardItemView).where(eq(boardItemView.boardItemId, id));
    expect(rows.map((r) => r.day).sort()).toEqual(['2026-12-01', '2026-12-01', '2026-12-02', '2026-12-02']);
  });
});

describe('views counted beside the post (issue 24)', () => {
  /**
   * The post's row as stored: a new version (an update) changes its xmin, and a lock on it (a
   * foreign key's check takes one) sets its xmax, which writes the post's heap page all the same.
   */
  const rowOf = async (id: number) =>
    (
      await t.db
        .select({ version: sql<string>`xmin::text`, locker: sql<string>`xmax::text`, folded: boardItem.viewCount })
        .from(boardItem)
        .where(eq(boardItem.id, id))
    )[0]!;
  const tallyOf = async (id: number) =>
    (await t.db.select({ views: boardItemViewTally.views }).from(boardItemViewTally).where(eq(boardItemViewTally.boardItemId, id)))[0]?.views;
  const foldNow = () => foldViews(t.db, (boards) => t.app.deps.boardCaching.changed(boards));

  it('a flush writes the tally, not the post: its row keeps its version and takes no lock, and every answer shows the sum', async () => {
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '행을 다시 쓰지 않는 조회' });
    const url = `/api/board-item/notice/${itemNo}`;
    const before = await rowOf(id);
    expect(before.locker).toBe('0');
    for (let v = 0; v < 4; v++) await view(url, 1100 + v);
    await t.app.deps.boardCaching.views.flush();
    // Decision 0045: no foreign key's check locked the row (its xmax would be the flush's).
    expect(await rowOf(id)).toEqual(before);
    expect(await tallyOf(id)).toBe(4);
    for (let v = 4; v < 7; v++) await view(url, 1100 + v);
    await t.app.deps.boardCaching.views.flush();
    expect(await rowOf(id)).toEqual(before);
    expect(await tallyOf(id)).toBe(7);
    expect(data<BoardItem>(await view(url, 1100)).viewCount).toBe(7);
    const list = data<BoardItemPage>(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice&size=50' }));
    expect(list.content.find((i) => i.itemNo === itemNo)!.viewCount).toBe(7);
  });

  it('a view of a post that is not there stores nothing, beside one that is (the flush finds its posts: no foreign key)', async () => {
    const { id } = await createBoardItem(t.db, { boardCode: 'notice', title: '있는 글' });
    const [newest] = await t.db.select({ id: sql<number>`coalesce(max(${boardItem.id}), 0)::int` }).from(boardItem);
    const missing = newest!.id + 1000;
    const day = kstDate(t.app.deps.clock.now());
    const { views } = t.app.deps.boardCaching;
    views.record({ itemId: missing, boardCode: 'notice', visitor: 'gone-post-visitor', day });
    views.record({ itemId: id, boardCode: 'notice', visitor: 'gone-post-visitor', day });
    await views.flush();
    const [orphans] = await t.db.select({ n: sql<number>`count(*)::int` }).from(boardItemView).where(eq(boardItemView.boardItemId, missing));
    expect(orphans!.n).toBe(0);
    expect(await tallyOf(missing)).toBeUndefined();
    expect(await stored(id)).toEqual({ count: 1, rows: 1 });
  });

  it("a flush answers the boards whose counts changed from the views' own boards, without the ones that added nothing", async () => {
    const notice = await createBoardItem(t.db, { boardCode: 'notice', title: '공지 조회' });
    const shared = await createBoardItem(t.db, { boardCode: 'public', title: '자료 조회' });
    const day = kstDate(t.app.deps.clock.now());
    expect(await storeViews(t.db, [{ itemId: notice.id, boardCode: 'notice', visitor: 'boards-a', day }])).toEqual(['notice']);
    // The notice's view again (a repeat the key drops) and a new one of the other board's post.
    const boards = await storeViews(t.db, [
      { itemId: notice.id, boardCode: 'notice', visitor: 'boards-a', day },
      { itemId: shared.id, boardCode: 'public', visitor: 'boards-a', day },
      { itemId: shared.id, boardCode: 'public', visitor: 'boards-b', day },
    ]);
    expect(boards).toEqual(['public']);
    expect(await tallyOf(shared.id)).toBe(2);
  });

  it('the fold moves tallies into the posts: counts unchanged, the list sorted by views follows, cached answers too', async () => {
    const keyword = '접기순서';
    const older = await createBoardItem(t.db, { boardCode: 'notice', title: `${keyword} 먼저 많이 본 글` });
    const newer = await createBoardItem(t.db, { boardCode: 'notice', title: `${keyword} 나중에 많이 본 글` });
    const sorted = async () =>
      data<BoardItemPage>(
        await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=notice&searchType=title&keyword=${encodeURIComponent(keyword)}&sort=viewCount,DESC` }),
      ).content.map((i) => [i.itemNo, i.viewCount]);
    for (let v = 0; v < 2; v++) await view(`/api/board-item/notice/${older.itemNo}`, 1200 + v);
    await t.app.deps.boardCaching.views.flush();
    await foldNow();
    expect(await sorted()).toEqual([[older.itemNo, 2], [newer.itemNo, 0]]);
    for (let v = 0; v < 5; v++) await view(`/api/board-item/notice/${newer.itemNo}`, 1300 + v);
    await t.app.deps.boardCaching.views.flush();
    // Shown at once; the order is the index's, on the folded counts, until the next fold.
    expect(await sorted()).toEqual([[older.itemNo, 2], [newer.itemNo, 5]]);
    const folded = await foldNow();
    expect(folded.folded).toBeGreaterThanOrEqual(1);
    expect(await sorted()).toEqual([[newer.itemNo, 5], [older.itemNo, 2]]);
    expect(await tallyOf(newer.id)).toBeUndefined();
    expect((await rowOf(newer.id)).folded).toBe(5);
    expect(data<BoardItem>(await view(`/api/board-item/notice/${newer.itemNo}`, 1300)).viewCount).toBe(5);
  });

  it('flushes from two instances racing folds lose no view and add none twice', async () => {
    const posts = await Promise.all(Array.from({ length: 12 }, (_, i) => createBoardItem(t.db, { boardCode: 'notice', title: `경합 시험 ${i}` })));
    const second = await openSecondInstance(t);
    try {
      const counters = [t.app.deps.boardCaching.views, second.app.deps.boardCaching.views];
      const day = '2026-12-03';
      let visitor = 0;
      for (let round = 0; round < 8; round++) {
        for (const counter of counters) {
          for (const post of posts) for (let k = 0; k < 3; k++) counter.record({ itemId: post.id, boardCode: 'notice', visitor: `race ${visitor++}`, day });
        }
        await Promise.all([...counters.map((c) => c.flush()), foldNow(), foldNow()]);
      }
      await Promise.all(counters.map((c) => c.flush()));
      for (const post of posts) expect(await stored(post.id)).toEqual({ count: 8 * 2 * 3, rows: 8 * 2 * 3 });
      // One more view each, so that every post has a tally whichever ran last in the last round.
      for (const post of posts) counters[0]!.record({ itemId: post.id, boardCode: 'notice', visitor: `race ${visitor++}`, day });
      await counters[0]!.flush();
      // Whatever piled up goes, a batch at a time (5 posts a statement here).
      expect(await foldViews(t.db, (boards) => t.app.deps.boardCaching.changed(boards), 5)).toEqual({ folded: posts.length, boards: 1 });
      for (const post of posts) {
        expect(await tallyOf(post.id)).toBeUndefined();
        expect((await rowOf(post.id)).folded).toBe(49);
      }
    } finally {
      await second.close();
    }
  });

  it('runs as a background job once per VIEW_FOLD_MINUTES across instances', async () => {
    expect(t.config.viewFoldMs).toBe(10 * 60_000);
    const { id, itemNo } = await createBoardItem(t.db, { boardCode: 'notice', title: '예약 접기' });
    await view(`/api/board-item/notice/${itemNo}`, 1400);
    await t.app.deps.boardCaching.views.flush();
    await t.db.delete(backgroundRun).where(eq(backgroundRun.job, VIEW_FOLD_JOB));
    const first = await fold.runNow();
    expect(first).toMatchObject({ ran: true });
    expect(first.ran && first.result.folded).toBeGreaterThanOrEqual(1);
    expect(await tallyOf(id)).toBeUndefined();
    expect(await fold.runNow()).toMatchObject({ ran: false, reason: 'not-due' });
  });
});
