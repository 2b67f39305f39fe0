import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { explainAnalyze, expectNoSortNoSeqScan, indexScan, noHeapFetches, scanUsing, type Plannable, vacuumUntilAllVisible } from '../../test/query-plans';
import * as repo from './repo';

/**
 * The console's page-satisfaction reads at 200,000 answers (two years of 300 screens), one in
 * five with a comment, planned with fresh statistics: each reads its period through an index,
 * never the whole table, and the comments' order comes from their index (no Sort).
 */
let t: TestApp;
const ROWS = 200_000;

beforeAll(async () => {
  t = await createTestApp();
  // Answers arrive day by day, so the table's physical order follows the day, as on a live site
  // (the planner counts on that correlation when it reads a period in the index's order).
  await t.database.raw.query(
    `INSERT INTO page_feedback (path, day, visitor_key, score, comment, created_at)
     SELECT '/nids/notice/view/' || (g % 300), DATE '2025-01-01' + (g * 7 % 730), 'k' || g, 1 + (g / 3) % 5,
            CASE WHEN (g / 11) % 5 = 0 THEN '의견 ' || g END, TIMESTAMPTZ '2025-01-01 09:00+09' + (g * 7 % 730) * interval '1 day'
     FROM generate_series(1, $1) AS g
     ORDER BY g * 7 % 730, g`,
    [ROWS],
  );
  await vacuumUntilAllVisible(t.database.raw, 'page_feedback');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);
const month = { from: '2026-06-01', to: '2026-06-30' };

describe('page satisfaction read paths (issue 23)', () => {
  it('the summary of a month: an index-only range of page_feedback_day_idx, no heap, no seq scan', async () => {
    const p = await plan(repo.scoreCountsQuery(t.db, month));
    expect(p).not.toMatch(/Seq Scan/);
    expect(p).toMatch(indexScan('page_feedback_day_idx', 'page_feedback', 'only'));
    expect(p).toMatch(noHeapFetches);
  });

  it('a page of the comments of every screen, newest first, from page_feedback_comment_idx', async () => {
    const p = await plan(repo.commentPageQuery(t.db, month, undefined, 40, 20));
    expectNoSortNoSeqScan(p, /Seq Scan/);
    expect(p).toMatch(indexScan('page_feedback_comment_idx', 'page_feedback'));
  });

  it('a page of one screen’s comments from page_feedback_screen_comment_idx', async () => {
    const p = await plan(repo.commentPageQuery(t.db, { from: '2025-01-01', to: '2026-12-31' }, '/nids/notice/view/7', 0, 20));
    expectNoSortNoSeqScan(p, /Seq Scan/);
    expect(p).toMatch(indexScan('page_feedback_screen_comment_idx', 'page_feedback'));
  });

  it('the comments’ count through a comment index, no seq scan', async () => {
    expect(await plan(repo.commentCountQuery(t.db, month, undefined))).toMatch(scanUsing('page_feedback_comment_idx'));
    const one = await plan(repo.commentCountQuery(t.db, month, '/nids/notice/view/7'));
    expect(one).not.toMatch(/Seq Scan/);
    expect(one).toMatch(scanUsing('page_feedback_screen_comment_idx'));
  });

  // The export reads every answer of its period, up to its cap, so the index's order saves nothing
  // the heap visits do not cost again: at the default random_page_cost PostgreSQL reads the range as a
  // bitmap and sorts it (9 ms for a month of 8,000 answers), at 1.1 it walks the index. Either way a
  // range of page_feedback_day_idx, and whatever is sorted is at most the cap.
  it('the export of a month: a range of page_feedback_day_idx, no seq scan, at most the cap sorted', async () => {
    const cap = 10_001;
    const p = await plan(repo.answersQuery(t.db, month, cap));
    expect(p).not.toMatch(/Seq Scan/);
    expect(p).toMatch(/(Index Scan using|Bitmap Index Scan on) page_feedback_day_idx\b/);
    for (const [, rows] of p.matchAll(/Sort \(actual rows=(\d+)/g)) expect(Number(rows)).toBeLessThanOrEqual(cap);
  });
});
