import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemPage } from '@contract';
import { board, boardItem } from '../../db/schema';
import { createBoardItem } from '../../test/factories';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { softDeleteItem } from './repo';
import { withTransaction } from '@server/db/transaction';

/**
 * board_item_count (migration 0007, docs/decisions/0011-counts-and-deep-pages.md) must agree with
 * `count(*)` after every kind of write, from the API or straight SQL, alone or concurrently.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Categories for the public board, so category changes have somewhere to go.
  await t.db.execute(sql`UPDATE board SET categories = ARRAY['안내', '행사'] WHERE board_code = 'public'`);
});

afterAll(async () => {
  await t?.close();
});

type CounterRow = {
  board_code: string;
  is_notice: boolean;
  show_item_to_main: boolean;
  category: string;
  n: number;
};

const byKey = (a: CounterRow, b: CounterRow) =>
  `${a.board_code}|${a.is_notice}|${a.show_item_to_main}|${a.category}`.localeCompare(`${b.board_code}|${b.is_notice}|${b.show_item_to_main}|${b.category}`);

async function rows<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.database.raw.query<T>(text, params)).rows as T[];
}

/** Every counter against a count of the live posts it stands for. */
async function expectCountersExact(): Promise<void> {
  const counted = await rows<CounterRow>(`
    SELECT board_code, is_notice, show_item_to_main, coalesce(category, '') AS category, count(*)::int AS n
    FROM board_item WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4`);
  const kept = await rows<CounterRow>(`
    SELECT board_code, is_notice, show_item_to_main, category, item_count::int AS n
    FROM board_item_count WHERE item_count <> 0`);
  expect(kept.sort(byKey)).toEqual(counted.sort(byKey));
  const negative = await rows(`SELECT * FROM board_item_count WHERE item_count < 0`);
  expect(negative).toEqual([]);
}

async function total(boardCode: string, query = ''): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${boardCode}${query}`, headers: t.auth(t.tokens.admin) });
  return data<BoardItemPage>(res).totalElements;
}

async function liveCount(boardCode: string, where = 'true'): Promise<number> {
  const [row] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM board_item WHERE board_code = $1 AND deleted_at IS NULL AND ${where}`, [boardCode]);
  return row!.n;
}

