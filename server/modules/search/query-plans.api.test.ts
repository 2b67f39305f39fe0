import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@contract';
import { buildSearchTokens } from '@server/modules/board';
import { rankedWindowQuery, RELEVANCE_WINDOW, SEARCH_COUNT_CAP, siteSearchCountQuery, siteSearchIdsQuery, type SiteSearchFilter } from '@server/modules/board';
import { currentTextsQuery } from '@server/modules/content';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { explainAnalyze, indexScan, type Plannable, seqScanOf, sortNode, vacuumUntilAllVisible } from '../../test/query-plans';
import * as repo from './repo';
import { popularSince } from './service';

/**
 * The site search's reads at 100,000 posts across seven boards (issue 23; docs/decisions/0035):
 * a two-syllable keyword in one title in five walks board_item_created_idx newest first once per
 * board, the walks merged in order, and stops; a rare one is a GIN lookup; no sequential scan of a
 * big table; the one sort is relevance over at most RELEVANCE_WINDOW rows. The plans are of the SQL
 * the repositories build.
 */
let t: TestApp;
/** A member with ten of the 10,000 inquiries. */
let inquirer: number;
const ROWS = 100_000;
const BOARDS = ['notice', 'public', 'annualReport', 'safetyInformation', 'community', 'memberNotice', 'faq'];
/** What a guest's 공지·자료 tab searches. */
const NOTICE_GROUP = ['notice', 'public', 'annualReport', 'safetyInformation'];
const FIRST_WORDS = ['환자', '등록', '인공관절', '심장', '안전성', '환자', '의료기기', '교육', '추적관찰', '통계'];
const SECOND_WORDS = ['안내', '결과', '보고서', '변경', '시행', '설명회', '회수', '이식', '부작용', '현황', '개최'];

