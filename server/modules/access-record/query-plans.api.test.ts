import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessActions } from '@contract';
import { createTestApp, insertMember, type TestApp } from '../../test/harness';
import { recordAccess } from './record';
import * as repo from './repo';
import { verifyAccessRecords } from './verify';
import { chainBatch } from './repo';
import {
  explainAnalyze, expectNoSortNoSeqScan, indexScan, noHeapFetches, type Plannable, vacuumUntilAllVisible,
} from '../../test/query-plans';

/**
 * The access records' read paths at 100,000 records (about two years of a busy console), planned
 * with fresh statistics: the list, its count and the export take their order from an index
 * (no Sort) and never read the whole table (no Seq Scan). The plans are of the SQL repo.ts builds.
 */
let t: TestApp;
const ROWS = 100_000;
const PAGE = 20;
const START = '2024-01-01T00:00:00+09:00';
/** Five staff accounts; the admin writes every fifth record. */
let staff: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = [t.users.admin];
  for (let i = 1; i < 5; i++) staff.push(await insertMember(t.db, `staff${i}`, `직원${i}`));
  const started = Date.now();
  // The chain trigger links one row at a time (about 1 ms each): 100,000 of them would take minutes.
  // So the rows go in with the triggers off, with ids 1..n, and one recursive statement then links
  // them exactly as the trigger would (the same canonical text, the previous row's hash).
  const client = await t.database.raw.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_chain');
    await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_no_change');
    await client.query(
      `INSERT INTO access_record (id, at, actor_id, actor_key, address, action, subject_type, subject, prev_hash, hash)
       SELECT g, $1::timestamptz + g * interval '10 minutes', u.id, u.user_key_code, '10.0.' || (g % 250) || '.1',
              ($2::jsonb) ->> (g % $3), 'member', 'member' || g, '', ''
       FROM generate_series(1, $4) AS g
       JOIN app_user u ON u.id = ($5::jsonb ->> (g % 5))::bigint`,
      [START, JSON.stringify(accessActions), accessActions.length, ROWS, JSON.stringify(staff)],
    );
    const hashOf = (prev: string) => `encode(sha256(convert_to(access_record_canonical(ROW(r.id, r.at, r.actor_id, r.actor_key,
      r.address, r.action, r.subject_type, r.subject, r.detail, r.reason, r.row_count, ${prev}, '')::access_record), 'UTF8')), 'hex')`;
    await client.query(`
      WITH RECURSIVE chain(id, prev, hash) AS (
        SELECT r.id, repeat('0', 64), ${hashOf(`repeat('0', 64)`)} FROM access_record r WHERE r.id = 1
        UNION ALL
        SELECT r.id, c.hash, ${hashOf('c.hash')} FROM chain c JOIN access_record r ON r.id = c.id + 1
      )
      UPDATE access_record r SET prev_hash = c.prev, hash = c.hash FROM chain c WHERE r.id = c.id`);
    await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_chain');
    await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_no_change');
    await client.query(`SELECT setval('access_record_id_seq', $1)`, [ROWS]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  await vacuumUntilAllVisible(t.database.raw, 'access_record');
  if (process.env.TEST_TIMINGS) console.log(`wrote and chained ${ROWS} records and analysed in ${Date.now() - started} ms`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

function expectIndexPlan(p: string, index: string, only = true): void {
  expectNoSortNoSeqScan(p, /Seq Scan/);
  expect(p).toMatch(indexScan(index, 'access_record', only ? 'only' : 'heap'));
  if (only) expect(p).toMatch(noHeapFetches);
}

const kst = (v: string) => new Date(`${v}+09:00`);
const filters = {
  plain: {},
  period: { from: kst('2025-03-01T00:00:00'), before: kst('2025-04-01T00:00:00') },
  actor: () => ({ actorId: staff[0]! }),
  action: { action: 'MEMBER_EXPORT' as const },
};
const cases = [
  ['plain', () => filters.plain, 'access_record_at_idx'],
  ['period', () => filters.period, 'access_record_at_idx'],
  ['actor', filters.actor, 'access_record_actor_idx'],
  ['action', () => filters.action, 'access_record_action_idx'],
] as const;

describe(`access records at ${ROWS.toLocaleString('en')}`, () => {

  // A deep page of each filter: page 200 of all rows; of one action's (1 row in accessActions.length,
  // about 3,200 now), the last full page.
  const deepPage = (name: string) => (name === 'action' ? Math.floor(ROWS / accessActions.length / PAGE) : 200);
  it.each(cases.flatMap(([name, filter, index]) => [1, deepPage(name)].map((page) => [name, page, filter, index] as const)))(
    'list %s, page %i: ids from an index-only scan of its index, no sort',
    async (_name, page, filter, index) => {
      const p = await plan(repo.pageIdsQuery(t.db, filter(), (page - 1) * PAGE, PAGE));
      expectIndexPlan(p, index);
      expect(p).toMatch(new RegExp(`Limit \\(actual rows=${PAGE}(\\.00)? `));
    },
  );

  it.each(cases)('count %s: index-only over its index', async (name, filter, index) => {
    // The whole table is counted over its smallest index, which is the primary key.
    expectIndexPlan(await plan(repo.countQuery(t.db, filter())), name === 'plain' ? 'access_record_pkey' : index);
  });

  it('a page’s rows by primary key; the export from its index', async () => {
    const ids = (await repo.pageIdsQuery(t.db, {}, 0, PAGE)).map((r) => r.id);
    expectIndexPlan(await plan(repo.rowsByIdQuery(t.db, ids)), 'access_record_pkey', false);
    // The export reads every match (up to 10,001): the planner may fetch a period's rows by bitmap
    // and sort those few thousand in memory, which is fine once; it must never read the table.
    for (const [filter, index] of [[filters.period, 'access_record_at_idx'], [filters.action, 'access_record_action_idx']] as const) {
      const p = await plan(repo.listRowsQuery(t.db, filter, 10_001));
      expect(p).not.toMatch(/Seq Scan/);
      expect(p).toMatch(new RegExp(`(Index|Bitmap Index) Scan(?: Backward)? (using|on) ${index}`));
    }
  });

  it('the chain check walks the primary key in batches', async () => {
    const p = await plan(chainBatch('50000', 1000));
    expectIndexPlan(p, 'access_record_pkey', false);
  });

  it('the console’s chain head: the count index-only on the primary key, the last hash one backward probe (issue 25)', async () => {
    const p = await plan(repo.chainHeadQuery);
    expect(p).toMatch(/Index Only Scan using access_record_pkey on access_record/);
    expect(p).toMatch(/Index Scan Backward using access_record_pkey on access_record/);
    expect(p).toMatch(noHeapFetches);
    expect(p).not.toMatch(/Seq Scan|Sort/);
    expect((await repo.chainHead(t.db)).count).toBe(ROWS);
  });

  // Last: it writes a record after the VACUUM the index-only plans above rely on.
  it('the whole chain checks, and the next record the app writes links to it', async () => {
    await recordAccess(t.db, { userId: t.users.admin, address: '127.0.0.1' }, new Date(), {
      action: 'MEMBER_VIEW', subjectType: 'member', subject: 'member1',
    });
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true, count: ROWS + 1 });
  }, 60_000);
});