const put = (boardCode: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/board-item/${boardCode}`, headers: t.auth(t.tokens.admin), payload });
const patch = (boardCode: string, itemNo: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/board-item/${boardCode}/${itemNo}`, headers: t.auth(t.tokens.admin), payload });
const remove = (boardCode: string, itemNo: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/board-item/${boardCode}/${itemNo}`, headers: t.auth(t.tokens.admin) });

async function create(boardCode: string, extra: object = {}): Promise<BoardItem> {
  const res = await put(boardCode, { title: '카운터 시험', content: '<p>본문</p>', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return data<BoardItem>(res);
}

/** What an admin console would do: take the next number of the target board and move the post. */
async function movePost(id: number, to: string): Promise<void> {
  await withTransaction(t.db, async (tx) => {
    // The board row is locked first, as insertItem does, so concurrent moves take distinct numbers.
    const [next] = await tx
      .update(board)
      .set({ lastItemNo: sql`${board.lastItemNo} + 1` })
      .where(eq(board.boardCode, to))
      .returning({ itemNo: board.lastItemNo });
    await tx.update(boardItem).set({ boardCode: to, itemNo: next!.itemNo }).where(eq(boardItem.id, id));
  });
}

async function idOf(boardCode: string, itemNo: number): Promise<number> {
  const [row] = await rows<{ id: number }>(`SELECT id::int FROM board_item WHERE board_code = $1 AND item_no = $2`, [boardCode, itemNo]);
  return row!.id;
}

describe('post counters', () => {
  it('follow create and delete through the API; the list total reads them', async () => {
    const before = await total('notice');
    const a = await create('notice');
    const b = await create('notice', { isNotice: true });
    expect(await total('notice')).toBe(before + 2);
    expect(await total('notice', '&pinNotices=true')).toBe(before + 1);
    expect((await remove('notice', a.itemNo)).statusCode).toBe(200);
    expect(await total('notice')).toBe(before + 1);
    expect(await total('notice')).toBe(await liveCount('notice'));
    expect(b.isNotice).toBe(true);
    await expectCountersExact();
  });

  it('follow notice, home-page and category changes', async () => {
    const post = await create('public', { showItemToMain: true });
    const mainBefore = await total('public', '&showItemToMain=true');
    const pinnedBefore = await total('public', '&pinNotices=true');

    expect((await patch('public', post.itemNo, { isNotice: true })).statusCode).toBe(200);
    expect(await total('public', '&pinNotices=true')).toBe(pinnedBefore - 1);
    expect((await patch('public', post.itemNo, { showItemToMain: false })).statusCode).toBe(200);
    expect(await total('public', '&showItemToMain=true')).toBe(mainBefore - 1);
    expect((await patch('public', post.itemNo, { category: '행사' })).statusCode).toBe(200);
    expect(await total('public', `&category=${encodeURIComponent('행사')}`)).toBe(await liveCount('public', `category = '행사'`));
    expect(await total('public', `&category=${encodeURIComponent('행사')}`)).toBeGreaterThanOrEqual(1);
    expect((await patch('public', post.itemNo, { category: '' })).statusCode).toBe(200);
    expect(await total('public', `&category=${encodeURIComponent('행사')}`)).toBe(await liveCount('public', `category = '행사'`));
    await expectCountersExact();
  });

  it('follow a restore of a deleted post and a move between boards', async () => {
    const post = await create('public');
    const id = await idOf('public', post.itemNo);
    const publicBefore = await total('public');
    const noticeBefore = await total('notice');

    await remove('public', post.itemNo);
    expect(await total('public')).toBe(publicBefore - 1);
    await t.db.execute(sql`UPDATE board_item SET deleted_at = NULL WHERE id = ${id}`);
    expect(await total('public')).toBe(publicBefore);

    await movePost(id, 'notice');
    expect(await total('public')).toBe(publicBefore - 1);
    expect(await total('notice')).toBe(noticeBefore + 1);
    // Moving a deleted post changes no live count.
    await withTransaction(t.db, (tx) => softDeleteItem(tx, id, new Date()));
    await movePost(id, 'public');
    expect(await total('public')).toBe(publicBefore - 1);
    expect(await total('notice')).toBe(noticeBefore);
    await expectCountersExact();
  });

  it('follow bulk inserts, updates and deletes in one statement each', async () => {
    await t.db.execute(sql`
      INSERT INTO board_item (board_code, item_no, title, content, writer_name, is_notice, show_item_to_main, category)
      SELECT 'public', 100000 + g, '대량 ' || g, '<p>본문</p>', '관리자', g % 7 = 0, g % 3 <> 0, (ARRAY[NULL, '안내', '행사'])[1 + g % 3]
      FROM generate_series(1, 500) AS g`);
    await expectCountersExact();
    await t.db.execute(sql`UPDATE board_item SET is_notice = NOT is_notice, category = NULL WHERE item_no BETWEEN 100001 AND 100250`);
    await expectCountersExact();
    await t.db.execute(sql`UPDATE board_item SET deleted_at = now() WHERE item_no BETWEEN 100200 AND 100400`);
    await expectCountersExact();
    await t.db.execute(sql`DELETE FROM board_item WHERE item_no > 100000`);
    await expectCountersExact();
    expect(await total('public')).toBe(await liveCount('public'));
  });

  it('stay exact through 20 parallel creates, then 20 parallel deletes and moves both ways', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(i % 2 ? 'notice' : 'public', { isNotice: i % 5 === 0, showItemToMain: i % 3 === 0 })),
    );
    await expectCountersExact();
    const ids = await Promise.all(created.map((p) => idOf(p.boardCode, p.itemNo)));
    // Deletes through the API beside moves in both directions: keys are taken in one order, so
    // no two of them deadlock.
    await Promise.all(
      created.map((p, i) => {
        if (i % 3 === 0) return remove(p.boardCode, p.itemNo);
        return movePost(ids[i]!, p.boardCode === 'notice' ? 'public' : 'notice');
      }),
    );
    await expectCountersExact();
    expect(await total('notice')).toBe(await liveCount('notice'));
    expect(await total('public')).toBe(await liveCount('public'));
  });

  it('stay exact after a random sequence of writes (seeded)', async () => {
    const random = mulberry32(20261122);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const boards = ['notice', 'public', 'annualReport', 'community'] as const;
    const categories = [null, '안내', '행사'] as const;
    const posts: number[] = [];
    for (let step = 0; step < 300; step++) {
      const id = posts.length ? pick(posts) : undefined;
      const op = id === undefined ? 0 : Math.floor(random() * 8);
      switch (op) {
        case 0: {
          const row = await createBoardItem(t.db, {
            boardCode: pick(boards),
            isNotice: random() < 0.2,
            showItemToMain: random() < 0.6,
            category: pick(categories),
          });
          posts.push(row.id);
          break;
        }
        case 1:
          await withTransaction(t.db, (tx) => softDeleteItem(tx, id!, new Date()));
          break;
        case 2:
          await t.db.execute(sql`UPDATE board_item SET deleted_at = NULL WHERE id = ${id!}`);
          break;
        case 3:
          await movePost(id!, pick(boards));
          break;
        case 4:
          await t.db.execute(sql`UPDATE board_item SET is_notice = NOT is_notice WHERE id = ${id!}`);
          break;
        case 5:
          await t.db.execute(sql`UPDATE board_item SET show_item_to_main = NOT show_item_to_main WHERE id = ${id!}`);
          break;
        case 6:
          await t.db.execute(sql`UPDATE board_item SET category = ${pick(categories)} WHERE id = ${id!}`);
          break;
        case 7:
          // A write that moves no counter (a view): counters must not drift on unrelated updates.
          await t.db.execute(sql`UPDATE board_item SET view_count = view_count + 1 WHERE id = ${id!}`);
          break;
      }
    }
    await expectCountersExact();
  });

  it('are emptied with the table by TRUNCATE', async () => {
    await t.db.execute(sql`TRUNCATE board_item CASCADE`);
    expect(await rows(`SELECT * FROM board_item_count`)).toEqual([]);
    expect(await total('notice')).toBe(0);
    await create('notice');
    await expectCountersExact();
  });
});

/** A small seeded PRNG, so a failing sequence can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
