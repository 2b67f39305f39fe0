import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { keepTallyPages, migrateAndAnalyse } from '../db/client';
import { loadTableDumps, readSequences, setCopySession, writeTableDumps } from './app-dump';
import { clearDatabase, countRows, listSequences, listTables, type Queryable } from './catalog';
import { fileDigest } from './digest';
import { BackupError } from './errors';
import type { DatabaseSection, ManifestEntry } from './manifest';
import { databaseMigrations } from './migrations';
import { findTool, libpqEnv, runTool, type PgTool } from './pg-tools';

/**
 * The database part of a backup, the same way for the embedded server and a PostgreSQL server:
 * PostgreSQL's pg_dump/pg_restore where this machine's pg_dump can dump the server (its major
 * version is the server's or newer), otherwise the app's own dump (app-dump.ts).
 */
export type DumpMethod = DatabaseSection['method'];

const ARCHIVE = 'database/site.pgdump';

export interface MethodChoice {
  method: DumpMethod;
  serverVersion: string;
  pgDump: PgTool | null;
  /** For the operator: which dump, and why. */
  description: string;
}

export async function chooseMethod(db: Queryable, requested: DumpMethod | 'auto'): Promise<MethodChoice> {
  const { rows } = await db.query<{ version: string; num: string }>(
    `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num`,
  );
  const serverVersion = rows[0]!.version.split(' ')[0]!;
  const serverMajor = Math.floor(Number(rows[0]!.num) / 10_000);
  const pgDump = findTool('pg_dump');
  const usable = pgDump !== null && pgDump.major >= serverMajor;
  const why = pgDump
    ? `pg_dump ${pgDump.version} on this machine is older than the PostgreSQL ${serverVersion} server`
    : 'there is no pg_dump on this machine';
  if (requested === 'pg_dump' && !usable) {
    throw new BackupError(`Cannot back up with pg_dump: ${why}. Install PostgreSQL ${serverMajor} client tools or newer, or use --method=app.`);
  }
  const method = requested === 'auto' ? (usable ? 'pg_dump' : 'app') : requested;
  const description =
    method === 'pg_dump'
      ? `pg_dump ${pgDump!.version}`
      : `the site's own dump (${requested === 'app' ? 'asked for with --method=app' : why})`;
  return { method, serverVersion, pgDump: method === 'pg_dump' ? pgDump : null, description };
}

/**
 * Dumps the database into `dir/database/` from one snapshot (REPEATABLE READ): while the site
 * runs, the dump is the database as it stood at one moment. pg_dump reads the same snapshot
 * (`--snapshot`), so the row counts in the manifest are those of its archive.
 */
export async function dumpDatabase(
  database: Database,
  dir: string,
  opts: { choice: MethodChoice; sslCaFile?: string },
): Promise<{ section: DatabaseSection; entries: ManifestEntry[] }> {
  fs.mkdirSync(path.join(dir, 'database'), { recursive: true, mode: 0o700 });
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await setCopySession(client);
    const migrations = await databaseMigrations(client);
    const tables = await listTables(client);
    const base = { method: opts.choice.method, serverVersion: opts.choice.serverVersion, migrations };
    let result: { section: DatabaseSection; entries: ManifestEntry[] };
    if (opts.choice.method === 'pg_dump') {
      const pgDump = opts.choice.pgDump!;
      const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
      const counts = await countRows(client, tables.map((t) => t.name));
      const archive = path.join(dir, ARCHIVE);
      await runTool(
        pgDump,
        ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, '--lock-wait-timeout=60s', `--file=${archive}`],
        libpqEnv(database.url, opts.sslCaFile),
      );
      fs.chmodSync(archive, 0o600);
      result = {
        section: {
          ...base,
          pgDumpVersion: pgDump.version,
          archive: ARCHIVE,
          tables: tables.map((t) => ({ name: t.name, rows: counts.get(t.name) ?? 0 })),
          sequences: [],
        },
        entries: [{ path: ARCHIVE, ...(await fileDigest(archive)) }],
      };
    } else {
      const dumped = await writeTableDumps(client, dir, tables);
      const sequences = await readSequences(client, await listSequences(client));
      result = { section: { ...base, tables: dumped.tables, sequences }, entries: dumped.entries };
    }
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Checks, before anything is written, that this machine can read the dump. */
export function checkRestoreTools(section: DatabaseSection): void {
  if (section.method !== 'pg_dump') return;
  const pgRestore = findTool('pg_restore');
  const needed = Number(section.pgDumpVersion?.split('.')[0] ?? 0);
  if (!pgRestore || pgRestore.major < needed) {
    throw new BackupError(
      `This backup was made with pg_dump ${section.pgDumpVersion}; restoring it needs pg_restore ${needed} or newer, ` +
        `and this machine has ${pgRestore ? `pg_restore ${pgRestore.version}` : 'none'}. Install the PostgreSQL ${needed} client tools (or newer).`,
    );
  }
}

/**
 * Replaces the database's schema and data with the dump's: drops the site's schema, then either
 * pg_restore (which creates the tables, loads the rows and only then adds indexes and triggers) or
 * the migrations followed by the app dump's rows. Afterwards the row counts must be the manifest's.
 */
export async function restoreDatabase(
  database: Database,
  dir: string,
  section: DatabaseSection,
  opts: { sslCaFile?: string } = {},
): Promise<void> {
  await clearDatabase(database.pool);
  if (section.method === 'pg_dump') {
    const env = libpqEnv(database.url, opts.sslCaFile);
    const args = ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${env.PGDATABASE}`];
    await runTool(findTool('pg_restore')!, [...args, path.join(dir, section.archive ?? ARCHIVE)], env);
    // Applies nothing: openBackup found the archive's migrations to be this code's. It also gives
    // the view tally, made anew by pg_restore, its pages (keepTallyPages, decision 0046).
    await migrateAndAnalyse(database.pool, database.db);
  } else {
    await migrateAndAnalyse(database.pool, database.db);
    await loadTableDumps(database.pool, dir, section);
    // The dumps load after a TRUNCATE, which left the view tally no pages (decision 0046).
    await keepTallyPages(database.pool);
  }
  // Fresh statistics for the planner after a bulk load (docs/decisions/0011).
  await database.pool.query('ANALYZE');
  const counts = await countRows(database.pool, section.tables.map((t) => t.name));
  const wrong = section.tables.filter((t) => counts.get(t.name) !== t.rows);
  if (wrong.length > 0) {
    const list = wrong.map((t) => `${t.name} has ${counts.get(t.name) ?? 'no table'} rows, the backup ${t.rows}`).join('; ');
    throw new BackupError(`The restored database does not match the backup: ${list}.`);
  }
}
