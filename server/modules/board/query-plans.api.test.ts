import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItemPage } from '@contract';
import { commentsCountQuery, commentsPageQuery } from '../comment/repo';
import { createTestApp, data, openTestDatabase, type TestApp } from '../../test/harness';
import { keepTallyPages, migrateAndAnalyse, TALLY_MIN_PAGES, tallyPages } from '../../db/client';
import { callsDuring } from '../../test/observe';
import { placeholder, rowsMappedOnce } from '../../db/prepared';
import * as repo from './repo';
import * as fileRepo from '../file/repo';
import { buildSearchTokens } from './search-tokens';
import { foldViews } from './view-fold';
import {
  expectNoSortNoSeqScan, explainAnalyze, explainGeneric, indexScan, noHeapFetches, type Plannable, preparedPlanChoices, seqScanOf, vacuumUntilAllVisible,
} from '../../test/query-plans';

/**
 * Every read path of the boards at 100,000 posts, planned with fresh statistics: no sequential
 * scan of a big table and no sort (docs/decisions/0005-board-list-indexes.md and
 * 0011-counts-and-deep-pages.md). The plans are of the SQL the repository itself builds.
 */
let t: TestApp;
const BOARD = 'annualReport';
const ROWS = 100_000;
const PAGE = 10;
/** Title words: the first one of each title cycles through ten, so 환자 (and 환) is in one title in five. */
const FIRST_WORDS = ['환자', '등록', '인공관절', '심장', '안전성', '환자', '의료기기', '교육', '추적관찰', '통계'];
const SECOND_WORDS = ['안내', '결과', '보고서', '변경', '시행', '설명회', '회수', '이식', '부작용', '현황', '개최'];

/** The tokens insertItem makes for a title of two words by 관리자, built per word once. */
const titleTokens = (list: string[]) => list.map((w) => buildSearchTokens({ title: w, contentText: '', writerName: '관리자' }));

beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  const words = (list: string[]) => JSON.stringify(list.map((word) => ({ word, tokens: titleTokens([word])[0] })));
  await t.db.execute(sql`
    WITH first_word AS (
      SELECT (e.n - 1)::int AS n, e.w->>'word' AS word, ARRAY(SELECT jsonb_array_elements_text(e.w->'tokens')) AS tokens
      FROM jsonb_array_elements(${words(FIRST_WORDS)}::jsonb) WITH ORDINALITY AS e(w, n)
    ), second_word AS (
      SELECT (e.n - 1)::int AS n, e.w->>'word' AS word, ARRAY(SELECT jsonb_array_elements_text(e.w->'tokens')) AS tokens
      FROM jsonb_array_elements(${words(SECOND_WORDS)}::jsonb) WITH ORDINALITY AS e(w, n)
    )
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, view_count, is_notice,
                            show_item_to_main, search_tokens, created_at, modified_at)
    SELECT ${BOARD}, b.last_item_no + g, w1.word || ' ' || w2.word, '<p>본문 ' || g || '</p>', '본문 ' || g, '관리자',
           (g * 7919) % 1000, g % 500 = 0, g % 3 <> 0, w1.tokens || w2.tokens,
           timestamptz '2016-01-01 00:00:00+09' + g * interval '17 minutes',
           timestamptz '2016-01-01 00:00:00+09' + g * interval '17 minutes'
    FROM generate_series(1, ${ROWS}) AS g
    JOIN board b ON b.board_code = ${BOARD}
    JOIN first_word w1 ON w1.n = g % 10
    JOIN second_word w2 ON w2.n = (g / 10) % 11`);
  await t.db.execute(sql`UPDATE board SET last_item_no = last_item_no + ${ROWS} WHERE board_code = ${BOARD}`);
  // One post in a thousand also carries the rare word 희귀, with the tokens insertItem would make.
  await t.db.execute(sql`
    UPDATE board_item SET title = title || ' 희귀', search_tokens = search_tokens || ARRAY['t:희', 't:귀', 't:희귀']
    WHERE board_code = ${BOARD} AND item_no % 1000 = 0`);
  // Two attachments on every other post, and twenty comments (five with a reply) on every hundredth.
  await t.db.execute(sql`
    INSERT INTO stored_file (id, board_item_id, original_name, stored_name, content_type, size, sort_order, kind)
    SELECT 'f-' || i.id || '-' || n, i.id, '첨부 ' || n || '.pdf', 'x' || i.id || '-' || n, 'application/pdf', 1000, n,
           CASE WHEN n = 2 THEN 'image' ELSE 'attachment' END
    FROM board_item i, generate_series(0, 2) AS n WHERE i.board_code = ${BOARD} AND i.item_no % 2 = 0`);
  await t.db.execute(sql`
    INSERT INTO board_item_comment (board_item_id, writer_name, content)
    SELECT i.id, '회원', '댓글 ' || n FROM board_item i, generate_series(1, 20) AS n
    WHERE i.board_code = ${BOARD} AND i.item_no % 100 = 0`);
  await t.db.execute(sql`
    INSERT INTO board_item_comment (board_item_id, parent_id, writer_name, content)
    SELECT c.board_item_id, c.id, '회원', '답글' FROM board_item_comment c WHERE c.content IN ('댓글 1', '댓글 2', '댓글 3', '댓글 4', '댓글 5')`);
  // Views not yet folded (issue 24): three on every twentieth post, 5,000 tallies.
  await t.db.execute(sql`
    INSERT INTO board_item_view_tally (board_item_id, views)
    SELECT i.id, 3 FROM board_item i WHERE i.board_code = ${BOARD} AND i.item_no % 20 = 0`);
  // Fresh statistics and a fresh visibility map, as housekeeping (or autovacuum) keeps them.
  for (const table of ['board_item', 'board_item_count', 'stored_file', 'board_item_comment', 'board_item_view_tally']) {
    await vacuumUntilAllVisible(t.database.raw, table);
  }
  if (process.env.TEST_TIMINGS) console.log(`loaded ${ROWS} posts and analysed in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

const seqScanOfBigTable = seqScanOf('board_item', 'stored_file', 'board_item_comment', 'board_item_view_tally');
/** A post's views not yet folded: one probe of the tally's key per post shown. */
const tallyProbe = indexScan('board_item_view_tally_pkey', 'board_item_view_tally t');
const indexOnly = (index: string) => indexScan(index, 'board_item', 'only');
const expectIndexPlan = (p: string) => expectNoSortNoSeqScan(p, seqScanOfBigTable);

const listFilter = (page: number, extra: Partial<repo.ListFilter> = {}): repo.ListFilter => ({
  boardCode: BOARD, sortField: 'createdDate', direction: 'DESC', offset: (page - 1) * PAGE, limit: PAGE, ...extra,
});

async function itemAt(itemNo: number): Promise<repo.BoardItemRow> {
  const item = await repo.findItem(t.db, BOARD, itemNo);
  expect(item).toBeDefined();
  return item!;
}

const sorts = [
  ['createdDate', 'DESC', 'board_item_created_idx'],
  ['createdDate', 'ASC', 'board_item_created_idx'],
  ['viewCount', 'DESC', 'board_item_view_idx'],
  ['viewCount', 'ASC', 'board_item_view_idx'],
  ['title', 'ASC', 'board_item_title_idx'],
  ['title', 'DESC', 'board_item_title_idx'],
  ['itemNo', 'DESC', 'board_item_list_no_idx'],
  ['itemNo', 'ASC', 'board_item_list_no_idx'],
] as const;

describe('list pages at 100,000 posts: ids from an index-only scan, then only those rows', () => {
  it.each(sorts.flatMap(([field, dir, index]) => [1, 5000].map((page) => [page, field, dir, index] as const)))(
    'page %i by %s,%s: index-only on %s, no heap fetch, no sort',
    async (page, sortField, direction, index) => {
      const p = await plan(repo.pageIdsQuery(t.db, listFilter(page, { sortField, direction })));
      expect(p).toMatch(indexOnly(index));
      expect(p).toMatch(noHeapFetches);
      expectIndexPlan(p);
    },
  );

  it.each([1, 5000])('page %i with pinned notices (notices left out) stays index-only', async (page) => {
    const p = await plan(repo.pageIdsQuery(t.db, listFilter(page, { excludeNotices: true })));
    expect(p).toMatch(indexOnly('board_item_created_idx'));
    expect(p).toMatch(noHeapFetches);
    expectIndexPlan(p);
  });

  it('the last page is read from the other end of the index', async () => {
    const total = await repo.countItems(t.db, listFilter(1));
    const last = repo.fromNearerEnd(listFilter(Math.ceil(total / PAGE)), total);
    expect(last).toMatchObject({ direction: 'ASC', offset: 0, reversed: true });
    const p = await plan(repo.pageIdsQuery(t.db, last));
    expect(p).toMatch(indexOnly('board_item_created_idx'));
    // Ten entries read, not a hundred thousand skipped.
    expect(p).toMatch(/Index Only Scan Backward using board_item_created_idx on board_item \(actual rows=10(\.00)? loops=1\)/);
    expectIndexPlan(p);
  });

  it('the rows of a page are primary-key probes', async () => {
    const ids = (await repo.pageIdsQuery(t.db, listFilter(5000))).map((r) => r.id);
    const p = await plan(repo.itemsByIdsQuery(t.db, ids));
    expect(p).toMatch(indexScan('board_item_pkey', 'board_item'));
    expect(p).toMatch(tallyProbe);
    expectIndexPlan(p);
  });

  it('the total is a sum over counter rows, not a count of the board', async () => {
    for (const filter of [listFilter(1), listFilter(1, { excludeNotices: true }), listFilter(1, { showItemToMain: true })]) {
      const p = await plan(repo.countersQuery(t.db, filter));
      expect(p).toMatch(/board_item_count/);
      expect(p).not.toMatch(/on board_item\s/);
    }
  });

  it.each(sorts.map(([field, dir]) => [field, dir] as const))(
    'deep pages by %s,%s answer the same rows as a plain OFFSET, from either end',
    async (sortField, direction) => {
      const total = await repo.countItems(t.db, listFilter(1));
      for (const page of [5000, Math.ceil(total / PAGE) - 1, Math.ceil(total / PAGE)]) {
        const f = listFilter(page, { sortField, direction });
        const { rows, total: listed } = await repo.listItems(t.db, f);
        const expected = await t.database.raw.query<{ id: string }>(
          `SELECT id FROM board_item WHERE board_code = $1 AND deleted_at IS NULL ORDER BY ${plainOrder[sortField]} ${direction}, id ${direction} LIMIT $2 OFFSET $3`,
          [BOARD, f.limit, f.offset],
        );
        expect(listed).toBe(total);
        expect(rows.map((r) => r.id)).toEqual(expected.rows.map((r) => Number(r.id)));
      }
    },
  );

  it('page 5,000 through the API answers ten posts, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${BOARD}&page=5000&size=${PAGE}` });
    const p = data<BoardItemPage>(res);
    expect(p.totalElements).toBe(ROWS);
    expect(p.content).toHaveLength(PAGE);
    const dates = p.content.map((i) => i.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

const plainOrder = { createdDate: 'created_at', viewCount: 'view_count', title: 'title', itemNo: 'item_no' } as const;

describe('post view at 100,000 posts', () => {
  it('finds the post with one probe of its board and number', async () => {
    const p = await plan(repo.findItemQuery(t.db, BOARD, 50_000));
    expect(p).toMatch(/Index Scan using board_item_(no_uq|list_no_idx) on board_item/);
    expect(p).toMatch(/\(actual rows=1(\.00)? loops=1\)/);
    expectIndexPlan(p);
  });

  it('reads the post, its attachments and both neighbours in one statement, each by one index probe', async () => {
    const p = await plan(repo.viewQuery(t.db, BOARD, 50_000, undefined));
    expect(p).toMatch(/Index Scan using board_item_(no_uq|list_no_idx) on board_item viewed/);
    // Each neighbour reads one row from the list index, not a walk to the post's place.
    expect(p.match(/Index Scan(?: Backward)? using board_item_created_idx on board_item(?: \w+)? \(actual rows=1(\.00)? loops=1\)/g)).toHaveLength(2);
    expect(p).toMatch(/(Bitmap )?Index Scan (using|on) stored_file_item_idx/);
    expect(p).toMatch(tallyProbe);
    expectIndexPlan(p);
    const view = await repo.findItemForView(t.db, BOARD, 50_000, undefined);
    expect(view?.item.itemNo).toBe(50_000);
    // Its folded views plus its tally's three.
    expect(view?.item.viewCount).toBe(((50_000 * 7919) % 1000) + 3);
    expect(view?.prev?.itemNo).toBe(49_999);
    expect(view?.next?.itemNo).toBe(50_001);
    // Attachments only (not the editor image), in display order.
    expect(view?.files.map((f) => f.originalName)).toEqual(['첨부 0.pdf', '첨부 1.pdf']);
  });

  it('reads the posts one turn asks for in one prepared statement, each by one probe of its number and one of each neighbour', async () => {
    // The guests' view (view-reads.ts): prepared by name (server/db/prepared.ts), so its plan is the generic one.
    const numbers = [50_000, 12_345, 99_999];
    const batched = repo.viewsQuery(t.db, placeholder('boardCode'), placeholder<number[]>('itemNos'));
    const generic = await explainGeneric(t.database.raw, batched, { boardCode: BOARD, itemNos: repo.paddedNumbers(numbers) });
    expect(generic).toMatch(/Index Scan using board_item_(no_uq|list_no_idx) on board_item viewed/);
    expect(generic).toMatch(/Index Cond: .*item_no = ANY/);
    expect(generic).toMatch(/on board_item viewed \(actual rows=3(\.00)? loops=1\)/);
    expect(generic.match(/Index Scan(?: Backward)? using board_item_created_idx on board_item(?: \w+)? \(actual rows=1(\.00)? loops=3\)/g)).toHaveLength(2);
    expect(generic).toMatch(tallyProbe);
    expectIndexPlan(generic);
    // PostgreSQL settles on it by itself after its five custom plans, whatever the number of posts
    // (repo.paddedNumbers; a LIMIT $n kept it planning the view anew at every miss: prepared.ts literalLimit).
    const choices = await preparedPlanChoices(
      t.database.raw,
      batched,
      (i) => ({ boardCode: BOARD, itemNos: repo.paddedNumbers(Array.from({ length: 1 + (i % 4) }, (_, k) => 40_000 + 97 * i + k)) }),
      10,
    );
    expect(choices).toEqual({ custom: 5, generic: 5 });
    // Asked for in one turn, each caller gets its own post (or none), with its own neighbours: one
    // statement for the board, its numbers padded, and one of its own for another board's read.
    let views: (repo.ViewRow | undefined)[] = [];
    let otherBoard: repo.ViewRow | undefined;
    const calls = await callsDuring(
      t.db,
      async () => {
        [views, otherBoard] = await Promise.all([
          Promise.all([...numbers, 50_000, ROWS + 1].map((n) => repo.findItemForView(t.db, BOARD, n, undefined))),
          repo.findItemForView(t.db, 'notice', 50_000, undefined),
        ]);
      },
      (text) => /= ANY/.test(text),
    );
    expect(calls.map((call) => call.values)).toEqual([
      [BOARD, repo.paddedNumbers([...numbers, ROWS + 1])],
      ['notice', repo.paddedNumbers([50_000])],
    ]);
    expect(calls[0]!.values[1]).toHaveLength(32);
    expect(otherBoard).toBeUndefined();
    expect(views.map((v) => v?.item.itemNo)).toEqual([...numbers, 50_000, undefined]);
    expect(views.map((v) => [v?.prev?.itemNo, v?.next?.itemNo])).toEqual([[49_999, 50_001], [12_344, 12_346], [99_998, 100_000], [49_999, 50_001], [undefined, undefined]]);
    expect(views.map((v) => v?.files.length)).toEqual([2, 0, 0, 2, undefined]);
    expect(views[1]?.item.viewCount).toBe((12_345 * 7919) % 1000);
  });

  it('maps the batched view\'s rows by decoders worked out once, into the rows Drizzle\'s own mapping gives (prepared.ts withRowsMappedOnce)', async () => {
    const prepared = repo.preparedViews(t.db);
    // Where a Drizzle upgrade moved what it keeps of a prepared select, the view maps its rows the slow way again.
    expect(rowsMappedOnce(prepared)).toBe(true);
    // Posts with attachments and without, the board's first (no older neighbour) and last (no newer one).
    const numbers = [1, 50_000, 12_345, ROWS];
    const once = await prepared.execute({ boardCode: BOARD, itemNos: repo.paddedNumbers(numbers) });
    const byDrizzle = await repo.viewsQuery(t.db, BOARD, numbers);
    const byNumber = <R extends { itemNo: number }>(rows: R[]) => [...rows].sort((a, b) => a.itemNo - b.itemNo);
    expect(once).toHaveLength(numbers.length);
    expect(byNumber(once)).toEqual(byNumber(byDrizzle));
    expect(once[0]!.createdAt).toBeInstanceOf(Date);
    expect(byNumber(once).map((row) => [row.prev === null, row.next === null, row.files.length])).toEqual([[true, false, 0], [false, false, 0], [false, false, 2], [false, true, 2]]);
  });

  it("stores a flush's views finding each post by an index-only probe of its key, reading no post's row (decision 0045)", async () => {
    const posts = await Promise.all([10, 20_000, 77_777].map(itemAt));
    const views = posts.map((post, i) => ({ itemId: post.id, boardCode: BOARD, visitor: `plan ${i}`, day: '2026-12-05' }));
    const p = await plan(repo.storeViewsQuery(views));
    expect(p).toMatch(indexOnly('board_item_pkey'));
    expect(p).toMatch(noHeapFetches);
    // Its board came from a post's row before session 33: a random heap page a view.
    expect(p).not.toMatch(indexScan('board_item_pkey', 'board_item'));
    expect(p).not.toMatch(seqScanOfBigTable);
  });

  it('reads the attachments of a page of posts in display order from stored_file_item_idx', async () => {
    const ids = (await repo.pageIdsQuery(t.db, listFilter(5000))).map((r) => r.id);
    const p = await plan(fileRepo.filesOfItemsQuery(t.db, ids));
    expect(p).toMatch(/(Bitmap )?Index Scan (using|on) stored_file_item_idx/);
    expectIndexPlan(p);
    const files = await fileRepo.listFilesOfItems(t.db, ids);
    expect([...files.values()].every((list) => list.map((f) => f.sortOrder).join() === '0,1')).toBe(true);
    expect(files.size).toBe(PAGE / 2);
  });

  it('reads a post’s comments and their count from the thread index', async () => {
    const item = await itemAt(50_000);
    for (const query of [commentsPageQuery(t.db, item.id, 0, 20), commentsCountQuery(t.db, item.id)]) {
      const p = await plan(query);
      expect(p).toMatch(/(Bitmap )?Index Scan (using|on) board_item_comment_thread_idx/);
      expectIndexPlan(p);
    }
    const [{ total }] = (await commentsCountQuery(t.db, item.id)) as [{ total: number }];
    expect(total).toBe(25);
  });
});

describe('home lists at 100,000 posts', () => {
  it('page 1 of 5 shown on the home page is index-only on board_item_main_idx; its total comes from counters', async () => {
    const home = listFilter(1, { showItemToMain: true, limit: 5 });
    const p = await plan(repo.pageIdsQuery(t.db, home));
    expect(p).toMatch(indexOnly('board_item_main_idx'));
    expectIndexPlan(p);
    const { rows, total } = await repo.listItems(t.db, home);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.showItemToMain)).toBe(true);
    const [{ n }] = (await t.database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM board_item WHERE board_code = $1 AND deleted_at IS NULL AND show_item_to_main`,
      [BOARD],
    )).rows as [{ n: number }];
    expect(total).toBe(n);
  });
});

describe('title search at 100,000 posts (docs/decisions/0004, 0011)', () => {
  it.each(['환자', '환'])('"%s" (in one title in five): page 1 and its count walk the list index, without a sort', async (keyword) => {
    const search = listFilter(1, { searchType: 'title', keyword });
    for (const query of [repo.pageIdsQuery(t.db, search), repo.searchCountQuery(t.db, search)]) {
      const p = await plan(query);
      expect(p).toMatch(indexScan('board_item_created_idx', 'board_item'));
      expectIndexPlan(p);
    }
    const { rows, total } = await repo.listItems(t.db, search);
    expect(rows).toHaveLength(PAGE);
    expect(rows.every((r) => r.title.includes(keyword))).toBe(true);
    // 20,000 titles match; the count stops at the cap, and the API says the total is a lower bound.
    expect(total).toBe(repo.SEARCH_COUNT_CAP);
    const res = await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${BOARD}&searchType=title&keyword=${encodeURIComponent(keyword)}&size=10` });
    expect(data<BoardItemPage>(res)).toMatchObject({ totalElements: repo.SEARCH_COUNT_CAP, totalCapped: true });
  });

  it('a rare word is a lookup in board_item_search_idx, counted exactly', async () => {
    const search = listFilter(1, { searchType: 'title', keyword: '희귀' });
    for (const query of [repo.pageIdsQuery(t.db, search), repo.searchCountQuery(t.db, search)]) {
      const p = await plan(query);
      expect(p).toMatch(/Bitmap Index Scan on board_item_search_idx/);
      expect(p).not.toMatch(seqScanOfBigTable);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${BOARD}&searchType=title&keyword=${encodeURIComponent('희귀')}&size=10` });
    const p = data<BoardItemPage>(res);
    expect(p.totalElements).toBe(ROWS / 1000);
    expect(p.totalCapped).toBe(false);
    expect(p.content.every((i) => i.title.endsWith('희귀'))).toBe(true);
  });
});

// Last in the file: it folds the tallies the tests above read.
describe('after a fold empties the tally (decision 0046)', () => {
  it('VACUUM keeps its pages, and a post and a list page still probe it by its key, not by a scan', async () => {
    const pages = async () =>
      (await t.database.raw.query<{ relpages: number }>(`SELECT relpages FROM pg_class WHERE relname = 'board_item_view_tally'`)).rows[0]!.relpages;
    const before = await pages();
    expect(before).toBeGreaterThan(16);
    await foldViews(t.db, async () => {});
    // As autovacuum does after the fold's deletes (the bench runs it itself).
    await t.database.raw.query('VACUUM ANALYZE board_item_view_tally');
    expect((await t.database.raw.query(`SELECT count(*)::int AS n FROM board_item_view_tally`)).rows[0].n).toBe(0);
    // Truncated to no pages, the reads below were planned with a sequential scan of the tally,
    // kept by every connection while flushes refilled it (24 million rows read in a bench run).
    expect(await pages()).toBeGreaterThanOrEqual(before);
    const generic = await explainGeneric(
      t.database.raw,
      repo.viewsQuery(t.db, placeholder('boardCode'), placeholder<number[]>('itemNos')),
      { boardCode: BOARD, itemNos: repo.paddedNumbers([50_000]) },
    );
    expect(generic).toMatch(tallyProbe);
    expect(generic).not.toMatch(seqScanOf('board_item_view_tally'));
    const ids = (await repo.pageIdsQuery(t.db, listFilter(1))).map((r) => r.id);
    const list = await plan(repo.itemsByIdsQuery(t.db, ids));
    expect(list).toMatch(tallyProbe);
    expect(list).not.toMatch(seqScanOf('board_item_view_tally'));
    // The folded views are the post's own now.
    expect((await repo.findItemForView(t.db, BOARD, 50_000, undefined))?.item.viewCount).toBe(((50_000 * 7919) % 1000) + 3);
  });

  it('a new database starts the tally with pages, and a start after a restore (TRUNCATE) gives them back: the first reads probe its key too', async () => {
    const fresh = await openTestDatabase({ empty: true });
    const rows = async () => (await fresh.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM board_item_view_tally')).rows[0]!.n;
    const firstPlan = () =>
      explainGeneric(fresh.raw, repo.viewsQuery(fresh.db, placeholder('boardCode'), placeholder<number[]>('itemNos')), {
        boardCode: BOARD,
        itemNos: repo.paddedNumbers([1]),
      });
    try {
      await migrateAndAnalyse(fresh.pool, fresh.db);
      expect(await tallyPages(fresh.pool)).toBeGreaterThanOrEqual(TALLY_MIN_PAGES);
      expect(await rows()).toBe(0);
      // The tally's probe is planned although no post is there for it to run on.
      expect(await firstPlan()).toMatch(/Index Scan using board_item_view_tally_pkey on board_item_view_tally t/);
      // A restore of table dumps empties the tables with TRUNCATE (backup/app-dump.ts): no pages,
      // and the plan made then is the scan.
      await fresh.raw.query('TRUNCATE board_item_view_tally');
      await fresh.raw.query('ANALYZE board_item_view_tally');
      expect(await tallyPages(fresh.pool)).toBe(0);
      expect(await firstPlan()).toMatch(seqScanOf('board_item_view_tally'));
      // The next start (or the restore's own end: backup/database-dump.ts) gives them back once.
      expect(await keepTallyPages(fresh.pool)).toBe(true);
      expect(await keepTallyPages(fresh.pool)).toBe(false);
      expect(await tallyPages(fresh.pool)).toBeGreaterThanOrEqual(TALLY_MIN_PAGES);
      expect(await rows()).toBe(0);
      expect(await firstPlan()).not.toMatch(seqScanOf('board_item_view_tally'));
      // Where a batch gives fewer pages (larger blocks), it writes batches until there are enough.
      await fresh.raw.query('TRUNCATE board_item_view_tally');
      expect(await keepTallyPages(fresh.pool, 1000)).toBe(true);
      expect(await tallyPages(fresh.pool)).toBeGreaterThanOrEqual(TALLY_MIN_PAGES);
      expect(await rows()).toBe(0);
    } finally {
      await fresh.dispose();
    }
  });
});
