import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock, type TestApp } from '../../test/harness';
import { expectNoSortNoSeqScan, explainAnalyze, indexScan, scanUsing, seqScanOf, vacuumUntilAllVisible, type Plannable } from '../../test/query-plans';
import { latestSiteChangesQuery } from '@server/modules/access-record';
import * as repo from './repo';

/**
 * Every read of the content pages (issue 22) and the dashboard's latest changes, planned with fresh
 * statistics at a size well past what staff will write (eight pages with 3,000 versions each, a
 * tenth of them drafts and some scheduled; 60,000 personal-data access records beside 3,000
 * changes of content): one index walk each, no sort, no sequential scan.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-12-02T10:00:00+09:00'));
const NOW = clock.now();

beforeAll(async () => {
  t = await createTestApp({ clock });
  const raw = t.database.raw;
  // Versions 2..3001 of every page: published an hour apart up to now, every tenth a draft, the last 20 scheduled.
  await raw.query(
    `INSERT INTO content_version (code, version, title, body, body_text, note, effective_from, created_at)
     SELECT c.code, g, '제목 ' || g, '{"type":"html","html":"<p>본문</p>"}'::jsonb, '본문', '',
            CASE WHEN g % 10 = 0 THEN NULL ELSE $1::timestamptz + (g - 2981) * interval '1 hour' END,
            $1::timestamptz - (3001 - g) * interval '1 hour'
     FROM generate_series(2, 3001) AS g
     CROSS JOIN (VALUES ('intro'), ('about'), ('history'), ('organization'), ('registSite'), ('privacy'), ('terms'), ('contactUsTerms')) AS c(code)`,
    [NOW.toISOString()],
  );
  // Personal-data records (most of the table) and changes to content among them. The chain
  // trigger links one row at a time (about 1 ms each), and no chain is checked here: the rows go in
  // with the triggers off (as the access records' own query-plan test does).
  const client = await raw.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_chain');
    await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_no_change');
    await client.query(
      `INSERT INTO access_record (id, at, actor_id, actor_key, address, action, subject_type, subject, detail, prev_hash, hash)
       SELECT 1000000 + g, $1::timestamptz - (63000 - g) * interval '1 minute', $2, 'admin', '127.0.0.1',
              CASE WHEN g % 21 = 0 THEN 'CONTENT_UPDATE' WHEN g % 2 = 0 THEN 'MEMBER_VIEW' ELSE 'MEMBER_LIST_VIEW' END,
              CASE WHEN g % 21 = 0 THEN 'content' ELSE 'member' END, 'x' || g, '{}'::jsonb, '', ''
       FROM generate_series(1, 63000) AS g`,
      [NOW.toISOString(), t.users.admin],
    );
    await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_chain');
    await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_no_change');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  for (const table of ['content_version', 'access_record']) await vacuumUntilAllVisible(raw, table);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);
const seqScan = seqScanOf('content_version', 'access_record');

describe('content reads at scale', () => {
  it('the current version: the first row of the published index', async () => {
    const p = await plan(repo.currentQuery(t.db, 'privacy', NOW));
    expectNoSortNoSeqScan(p, seqScan);
    expect(p).toMatch(indexScan('content_version_published_idx', 'content_version'));
    expect(p).toMatch(/^Limit \(actual rows=1(\.00)? loops=1\)/);
    const head = await plan(repo.currentHeadQuery(t.db, 'privacy', NOW));
    expectNoSortNoSeqScan(head, seqScan);
    expect(head).toMatch(indexScan('content_version_published_idx', 'content_version'));
  });

  it('one version and the newest version: the primary key', async () => {
    for (const statement of [repo.versionQuery(t.db, 'terms', 1234), repo.newestVersionsQuery(t.db, 'terms', 1)]) {
      const p = await plan(statement);
      expectNoSortNoSeqScan(p, seqScan);
      expect(p).toMatch(indexScan('content_version_code_version_pk', 'content_version'));
    }
  });

  it('the public history and the console’s history: one walk each, in the index order', async () => {
    for (const statement of [repo.publishedQuery(t.db, 'privacy'), repo.publishedQuery(t.db, 'about', NOW)]) {
      const p = await plan(statement);
      expectNoSortNoSeqScan(p, seqScan);
      expect(p).toMatch(indexScan('content_version_published_idx', 'content_version'));
    }
    const all = await plan(repo.newestVersionsQuery(t.db, 'privacy'));
    expectNoSortNoSeqScan(all, seqScan);
    expect(all).toMatch(indexScan('content_version_code_version_pk', 'content_version'));
  });

  it('the next scheduled version of a page, and the next moment any page changes by itself', async () => {
    const next = await plan(repo.nextScheduledQuery(t.db, 'privacy', NOW));
    expectNoSortNoSeqScan(next, seqScan);
    expect(next).toMatch(indexScan('content_version_published_idx', 'content_version'));
    const boundary = await plan(repo.nextBoundaryQuery(t.db, NOW));
    expectNoSortNoSeqScan(boundary, seqScan);
    expect(boundary).toMatch(scanUsing('content_version_effective_idx'));
  });
});

describe('the dashboard’s latest changes at scale', () => {
  it('one walk of the action index per action, merged newest first; no personal-data record read', async () => {
    const p = await plan(latestSiteChangesQuery(8));
    expect(p).not.toMatch(seqScan);
    // A Sort node (the Merge Append's own "Sort Key:" line names its order, not a sort).
    expect(p).not.toMatch(/(^|->\s*)(Incremental )?Sort \(/m);
    expect(p).toMatch(/Merge Append/);
    expect(p).toMatch(scanUsing('access_record_action_idx'));
    expect(p).not.toMatch(scanUsing('access_record_at_idx'));
  });
});
