import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrateAndAnalyse, migrationsFolder, type Db } from './client';
import * as schema from './schema';
import { migrateFolder, openTestDatabase, type TestDatabase } from '../test/harness';

/**
 * "A database created by the first migration upgrades cleanly to the latest": a site installed
 * with the first release must start on every later one without losing data.
 */
interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));

let database: TestDatabase;
const releases: string[] = [];

/** The migrations folder as a site on an earlier release had it: the journal ends at `tag`. */
function releasedUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-migrations-'));
  releases.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const end = journal.entries.findIndex((e) => e.tag === tag);
  expect(end, tag).toBeGreaterThanOrEqual(0);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }, null, 2));
  return folder;
}

beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
});

afterAll(async () => {
  await database?.dispose();
  for (const folder of releases) fs.rmSync(folder, { recursive: true, force: true });
});

async function rows<T extends QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.raw.query<T>(text, params)).rows;
}

async function appliedMigrations(): Promise<number> {
  const [row] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return row!.n;
}

describe('migrations', () => {
  it('the journal lists every SQL file, in order, starting with the first migration', () => {
    const sqlFiles = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(sqlFiles);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    const whens = journal.entries.map((e) => e.when);
    expect([...whens].sort((a, b) => a - b)).toEqual(whens);
  });

  it('a database created by the first migration upgrades cleanly to the latest, keeping its data', async () => {
    await migrateFolder(database, releasedUpTo(journal.entries[0]!.tag));
    expect(await appliedMigrations()).toBe(1);

    // Data written by the first release, with the columns the first migration has.
    await database.raw.query(`INSERT INTO role (role_code, name, permissions) VALUES ('LEGACY', '옛 역할', '{MEMBER_Access}')`);
    await database.raw.query(`INSERT INTO role (role_code, name, permissions) VALUES ('ADMIN', '관리자', '{ADMIN_Access,MEMBER_Access}')`);
    await database.raw.query(
      `INSERT INTO board (board_code, area, name, permissions) VALUES ('legacyBoard', 'Nids', '옛 게시판', '{"list":["LEGACY"],"read":[],"write":[],"comment":[],"download":[],"manage":[]}')`,
    );
    await database.raw.query(
      `INSERT INTO board_item (board_code, item_no, title, content, writer_name) VALUES ('legacyBoard', 1, '첫 릴리스의 글', '<p>본문</p>', '관리자')`,
    );

    // A pop-up with an image, made before its text alternative could be written (0017).
    await migrateFolder(database, releasedUpTo('0016_content_menu_popup'));
    await database.raw.query(
      `INSERT INTO popup (title, image_file_id, starts_at, ends_at) VALUES ('옛 팝업', '00000000-0000-4000-8000-000000000001', now(), now() + interval '1 day')`,
    );

    await migrateFolder(database);
    expect(await appliedMigrations()).toBe(journal.entries.length);

    // Migration 0017 (issue 22): it has none stored, so its title stays the text (server/modules/popup/answers.ts).
    expect(await rows(`SELECT title, image_alt FROM popup`)).toEqual([{ title: '옛 팝업', image_alt: null }]);
    expect(await rows(`SELECT role_code, name FROM role WHERE role_code = 'LEGACY'`)).toEqual([{ role_code: 'LEGACY', name: '옛 역할' }]);
    // Migrations 0016 and 0018 (issues 22, 23): the admin role of an existing site gets CONTENT_Manage and STATS_View, no other role does.
    expect(await rows(`SELECT role_code, permissions FROM role ORDER BY role_code`)).toEqual([
      { role_code: 'ADMIN', permissions: ['ADMIN_Access', 'MEMBER_Access', 'CONTENT_Manage', 'STATS_View'] },
      { role_code: 'LEGACY', permissions: ['MEMBER_Access'] },
    ]);
    expect(await rows(`SELECT title, content FROM board_item WHERE board_code = 'legacyBoard'`)).toEqual([
      { title: '첫 릴리스의 글', content: '<p>본문</p>' },
    ]);
  });

  it('after upgrading, every table, column and index of the schema exists', async () => {
    const present = await rows<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const columns = new Set(present.map((r) => `${r.table_name}.${r.column_name}`));
    const indexes = new Set((await rows<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r) => r.indexname));
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const table of tables) {
      for (const column of table.columns) {
        expect(columns.has(`${table.name}.${column.name}`), `${table.name}.${column.name}`).toBe(true);
      }
      for (const index of table.indexes) {
        expect(indexes.has(index.config.name!), `${table.name}: ${index.config.name}`).toBe(true);
      }
    }
  });

  it('migrating an up-to-date database again changes nothing', async () => {
    await migrateFolder(database);
    expect(await appliedMigrations()).toBe(journal.entries.length);
  });

  it('refreshes the planner statistics when it applies migrations, and only then', async () => {
    const fresh = await openTestDatabase({ empty: true });
    try {
      const reltuples = async () =>
        (await fresh.raw.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'board_item'::regclass`)).rows[0]!.n;
      expect(await migrateAndAnalyse(fresh.pool, fresh.db)).toBe(journal.entries.length);
      // -1 means never analysed; ANALYZE of the new, empty table records 0 rows.
      expect(await reltuples()).toBe(0);
      expect(await migrateAndAnalyse(fresh.pool, fresh.db)).toBe(0);
    } finally {
      await fresh.dispose();
    }
  });

  it('several instances starting together on an empty database migrate it once', async () => {
    const fresh = await openTestDatabase({ empty: true });
    // Three "instances": each its own pool and drizzle, as each process would have.
    const instances = [0, 1, 2].map(() => {
      const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
      const db: Db = drizzle(pool, { schema });
      return { pool, db };
    });
    try {
      const applied = await Promise.all(instances.map((i) => migrateAndAnalyse(i.pool, i.db)));
      expect([...applied].sort((a, b) => a - b)).toEqual([0, 0, journal.entries.length]);
      const { rows: done } = await fresh.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(done[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((i) => i.pool.end()));
      await fresh.dispose();
    }
  });
});
