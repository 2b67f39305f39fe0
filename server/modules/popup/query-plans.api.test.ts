import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectNoSortNoSeqScan, explainAnalyze, indexScan, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';
import { currentQuery } from './repo';

/**
 * The visitors' pop-up read (repo.ts currentQuery) on a site that has kept ten years of pop-ups,
 * two a day: it reads the few not yet ended from popup_active_idx, in its order, and never the
 * thousands that ended.
 */
let t: TestApp;
const ENDED = 7_300;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    INSERT INTO popup (title, body, starts_at, ends_at, screen)
    SELECT '팝업 ' || g, '<p>안내 ' || g || '</p>',
           now() - (${ENDED} - g) * interval '12 hours' - interval '3 days',
           now() - (${ENDED} - g) * interval '12 hours' - interval '1 day',
           CASE WHEN g % 2 = 0 THEN 'home' ELSE 'all' END
    FROM generate_series(1, ${ENDED}) AS g`);
  // Three current ones: two active, one scheduled.
  await t.db.execute(sql`
    INSERT INTO popup (title, body, starts_at, ends_at, screen) VALUES
      ('게시 중 1', '', now() - interval '1 hour', now() + interval '1 day', 'home'),
      ('게시 중 2', '', now() - interval '2 hours', now() + interval '2 days', 'all'),
      ('예정', '', now() + interval '1 day', now() + interval '3 days', 'all')`);
  await vacuumUntilAllVisible(t.database.raw, 'popup');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the active pop-ups among ten years of ended ones', () => {
  it('come from popup_active_idx in its order: no sort, no sequential scan, only the current rows read', async () => {
    const p = await explainAnalyze(t.database.raw, currentQuery(t.db, new Date()));
    expect(p).toMatch(indexScan('popup_active_idx', 'popup'));
    expectNoSortNoSeqScan(p, seqScanOf('popup'));
    expect(p).toMatch(/Index Scan using popup_active_idx on popup \(actual rows=3(\.00)? /);
  });
});
