import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectNoSortNoSeqScan, explainAnalyze, indexScan, type Plannable, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';
import { feedQuery, sitemapPostsQuery } from './repo';
import { FEED_SIZE, SITEMAP_MAX_URLS } from './routes';

/**
 * The search-engine read paths at 60,000 posts on three boards, planned with fresh statistics:
 * each walks board_item_created_idx and stops at its limit; none sorts or scans the table.
 */
let t: TestApp;
const PER_BOARD = 20_000;
const BOARDS = ['notice', 'public', 'annualReport'];

beforeAll(async () => {
  t = await createTestApp();
  // Posts arrive over time on every board at once, so the table's physical order follows
  // created_at, as on a live site (the planner counts on that correlation).
  await t.db.execute(sql`
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, is_secret, created_at, modified_at)
    SELECT (${sql.param(BOARDS)}::text[])[g % 3 + 1], b.last_item_no + g / 3 + 1, '제목 ' || g, '<p>본문 ' || g || '</p>', '본문 ' || g,
           '관리자', g % 100 = 0,
           timestamptz '2016-01-01 00:00:00+09' + g * interval '5 minutes',
           timestamptz '2016-01-01 00:00:00+09' + g * interval '5 minutes'
    FROM generate_series(0, ${PER_BOARD * BOARDS.length - 1}) AS g
    JOIN board b ON b.board_code = (${sql.param(BOARDS)}::text[])[g % 3 + 1]
    ORDER BY g`);
  await t.db.execute(sql`UPDATE board SET last_item_no = last_item_no + ${PER_BOARD} WHERE board_code = ANY(${sql.param(BOARDS)}::text[])`);
  // One in fifty deleted, as a board that has lived a while.
  await t.db.execute(sql`UPDATE board_item SET deleted_at = now() WHERE item_no % 50 = 7`);
  await vacuumUntilAllVisible(t.database.raw, 'board_item');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);
const created = indexScan('board_item_created_idx', 'board_item');

describe('search-engine read paths at 60,000 posts', () => {
  // The plan depends on what share of a board the limit takes: 50,000 URLs out of boards of
  // 20,000 posts each are whole boards, which PostgreSQL 15 reads by a scan and a sort (on small
  // boards that is cheap). The same share as 50,000 of a board of a million posts is 1,000 of these.
  it('the sitemap merges one index walk per board: no sort, no sequential scan', async () => {
    const p = await plan(sitemapPostsQuery(['notice', 'public'], SITEMAP_MAX_URLS / 50));
    expect(p.match(new RegExp(created.source, 'g'))).toHaveLength(2);
    expect(p).toMatch(/Merge Append/);
    // sortNode (server/test/query-plans.ts) would also match the Merge Append's own "Sort Key:" line.
    expect(p).not.toMatch(/^\s*(->\s*)?(Incremental )?Sort(?! Key:)\b/m);
    expect(p).not.toMatch(seqScanOf('board_item'));
  });

  it('a feed reads its 20 newest public posts from the index and stops', async () => {
    const p = await plan(feedQuery(t.db, 'notice', FEED_SIZE));
    expect(p).toMatch(created);
    expect(p).toMatch(/Limit \(actual rows=20(\.00)? /);
    expectNoSortNoSeqScan(p, seqScanOf('board_item'));
  });
});
