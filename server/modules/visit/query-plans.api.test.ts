import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createBoardItem } from '../../test/factories';
import { explainAnalyze, expectNoSortNoSeqScan, indexScan, type Plannable, scanUsing, seqScanOf, sortNode, vacuumUntilAllVisible } from '../../test/query-plans';
import { hourRowsQuery, storeVisitsQuery, topQuery, valueTotalsQuery } from './repo';

/**
 * The console's two statistics reads (issue 23) at two years of a busy site: every hour of 730
 * days (people and robots), and per day 40 screens, 400 posts, 60 referring hosts, 3 devices and
 * 10 browsers (about 380,000 rows). Each read is a range of its table's primary key.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const raw = t.database.raw;
  await raw.query(
    `INSERT INTO visit_hour (day, hour, bot, views, visitors, day_visitors)
     SELECT d::date, h, b, 100 + h, 40, 10 FROM generate_series('2025-01-01'::date, '2026-12-31'::date, interval '1 day') d,
       generate_series(0, 23) h, (VALUES (false), (true)) AS bots(b)`,
  );
  await raw.query(
    `INSERT INTO visit_count (kind, day, value, views, visitors)
     SELECT k.kind, d::date, k.prefix || g, (g * 7919) % 500 + 1, CASE WHEN k.kind IN ('device', 'browser') THEN 5 ELSE 0 END
     FROM generate_series('2025-01-01'::date, '2026-12-31'::date, interval '1 day') d
     JOIN (VALUES ('screen', 'list:board', 40), ('post', 'notice/', 400), ('referrer', 'host', 60), ('device', 'device', 3), ('browser', 'browser', 10))
       AS k(kind, prefix, n) ON true
     JOIN generate_series(1, 400) g ON g <= k.n`,
  );
  for (const table of ['visit_hour', 'visit_count']) await vacuumUntilAllVisible(raw, table);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

describe('visitor statistics reads at two years', () => {
  it('the visits by day or hour: a range of visit_hour in key order, no sort', async () => {
    for (const [from, to] of [['2026-12-01', '2026-12-31'], ['2026-01-01', '2026-12-31']] as const) {
      const p = await plan(hourRowsQuery(t.db, from, to));
      expect(p).toMatch(indexScan('visit_hour_day_hour_bot_pk', 'visit_hour', 'only'));
      expectNoSortNoSeqScan(p, seqScanOf('visit_hour'));
    }
  });

  // Up to half a year: the console's default 30 days and longer. The longest period the console
  // allows (366 days) of the commonest kind is about half of a table that retention keeps at two
  // years, which a server left at random_page_cost = 4 rightly reads by a scan: bounded by the
  // retention setting, not by the site's age.
  it.each([['2026-12-02', '2026-12-31'], ['2026-07-01', '2026-12-31']])('a top list of %s..%s: an index-only range of one kind in visit_count, summed per value; only the sums are sorted', async (from, to) => {
    for (const kind of ['post', 'screen', 'browser'] as const) {
      const p = await plan(topQuery(t.db, kind, from, to, 10));
      expect(p).toMatch(indexScan('visit_count_kind_day_value_pk', 'visit_count', 'only'));
      expect(p).not.toMatch(seqScanOf('visit_count'));
      // The one sort is the top-N of the grouped sums, above the aggregate, never of the rows read.
      const lines = p.split('\n');
      const aggregate = lines.findIndex((line) => /Aggregate/.test(line));
      expect(aggregate).toBeGreaterThan(0);
      expect(lines.slice(aggregate).join('\n')).not.toMatch(sortNode);
    }
  });

  it("the previous period of a top list: each listed value's days from visit_count_value_idx", async () => {
    const values = Array.from({ length: 10 }, (_, i) => `notice/${i + 1}`);
    const p = await plan(valueTotalsQuery(t.db, 'post', '2025-01-01', '2025-12-31', values));
    expect(p).toMatch(indexScan('visit_count_value_idx', 'visit_count', 'only'));
    expect(p).toMatch(/Index Cond: \(\(kind = 'post'::text\) AND \(value = ANY/);
    expect(p).not.toMatch(seqScanOf('visit_count'));
  });
});

describe("a flush's statement", () => {
  it('looks up only the posts no page was made from, each by one probe of board_item_no_uq, never a scan', async () => {
    // A board of 20,000 posts with fresh statistics: on a handful of rows a scan is rightly cheaper.
    await t.database.raw.query(
      `INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name)
       SELECT 'notice', 1000000 + g, '공지 ' || g, '<p>본문</p>', '본문', '관리자' FROM generate_series(1, 20000) AS g`,
    );
    await t.database.raw.query('ANALYZE board_item');
    const [shown, notShown] = [await createBoardItem(t.db, { title: '연 공지' }), await createBoardItem(t.db, { title: '알림으로 센 공지' })];
    const hit = (post: string | null, postShown: boolean) => ({ day: '2027-03-01', hour: 9, visitorKey: 'k1', bot: false, device: 'desktop', browser: 'chrome', screen: 'boardView', post, postShown, referrer: null });
    const rows = [hit(`notice/${shown.itemNo}`, true), hit(`notice/${shown.itemNo}`, true), hit(`notice/${notShown.itemNo}`, false), hit('notice/987654', false), hit(null, false)];
    const p = await plan(storeVisitsQuery(rows));
    expect(p).toMatch(indexScan('board_item_no_uq', 'board_item', 'either'));
    expect(p).not.toMatch(seqScanOf('board_item'));
    // One probe a post not shown (two), none for the post shown twice (a day past the seeded two years).
    const probe = p.split('\n').find((line) => scanUsing('board_item_no_uq').test(line));
    expect(probe).toMatch(/loops=2\)/);
    const stored = await t.database.raw.query(`SELECT value, views FROM visit_count WHERE kind = 'post' AND day = '2027-03-01' ORDER BY value`);
    expect(stored.rows).toEqual(
      [
        { value: `notice/${shown.itemNo}`, views: 2 },
        { value: `notice/${notShown.itemNo}`, views: 1 },
      ].sort((a, b) => (a.value < b.value ? -1 : 1)),
    );
  });
});
