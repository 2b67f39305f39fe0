import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlumniPage } from '@contract';
import { createTestApp, data, type TestApp } from '../../test/harness';
import * as repo from './repo';
import { buildAlumniSearchTokens } from './search';
import { explainAnalyze, expectNoSortNoSeqScan, indexScan, noHeapFetches, type Plannable, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';

/**
 * The address book's list at a realistic size (20,000 records), planned with fresh statistics:
 * each order walks its index without a sort, and a keyword is a lookup in alumni_search_idx
 * (docs/decisions/0004-korean-search.md), never a sequential scan.
 */
let t: TestApp;
const ROWS = 20_000;
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['민수', '서연', '지훈', '하은', '도윤', '수아', '예준', '지우', '시우', '하린', '주원', '지호', '서준'];
const ORGS = ['서울대학교병원', '세브란스병원', '서울아산병원', '삼성서울병원', '국립암센터', '분당서울대병원', '고려대병원'];

beforeAll(async () => {
  t = await createTestApp();
  // The tokens the repository would build, made in SQL for speed: unigrams and bigrams of each
  // field (the fields have no spaces), and the phone's digits.
  await t.db.execute(sql`
    WITH src AS (
      SELECT g,
        (${sql.param(SURNAMES)}::text[])[1 + g % 10] || (${sql.param(GIVEN)}::text[])[1 + (g / 10) % 13] AS name,
        (${sql.param(ORGS)}::text[])[1 + g % 7] AS organization,
        CASE WHEN g % 1000 = 0 THEN '희귀연구소' ELSE '진료부' END AS department,
        'user' || g || '@example.kr' AS email,
        '010-' || lpad((g % 10000)::text, 4, '0') || '-' || lpad(g::text, 4, '0') AS phone
      FROM generate_series(1, ${ROWS}) AS g
    )
    INSERT INTO alumni (name, organization, department, position, email, phone, memo, search_tokens, created_at, modified_at)
    SELECT name, organization, department, '', email, phone, '',
      ARRAY(
        SELECT DISTINCT lower(tok) FROM (
          SELECT substr(f, i, 1) AS tok FROM unnest(ARRAY[name, organization, department, email, phone, replace(phone, '-', '')]) AS f,
            generate_series(1, char_length(f)) AS i
          UNION ALL
          SELECT substr(f, i, 2) FROM unnest(ARRAY[name, organization, department, email, phone, replace(phone, '-', '')]) AS f,
            generate_series(1, char_length(f) - 1) AS i
        ) t
      ),
      timestamptz '2020-01-01 00:00:00+09' + g * interval '1 hour',
      timestamptz '2020-01-01 00:00:00+09' + g * interval '1 hour'
    FROM src`);
  await vacuumUntilAllVisible(t.database.raw, 'alumni');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

const seqScan = seqScanOf('alumni');

describe('address-book list at 20,000 records', () => {
  it('the loaded tokens are the ones the repository builds', async () => {
    const { rows } = await t.database.raw.query<{ name: string; organization: string; department: string; email: string; phone: string; search_tokens: string[] }>(
      'SELECT name, organization, department, email, phone, search_tokens FROM alumni WHERE id IN (1, 1000, 12345)',
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) expect([...r.search_tokens].sort()).toEqual(buildAlumniSearchTokens(r).sort());
  });

  it.each([
    ['createdDate,DESC', 'alumni_created_idx'],
    ['createdDate,ASC', 'alumni_created_idx'],
    ['name,ASC', 'alumni_name_idx'],
    ['name,DESC', 'alumni_name_idx'],
  ] as const)('%s: the ids of pages 1, 500 and 1,000 are an index-only scan of %s, no sort, no heap fetch', async (sort, index) => {
    for (const page of [1, 500, 1000]) {
      const p = await plan(repo.pageIdsQuery(t.db, { sort, offset: (page - 1) * 20, limit: 20 }));
      expect(p).toMatch(indexScan(index, 'alumni', 'only'));
      expect(p).toMatch(noHeapFetches);
      expectNoSortNoSeqScan(p, seqScan);
    }
  });

  it('the rows of a page are primary-key probes', async () => {
    const ids = (await repo.pageIdsQuery(t.db, { sort: 'name,ASC', offset: 9980, limit: 20 })).map((r) => r.id);
    expect(ids).toHaveLength(20);
    const p = await plan(repo.rowsByIdsQuery(t.db, ids));
    expect(p).toMatch(/Index Scan using alumni_pkey on alumni/);
    expect(p).not.toMatch(seqScan);
  });

  it('deep pages answer the same rows as a plain ORDER BY ... OFFSET', async () => {
    for (const sort of ['name,ASC', 'name,DESC', 'createdDate,DESC', 'createdDate,ASC'] as const) {
      const f = { sort, offset: 12_340, limit: 20 };
      const { rows } = await repo.list(t.db, f);
      const expected = await repo.listQuery(t.db, f);
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('the plain total reads an index only', async () => {
    const p = await plan(repo.countQuery(t.db, undefined));
    expect(p).toMatch(/Index Only Scan using \w+ on alumni/);
    expect(p).not.toMatch(seqScan);
  });

  it.each([
    ['희귀', 20], // two syllables, one record in a thousand
    ['희', 20], // one syllable
    ['희귀연구소', 20],
    ['user1234@', 1], // an e-mail
    ['0101234', 2], // phone digits without hyphens
  ])('keyword "%s": the list and its count look up alumni_search_idx, no sequential scan', async (keyword, expected) => {
    const filter = { keyword, sort: 'createdDate,DESC' as const, offset: 0, limit: 20 };
    for (const query of [repo.pageIdsQuery(t.db, filter), repo.countQuery(t.db, keyword)]) {
      const p = await plan(query);
      expect(p).toMatch(/Bitmap Index Scan on alumni_search_idx/);
      expect(p).not.toMatch(seqScan);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/alumni?keyword=${encodeURIComponent(keyword)}`, headers: t.auth(t.tokens.admin) });
    expect(data<AlumniPage>(res).totalElements).toBe(expected);
  });

  it('page 1 through the API: 20 records, newest first, the exact total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alumni', headers: t.auth(t.tokens.admin) });
    const page = data<AlumniPage>(res);
    expect(page.totalElements).toBe(ROWS);
    expect(page.content).toHaveLength(20);
    const dates = page.content.map((r) => r.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
