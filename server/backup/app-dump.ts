import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { foreignKeyOrder, listTables, quote, restoreTransaction, tableRef, type TableInfo } from './catalog';
import { DigestStream } from './digest';
import { BackupError } from './errors';
import type { DatabaseSection, ManifestEntry, TableSection } from './manifest';

/**
 * The app's own logical dump (docs/decisions/0014-backup-and-restore.md), for when this machine's
 * pg_dump is older than the server (it refuses to dump a newer one) or missing: one gzipped file
 * of `COPY ... TO STDOUT` text per table, all read in the caller's one snapshot, and the state of
 * every sequence. Restored into the schema the migrations make, with the tables' own triggers off,
 * so rows come back as they were (access records keep their ids and hashes; post counters are not
 * counted twice).
 */

/**
 * The text form of a value depends on these settings; both ends use the same ones, so every
 * value (times to the microsecond, floats, bytea) reads back exactly as it was written.
 */
export async function setCopySession(client: pg.ClientBase): Promise<void> {
  for (const setting of [
    'statement_timeout = 0',
    'idle_in_transaction_session_timeout = 0',
    `TimeZone = 'UTC'`,
    `DateStyle = 'ISO, YMD'`,
    `IntervalStyle = 'postgres'`,
    'extra_float_digits = 3',
    `bytea_output = 'hex'`,
  ]) {
    await client.query(`SET LOCAL ${setting}`);
  }
}

const dumpFile = (table: string) => `database/${encodeURIComponent(table)}.copy.gz`;

/** Writes every table; the caller's transaction holds the snapshot. */
export async function writeTableDumps(
  client: pg.ClientBase,
  dir: string,
  tables: TableInfo[],
): Promise<{ tables: TableSection[]; entries: ManifestEntry[] }> {
  const sections: TableSection[] = [];
  const entries: ManifestEntry[] = [];
  for (const table of tables) {
    const file = dumpFile(table.name);
    const columns = table.columns.map(quote).join(', ');
    // In key order: the same data gives the same file, and so the same checksum.
    const order = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(quote).join(', ')}` : '';
    const copy = client.query(copyTo(`COPY (SELECT ${columns} FROM ${tableRef(table.name)}${order}) TO STDOUT`));
    const digest = new DigestStream();
    await pipeline(copy, zlib.createGzip(), digest, fs.createWriteStream(path.join(dir, file), { mode: 0o600, flags: 'wx' }));
    sections.push({ name: table.name, rows: copy.rowCount, columns: table.columns, file });
    entries.push({ path: file, ...digest.result() });
  }
  return { tables: sections, entries };
}

/**
 * Sequences are not part of a snapshot: read after the tables, each is at least as far as any id
 * the dump holds, so new rows after a restore never reuse one.
 */
export async function readSequences(client: pg.ClientBase, names: string[]): Promise<DatabaseSection['sequences']> {
  const states: DatabaseSection['sequences'] = [];
  for (const name of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${tableRef(name)}`);
    states.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return states;
}

/**
 * Loads the dump into the freshly migrated database in one transaction: the tables' own triggers
 * off (as their owner may, without superuser rights; foreign keys stay checked, so tables load
 * parents first), tables emptied of anything the migrations put in, every row copied, sequences set.
 */
export async function loadTableDumps(pool: pg.Pool, dir: string, database: DatabaseSection): Promise<void> {
  await restoreTransaction(pool, async (client) => {
    await setCopySession(client);
    const target = new Map((await listTables(client)).map((t) => [t.name, t]));
    checkSameTables(database.tables, target);
    const names = database.tables.map((t) => t.name);
    for (const name of names) await client.query(`ALTER TABLE ${tableRef(name)} DISABLE TRIGGER USER`);
    if (names.length > 0) await client.query(`TRUNCATE ${names.map(tableRef).join(', ')}`);
    const byName = new Map(database.tables.map((t) => [t.name, t]));
    for (const name of await foreignKeyOrder(client, names)) {
      const table = byName.get(name)!;
      const columns = table.columns!.map(quote).join(', ');
      const copy = client.query(copyFrom(`COPY ${tableRef(name)} (${columns}) FROM STDIN`));
      await pipeline(fs.createReadStream(path.join(dir, table.file!)), zlib.createGunzip(), copy);
    }
    for (const s of database.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [tableRef(s.name), s.lastValue, s.isCalled]);
    }
    for (const name of names) await client.query(`ALTER TABLE ${tableRef(name)} ENABLE TRIGGER USER`);
  });
}

/** The migrations matched, so the tables must too; say so plainly if they do not. */
function checkSameTables(dumped: TableSection[], target: Map<string, TableInfo>): void {
  const dumpedNames = new Set(dumped.map((t) => t.name));
  const missing = dumped.filter((t) => !target.has(t.name)).map((t) => t.name);
  const extra = [...target.keys()].filter((name) => !dumpedNames.has(name));
  const sameColumns = (a: string[], b: string[]) => [...a].sort().join(',') === [...b].sort().join(',');
  const columnsDiffer = dumped
    .filter((t) => target.has(t.name) && (!t.columns || !t.file || !sameColumns(t.columns, target.get(t.name)!.columns)))
    .map((t) => t.name);
  if (missing.length + extra.length + columnsDiffer.length > 0) {
    const parts = [
      missing.length ? `tables not in this version's schema: ${missing.join(', ')}` : '',
      extra.length ? `tables the backup lacks: ${extra.join(', ')}` : '',
      columnsDiffer.length ? `tables with other columns: ${columnsDiffer.join(', ')}` : '',
    ].filter(Boolean);
    throw new BackupError(`The backup does not fit the schema the migrations made (${parts.join('; ')}).`);
  }
}
