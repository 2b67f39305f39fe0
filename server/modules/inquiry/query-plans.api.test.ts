import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_BOARD } from '@contract';
import { createTestApp, type TestApp } from '../../test/harness';
import * as repo from '../board/repo';
import { explainAnalyze, expectNoSortNoSeqScan, indexScan, type Plannable, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';

/**
 * The inquiry queue's read paths at 50,000 inquiries (years of a busy contact-us board) beside
 * 50,000 posts of another board, planned with fresh statistics: the page takes its order from an
 * index (no Sort) and nothing reads the whole table (no Seq Scan). Most inquiries are 완료, few
 * are waiting: the console asks for the waiting ones most. The plans are of the SQL board/repo.ts builds.
 */
let t: TestApp;
const ROWS = 50_000;
const PAGE = 20;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, contact_email, is_secret,
                            inquiry_status, created_at, modified_at)
    SELECT ${INQUIRY_BOARD}, g, '문의 ' || g, '<p>문의 내용 ' || g || '</p>', '문의 내용 ' || g, '문의자' || (g % 997),
           'asker' || g || '@example.com', true,
           CASE WHEN g % 20 = 0 THEN 'RECEIVED' WHEN g % 20 < 4 THEN 'IN_PROGRESS' ELSE 'DONE' END,
           timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes',
           timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes'
    FROM generate_series(1, ${ROWS}) AS g`);
  await t.db.execute(sql`
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, created_at, modified_at)
    SELECT 'notice', g, '공지 ' || g, '<p>본문</p>', '본문', '관리자',
           timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes', timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes'
    FROM generate_series(1, ${ROWS}) AS g`);
  await t.db.execute(sql`UPDATE board SET last_item_no = ${ROWS} WHERE board_code IN (${INQUIRY_BOARD}, 'notice')`);
  await vacuumUntilAllVisible(t.database.raw, 'board_item');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

const seqScan = seqScanOf('board_item');

describe('inquiry queue at 50,000 inquiries', () => {
  it.each([
    ['RECEIVED', 1],
    ['RECEIVED', 100],
    ['IN_PROGRESS', 1],
    ['DONE', 1],
    ['DONE', 1500],
  ] as const)('status %s, page %i: ids by an index-only scan of board_item_inquiry_status_idx, no sort, no seq scan', async (status, page) => {
    const filter = { status, offset: (page - 1) * PAGE, limit: PAGE };
    const p = await plan(repo.inquiryPageIdsQuery(t.db, filter));
    expect(p).toMatch(/Index Only Scan using board_item_inquiry_status_idx on board_item\b/);
    expectNoSortNoSeqScan(p, seqScan);
    const rows = await repo.listInquiryPage(t.db, filter);
    expect(rows).toHaveLength(PAGE);
    expect(rows.every((r) => r.status === status)).toBe(true);
    // Newest first, as the ids came.
    expect(rows.map((r) => r.createdAt.getTime())).toEqual([...rows.map((r) => r.createdAt.getTime())].sort((a, b) => b - a));
    const rowsPlan = await plan(repo.inquiryRowsByIdsQuery(t.db, rows.map((r) => r.id)));
    expect(rowsPlan).toMatch(/Index Scan using board_item_pkey on board_item\b/);
  });

  it('every status, newest first: board_item_created_idx, no sort, no seq scan', async () => {
    for (const offset of [0, 40_000]) {
      const p = await plan(repo.inquiryPageIdsQuery(t.db, { offset, limit: PAGE }));
      expect(p).toMatch(/Index Only Scan using board_item_created_idx on board_item\b/);
      expectNoSortNoSeqScan(p, seqScan);
    }
  });

  it('a keyword with a status filters along the status index, no sort, no seq scan', async () => {
    const p = await plan(repo.inquiryPageIdsQuery(t.db, { status: 'RECEIVED', keyword: '문의자1', offset: 0, limit: PAGE }));
    expect(p).toMatch(indexScan('board_item_inquiry_status_idx', 'board_item', 'either'));
    expectNoSortNoSeqScan(p, seqScan);
  });

  it('the counts: per status from the status index, never a seq scan', async () => {
    for (const query of [repo.inquiryCountQuery(t.db, { status: 'RECEIVED' }), repo.inquiryCountQuery(t.db, {}), repo.inquiryStatusCountsQuery(t.db)]) {
      const p = await plan(query);
      expect(p).not.toMatch(seqScan);
    }
    expect(await plan(repo.inquiryCountQuery(t.db, { status: 'RECEIVED' }))).toMatch(indexScan('board_item_inquiry_status_idx', 'board_item', 'either'));
    const counts = await repo.inquiryStatusCountsQuery(t.db);
    expect(Object.fromEntries(counts.map((c) => [c.status, c.count]))).toEqual({ RECEIVED: 2500, IN_PROGRESS: 7500, DONE: 40000 });
  });
});
