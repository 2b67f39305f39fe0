import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../modules/file/store';
import { migrateFolder, openTestDatabase, type TestDatabase } from '../test/harness';
import { seedIfEmpty } from '.';

/**
 * The first-start seed leaves fresh statistics behind: without them the planner guesses on an
 * empty-looking table (a post lookup by board and number took 15 ms instead of 0.03 ms).
 */
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-seed-'));
  database = await openTestDatabase({ empty: true });
  await migrateFolder(database);
}, 60_000);

afterAll(async () => {
  await database?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('analyses the database after writing the demo content', async () => {
    const silent = { info: () => {}, warn: () => {} };
    const seeded = await seedIfEmpty(
      database.db,
      new LocalFileStore(path.join(dataDir, 'files')),
      { adminId: 'admin', adminPassword: 'seed-test-password-1234', dataDir, seedDemo: true },
      silent,
    );
    expect(seeded).toBe(true);
    const { rows } = await database.raw.query<{ relname: string; reltuples: number; live: number }>(`
      SELECT c.relname, c.reltuples::int AS reltuples,
             (SELECT count(*)::int FROM board_item WHERE c.relname = 'board_item') + (SELECT count(*)::int FROM board WHERE c.relname = 'board') AS live
      FROM pg_class c WHERE c.relname IN ('board_item', 'board') ORDER BY c.relname`);
    // ANALYZE counted exactly the rows the seed wrote (a never-analysed table says -1).
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.live, row.relname).toBeGreaterThan(0);
      expect(row.reltuples, row.relname).toBe(row.live);
    }
  });

  it('instances starting together on a new database seed it once', async () => {
    const fresh = await openTestDatabase({ empty: true });
    try {
      await migrateFolder(fresh);
      const silent = { info: () => {}, warn: () => {} };
      const files = new LocalFileStore(path.join(dataDir, 'files-together'));
      const opts = { adminId: 'admin', adminPassword: 'seed-test-password-1234', dataDir, seedDemo: true };
      const results = await Promise.all([1, 2, 3].map(() => seedIfEmpty(fresh.db, files, opts, silent)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const { rows } = await fresh.raw.query<{ admins: number; notices: number }>(
        `SELECT (SELECT count(*)::int FROM app_user WHERE user_key_code = 'admin') AS admins, (SELECT count(*)::int FROM board_item WHERE board_code = 'notice') AS notices`,
      );
      expect(rows[0]!.admins).toBe(1);
      // As many as one seed writes (the first test's database had one).
      const once = await database.raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM board_item WHERE board_code = 'notice'`);
      expect(rows[0]!.notices).toBe(once.rows[0]!.n);
    } finally {
      await fresh.dispose();
    }
  });

  it('refuses an ADMIN_PASSWORD a guesser tries first (issue 25), storing nothing', async () => {
    const fresh = await openTestDatabase({ empty: true });
    try {
      await migrateFolder(fresh);
      const files = new LocalFileStore(path.join(dataDir, 'files-weak'));
      const silent = { info: () => {}, warn: () => {} };
      await expect(seedIfEmpty(fresh.db, files, { adminId: 'admin', adminPassword: 'Korea123!', dataDir, seedDemo: false }, silent)).rejects.toThrow(
        /^ADMIN_PASSWORD is too easy to guess: .*추측/,
      );
      const { rows } = await fresh.raw.query<{ users: number; boards: number }>('SELECT (SELECT count(*)::int FROM app_user) AS users, (SELECT count(*)::int FROM board) AS boards');
      expect(rows[0]).toEqual({ users: 0, boards: 0 });
    } finally {
      await fresh.dispose();
    }
  });
});
