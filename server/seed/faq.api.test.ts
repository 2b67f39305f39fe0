import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../modules/file/store';
import { insertItem } from '@server/modules/board';
import { openTestDatabase, type TestDatabase } from '../test/harness';
import { faqQuestions } from './faq';
import { seedIfEmpty } from '.';

/**
 * Issue 22: the FAQ board reaches an existing site too. A database seeded before it existed (the
 * template, with the faq board taken out again) gets the board and its eight questions on the
 * next start, once even when instances start together, and keeps everything else as it was; a
 * site that has the board is left alone, so questions staff deleted never come back.
 */

let database: TestDatabase;
let dataDir: string;
const silent = { info: () => {}, warn: () => {} };
const start = () =>
  seedIfEmpty(database.db, new LocalFileStore(path.join(dataDir, 'files')), { adminId: 'admin', adminPassword: 'seed-test-password-1234', dataDir, seedDemo: false }, silent);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-faq-seed-'));
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async <Row extends object>(text: string) => (await database.raw.query<Row>(text)).rows;

/** Every table's rows as text, a fingerprint each; the faq board's own rows left out where a table names boards. */
async function everythingButTheFaq(): Promise<Record<string, string>> {
  const tables = await query<{ name: string; byBoard: boolean }>(`
    SELECT c.table_name AS name, bool_or(k.column_name = 'board_code') AS "byBoard"
    FROM information_schema.tables c JOIN information_schema.columns k USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND c.table_type = 'BASE TABLE' GROUP BY c.table_name ORDER BY c.table_name`);
  const out: Record<string, string> = {};
  for (const { name, byBoard } of tables) {
    const where = byBoard ? `WHERE t.board_code <> 'faq'` : '';
    const [row] = await query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t ${where}`,
    );
    out[name] = `${row!.n} ${row!.digest ?? ''}`;
  }
  return out;
}

const faqCounts = () =>
  query<{ boards: number; questions: number }>(
    `SELECT (SELECT count(*)::int FROM board WHERE board_code = 'faq') AS boards,
            (SELECT count(*)::int FROM board_item WHERE board_code = 'faq' AND deleted_at IS NULL) AS questions`,
  ).then((rows) => rows[0]!);

describe('the faq board on an existing site', () => {
  it('a new site has it from its first seed', async () => {
    expect(await faqCounts()).toEqual({ boards: 1, questions: faqQuestions.length });
  });

  it('a site from before it gets it on the next start, once when instances start together, and keeps everything else', async () => {
    // The site as it was before this version: no faq board, and a post of its own since.
    await database.raw.query(`DELETE FROM board_item WHERE board_code = 'faq'`);
    await database.raw.query(`DELETE FROM board WHERE board_code = 'faq'`);
    await insertItem(database.db, { boardCode: 'notice', title: '업그레이드 전에 쓴 공지', content: '<p>그대로 남아야 합니다.</p>', writerId: null, writerName: '등록관리팀' });
    expect(await faqCounts()).toEqual({ boards: 0, questions: 0 });
    const before = await everythingButTheFaq();

    // Three instances starting together: none seeds a new site, one adds the board.
    expect(await Promise.all([start(), start(), start()])).toEqual([false, false, false]);
    expect(await faqCounts()).toEqual({ boards: 1, questions: faqQuestions.length });
    expect(await everythingButTheFaq()).toEqual(before);

    const questions = await query<{ title: string; category: string; item_no: number; search_tokens: string[] }>(
      `SELECT title, category, item_no, search_tokens FROM board_item WHERE board_code = 'faq' ORDER BY item_no`,
    );
    expect(questions.map((q) => [q.item_no, q.category, q.title])).toEqual(faqQuestions.map((q, i) => [i + 1, q.category, q.title]));
    // Written as posts are, so the board's search and counters know them.
    for (const q of questions) expect(q.search_tokens.length).toBeGreaterThan(0);
    const [counted] = await query<{ n: number }>(`SELECT coalesce(sum(item_count), 0)::int AS n FROM board_item_count WHERE board_code = 'faq'`);
    expect(counted!.n).toBe(faqQuestions.length);
  });

  it('a site that has the board is left alone: a question staff deleted stays deleted', async () => {
    await database.raw.query(`UPDATE board_item SET deleted_at = now() WHERE board_code = 'faq' AND item_no = 1`);
    const before = await query<{ n: number }>(`SELECT count(*)::int AS n FROM board_item WHERE board_code = 'faq'`);
    expect(await start()).toBe(false);
    expect(await faqCounts()).toEqual({ boards: 1, questions: faqQuestions.length - 1 });
    expect(await query<{ n: number }>(`SELECT count(*)::int AS n FROM board_item WHERE board_code = 'faq'`)).toEqual(before);
  });
});
