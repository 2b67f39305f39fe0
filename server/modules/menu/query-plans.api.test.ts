import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectNoSortNoSeqScan, explainAnalyze, indexScan, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';
import { HEADER_MENU, menuRowQuery } from './repo';

/**
 * The menu's read (GET /api/menu on a cache miss): one row by its key. The site has one menu row
 * today; with a few thousand rows (other menus, or a table that grew) the read stays one walk of
 * the primary key, never a scan.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`INSERT INTO site_menu (key, items) SELECT 'other-' || g, '[]'::jsonb FROM generate_series(1, 5000) AS g`);
  await vacuumUntilAllVisible(t.database.raw, 'site_menu');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the menu read', () => {
  it('reads the header menu by its primary key: no sort, no sequential scan', async () => {
    const plan = await explainAnalyze(t.database.raw, menuRowQuery(t.db, HEADER_MENU));
    expect(plan).toMatch(indexScan('site_menu_pkey', 'site_menu'));
    expectNoSortNoSeqScan(plan, seqScanOf('site_menu'));
  });
});
