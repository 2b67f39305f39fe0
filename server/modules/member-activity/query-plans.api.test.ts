import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_BOARD } from '@contract';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { memberPostsCountQuery, memberPostsQuery } from '../board/repo';
import { memberCommentsCountQuery, memberCommentsQuery } from '../comment/repo';
import { explainAnalyze, expectNoSortNoSeqScan, indexScan, type Plannable, scanUsing, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';

/**
 * My page's activity tabs at 40,000 posts and 80,000 comments by 200 members (a busy community
 * board over years), planned with fresh statistics: each tab takes its order from an index on the
 * writer (no Sort) and never reads a whole table. The plans are of the SQL the repositories build.
 */
let t: TestApp;
const POSTS = 40_000;
const COMMENTS = 80_000;
const MEMBERS = 200;
const PAGE = 10;
let memberId: number;
const memberIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < MEMBERS; i++) memberIds.push((await createMember(t.db)).id);
  memberId = memberIds[7]!;
  const ids = sql.raw(`ARRAY[${memberIds.join(',')}]::bigint[]`);
  // Posts on the community board and inquiries (one in seven), writers in turn.
  await t.db.execute(sql`
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_id, writer_name, is_secret, created_at, modified_at)
    SELECT CASE WHEN g % 7 = 0 THEN ${INQUIRY_BOARD} ELSE 'community' END, g, '글 ' || g, '<p>본문</p>', '본문',
           (${ids})[1 + g % ${MEMBERS}], '회원', g % 7 = 0,
           timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes', timestamptz '2020-01-01 00:00:00+09' + g * interval '37 minutes'
    FROM generate_series(1, ${POSTS}) AS g`);
  await t.db.execute(sql`UPDATE board SET last_item_no = ${POSTS} WHERE board_code IN (${INQUIRY_BOARD}, 'community')`);
  await t.db.execute(sql`
    INSERT INTO board_item_comment (board_item_id, writer_id, writer_name, content, created_at, modified_at)
    SELECT (SELECT min(id) FROM board_item) + g % ${POSTS}, (${ids})[1 + (g * 7) % ${MEMBERS}], '회원', '댓글 ' || g,
           timestamptz '2020-01-01 00:00:00+09' + g * interval '17 minutes', timestamptz '2020-01-01 00:00:00+09' + g * interval '17 minutes'
    FROM generate_series(1, ${COMMENTS}) AS g`);
  await vacuumUntilAllVisible(t.database.raw, 'board_item');
  await vacuumUntilAllVisible(t.database.raw, 'board_item_comment');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);
const seqScan = seqScanOf('board_item', 'board_item_comment');

describe('a member\'s activity at 40,000 posts and 80,000 comments', () => {
  it.each([1, 10])('내가 쓴 글, page %i: board_item_writer_created_idx, no sort, no seq scan', async (page) => {
    const query = memberPostsQuery(t.db, memberId, 'posts', { offset: (page - 1) * PAGE, limit: PAGE });
    const p = await plan(query);
    expect(p).toMatch(indexScan('board_item_writer_created_idx', 'board_item'));
    expectNoSortNoSeqScan(p, seqScan);
    const rows = await query;
    expect(rows).toHaveLength(PAGE);
    expect(rows.every((r) => r.boardCode === 'community')).toBe(true);
    expect(rows.map((r) => r.createdAt.getTime())).toEqual([...rows.map((r) => r.createdAt.getTime())].sort((a, b) => b - a));
  });

  it('내 문의: board_item_writer_idx, no sort, no seq scan', async () => {
    const query = memberPostsQuery(t.db, memberId, 'inquiries', { offset: 0, limit: PAGE });
    const p = await plan(query);
    expect(p).toMatch(indexScan('board_item_writer_idx', 'board_item'));
    expectNoSortNoSeqScan(p, seqScan);
    const rows = await query;
    expect(rows).toHaveLength(PAGE);
    expect(rows.every((r) => r.boardCode === INQUIRY_BOARD)).toBe(true);
  });

  it.each([1, 20])('내 댓글, page %i: board_item_comment_writer_idx, each post by its primary key, no sort, no seq scan', async (page) => {
    const query = memberCommentsQuery(t.db, memberId, { offset: (page - 1) * PAGE, limit: PAGE });
    const p = await plan(query);
    expect(p).toMatch(indexScan('board_item_comment_writer_idx', 'board_item_comment'));
    expect(p).toMatch(indexScan('board_item_pkey', 'board_item'));
    expectNoSortNoSeqScan(p, seqScan);
    const rows = await query;
    expect(rows).toHaveLength(PAGE);
    expect(rows.map((r) => r.createdAt.getTime())).toEqual([...rows.map((r) => r.createdAt.getTime())].sort((a, b) => b - a));
  });

  it('the counts read the writer\'s entries only, never a whole table', async () => {
    // Either writer index: with no order to keep, PostgreSQL 18 may skip-scan the inquiry one's board codes.
    const posts = await plan(memberPostsCountQuery(t.db, memberId, 'posts'));
    expect(posts).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) board_item_writer(_created)?_idx\b/);
    expect(posts).not.toMatch(seqScan);
    const inquiries = await plan(memberPostsCountQuery(t.db, memberId, 'inquiries'));
    expect(inquiries).toMatch(scanUsing('board_item_writer_idx'));
    expect(inquiries).not.toMatch(seqScan);
    const comments = await plan(memberCommentsCountQuery(t.db, memberId));
    expect(comments).toMatch(scanUsing('board_item_comment_writer_idx'));
    expect(comments).not.toMatch(seqScan);
    // A live comment is on a live post (the post's deletion deletes its comments): no probe of the posts.
    expect(comments).not.toMatch(/ on board_item\b(?!_)/);
    const [postCount] = await memberPostsCountQuery(t.db, memberId, 'posts');
    const [inquiryCount] = await memberPostsCountQuery(t.db, memberId, 'inquiries');
    expect(postCount!.count + inquiryCount!.count).toBe(POSTS / MEMBERS);
    const [commentCount] = await memberCommentsCountQuery(t.db, memberId);
    expect(commentCount!.count).toBe(COMMENTS / MEMBERS);
  });
});