beforeAll(async () => {
  t = await createTestApp();
  const words = (list: string[]) =>
    JSON.stringify(list.map((word) => ({ word, tokens: buildSearchTokens({ title: word, contentText: '', writerName: '관리자' }) })));
  // Posts every 5 minutes back from now (about a year), one in ten secret, spread over seven boards.
  await t.db.execute(sql`
    WITH first_word AS (
      SELECT (e.n - 1)::int AS n, e.w->>'word' AS word, ARRAY(SELECT jsonb_array_elements_text(e.w->'tokens')) AS tokens
      FROM jsonb_array_elements(${words(FIRST_WORDS)}::jsonb) WITH ORDINALITY AS e(w, n)
    ), second_word AS (
      SELECT (e.n - 1)::int AS n, e.w->>'word' AS word, ARRAY(SELECT jsonb_array_elements_text(e.w->'tokens')) AS tokens
      FROM jsonb_array_elements(${words(SECOND_WORDS)}::jsonb) WITH ORDINALITY AS e(w, n)
    ), boards AS (
      SELECT (e.n - 1)::int AS n, e.code FROM jsonb_array_elements_text(${JSON.stringify(BOARDS)}::jsonb) WITH ORDINALITY AS e(code, n)
    )
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, is_secret, search_tokens, created_at, modified_at)
    SELECT b.code, 100000 + g, w1.word || ' ' || w2.word, '<p>본문 ' || g || '</p>', '본문 ' || g, '관리자', g % 10 = 0,
           w1.tokens || w2.tokens, now() - g * interval '5 minutes', now() - g * interval '5 minutes'
    FROM generate_series(1, ${ROWS}) AS g
    JOIN boards b ON b.n = g % 7
    JOIN first_word w1 ON w1.n = g % 10
    JOIN second_word w2 ON w2.n = (g / 10) % 11`);
  // 10,000 inquiries from 1,000 members: one member's ten are a range of board_item_writer_idx, not
  // a walk of the board's (on an empty board the planner's choice would be a coin toss).
  await t.db.execute(sql`
    INSERT INTO app_user (user_key_code, role_code, name, password_hash)
    SELECT 'inquirer' || g, 'MEMBER', '회원' || g, 'x' FROM generate_series(1, 1000) AS g`);
  await t.db.execute(sql`
    INSERT INTO board_item (board_code, item_no, title, content, content_text, writer_name, writer_id, is_secret, search_tokens, created_at, modified_at)
    SELECT 'contactus', 200000 + g, '환자 문의', '<p>문의 ' || g || '</p>', '문의 ' || g, '회원', u.id, true,
           string_to_array(${buildSearchTokens({ title: '환자 문의', contentText: '', writerName: '회원' }).join(',')}, ','),
           now() - g * interval '7 minutes', now() - g * interval '7 minutes'
    FROM generate_series(1, 10000) AS g
    JOIN app_user u ON u.user_key_code = 'inquirer' || (g % 1000 + 1)`);
  const [row] = (await t.database.raw.query<{ id: string }>(`SELECT id FROM app_user WHERE user_key_code = 'inquirer1'`)).rows;
  inquirer = Number(row!.id);
  await t.db.execute(sql`
    UPDATE board_item SET title = title || ' 희귀', search_tokens = search_tokens || ARRAY['t:희', 't:귀', 't:희귀']
    WHERE item_no >= 100000 AND item_no % 1000 = 0`);
  // Attachments on every other post, and 60,000 searches of 3,000 terms over 60 days (housekeeping keeps 7).
  await t.db.execute(sql`
    INSERT INTO stored_file (id, board_item_id, original_name, stored_name, content_type, size, sort_order, kind)
    SELECT 'f-' || i.id, i.id, '첨부.pdf', 'x' || i.id, 'application/pdf', 1000, 0, 'attachment'
    FROM board_item i WHERE i.item_no >= 100000 AND i.item_no % 2 = 0`);
  await t.db.execute(sql`
    INSERT INTO search_term_visit (day, term, visitor_key)
    SELECT (now() AT TIME ZONE 'Asia/Seoul')::date - (g % 60), '검색어 ' || (g % 3000), 'v' || g
    FROM generate_series(1, 60000) AS g`);
  // Years of revisions of every page: the current ones are still one walk of the published index.
  await t.db.execute(sql`
    INSERT INTO content_version (code, version, title, body, body_text, effective_from)
    SELECT c.code, 1000 + g, '옛 판 ' || g, '{"type":"html","html":"<p>옛 판</p>"}'::jsonb, '옛 판', now() - interval '20 years' + g * interval '1 day'
    FROM (SELECT DISTINCT code FROM content_version) AS c, generate_series(1, 1000) AS g`);
  for (const table of ['app_user', 'board_item', 'stored_file', 'search_term_visit', 'search_term_hidden', 'content_version']) await vacuumUntilAllVisible(t.database.raw, table);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);
const bigTables = seqScanOf('board_item', 'stored_file', 'search_term_visit');
const createdIndex = indexScan('board_item_created_idx', 'board_item');
/** One walk of board_item_created_idx per board of the group, merged in order. */
function expectMergedWalks(p: string): void {
  expect(p.match(new RegExp(createdIndex.source, 'g'))).toHaveLength(NOTICE_GROUP.length);
  expect(p).toMatch(/Merge Append/);
  // sortNode would also match the Merge Append's own "Sort Key:" line.
  expect(p).not.toMatch(/^\s*(->\s*)?(Incremental )?Sort(?! Key:)\b/m);
  expect(p).not.toMatch(bigTables);
}
const filter = (extra: Partial<SiteSearchFilter> = {}): SiteSearchFilter => ({
  boards: NOTICE_GROUP.map((boardCode) => ({ boardCode, scope: 'public' as const })), viewerId: null,
  keyword: '환자', sort: 'newest', offset: 0, limit: 10, ...extra,
});

describe('site search at 100,000 posts across boards', () => {
  it.each(['환자', '환'])('"%s" newest first: page 1, a deep page and the count merge one walk of board_item_created_idx per board, no sort', async (keyword) => {
    for (const query of [
      siteSearchIdsQuery(filter({ keyword })),
      siteSearchIdsQuery(filter({ keyword, offset: 500 })),
      siteSearchCountQuery(filter({ keyword })),
    ]) expectMergedWalks(await plan(query));
  });

  it('each board\'s walk is a range of its own posts: a small board is never looked for among the big ones\' posts', async () => {
    const p = await plan(siteSearchIdsQuery(filter({ boards: [{ boardCode: 'notice', scope: 'public' }, { boardCode: 'memberNotice', scope: 'public' }] })));
    expect(p).toMatch(/Index Cond: \(board_code = 'memberNotice'::text\)/);
    expect(p).not.toMatch(bigTables);
  });

  it('a member\'s search: the same walks with their own secret posts, and of an inquiry board their own inquiries from board_item_writer_idx', async () => {
    const member = filter({ viewerId: 7, boards: NOTICE_GROUP.map((boardCode) => ({ boardCode, scope: 'publicAndOwn' as const })) });
    expectMergedWalks(await plan(siteSearchIdsQuery(member)));
    const inquiries = await plan(siteSearchIdsQuery(filter({ viewerId: inquirer, boards: [{ boardCode: 'contactus', scope: 'own' }] })));
    expect(inquiries).toMatch(new RegExp(`Index Cond: \\(\\(board_code = 'contactus'::text\\) AND \\(writer_id = '?${inquirer}'?(::bigint)?\\)\\)`));
    expect(inquiries).not.toMatch(bigTables);
  });

  it('by relevance: the newest RELEVANCE_WINDOW matches from the same walks, the one sort of at most that many rows', async () => {
    const p = await plan(rankedWindowQuery(filter({ sort: 'relevance' })));
    expect(p.match(new RegExp(createdIndex.source, 'g'))).toHaveLength(NOTICE_GROUP.length);
    expect(p).not.toMatch(bigTables);
    expect(p.match(/^\s*(->\s*)?Sort \(/gm)).toHaveLength(1);
    expect(p).toMatch(new RegExp(`Limit \\(actual rows=${RELEVANCE_WINDOW}(\\.00)? loops=1\\)`));
  });

  it('the period is a range of each board\'s posts, never a scan of the table', async () => {
    const since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    for (const keyword of ['환자', '희귀']) {
      const p = await plan(siteSearchIdsQuery(filter({ keyword, since, offset: 100 })));
      // Each board's walk starts at the period's start: the walk of board_item_created_idx, or (as
      // ANALYZE's sample of the word's frequency goes) its range ANDed with the GIN lookup, the few
      // rows found sorted. A range of the index either way, one per board.
      expect(p.match(/Index Cond: \(\(board_code = '\w+'::text\) AND \(created_at >= /g)).toHaveLength(NOTICE_GROUP.length);
      expect(p).not.toMatch(bigTables);
    }
  });

  it('a rare word is an index lookup, never a scan of the table', async () => {
    for (const query of [siteSearchIdsQuery(filter({ keyword: '희귀' })), siteSearchCountQuery(filter({ keyword: '희귀' }))]) {
      const p = await plan(query);
      // The GIN lookup, or (as ANALYZE's sample of the word's frequency goes) each board's
      // newest-first walk that stops at the page: never a scan of the table.
      expect(p).toMatch(/Bitmap Index Scan on board_item_search_idx|Index (Only )?Scan using board_item_created_idx/);
      expect(p).not.toMatch(bigTables);
    }
  });

  it('the API answers the 통합 tab and a group tab from these reads: secret posts and closed boards left out', async () => {
    const all = data<SearchAnswer>(await t.app.inject({ method: 'GET', url: `/api/search?keyword=${encodeURIComponent('환자')}` }));
    expect(all.counts.find((c) => c.group === 'notice')).toEqual({ group: 'notice', total: SEARCH_COUNT_CAP, capped: true });
    // The member boards are closed to guests.
    expect(all.counts.find((c) => c.group === 'community')).toEqual({ group: 'community', total: 0, capped: false });
    const page = data<SearchAnswer>(await t.app.inject({ method: 'GET', url: `/api/search?keyword=${encodeURIComponent('희귀')}&group=notice&sort=newest&size=50` }));
    const secret = await t.database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM board_item WHERE deleted_at IS NULL AND NOT is_secret AND board_code = ANY($1) AND title LIKE '%희귀%'`,
      [NOTICE_GROUP],
    );
    expect(page.totalElements).toBe(secret.rows[0]!.n);
    expect(page.results.every((r) => r.title.some((p) => p.mark && p.text === '희귀'))).toBe(true);
  });

  it('the content pages are one walk of content_version_published_idx', async () => {
    const p = await plan(currentTextsQuery(t.db, new Date()));
    expect(p).toMatch(/Index Scan using content_version_published_idx on content_version/);
    expect(p).not.toMatch(sortNode);
  });

  it('the popular terms read the window from the primary key', async () => {
    const since = popularSince(new Date());
    for (const query of [repo.popularQuery(t.db, since), repo.consoleQuery(t.db, since)]) {
      const p = await plan(query);
      expect(p).toMatch(/Index (Only )?Scan using search_term_visit_day_term_visitor_key_pk on search_term_visit/);
      expect(p).not.toMatch(bigTables);
    }
    expect((await repo.popularQuery(t.db, since)).length).toBe(repo.POPULAR_SHOWN);
  });
});
