import type pg from 'pg';
import { appTables } from '../test/table-digest';

/**
 * Whether any row of the application's tables changed, cheaply enough to ask after every single
 * call of the bad-input sweep (server/attack/bad-input.api.test.ts): per table, its row count and
 * the newest `xmin` among its rows, all in one statement (one snapshot, one round trip).
 *
 * Why this is exact for what the sweep asks ("did this refused call change anything?"): PostgreSQL
 * never changes a row in place. An INSERT and an UPDATE both write a row version whose `xmin` is
 * the id of the transaction that wrote it, and a transaction that starts writing after the first
 * fingerprint gets a larger id than any row it saw (the sweep makes its calls one at a time, and
 * waits for the mail a call sends), so either one raises the table's newest `xmin` once committed;
 * a DELETE lowers the count (a DELETE with an INSERT in the same table raises `xmin` again). A row locked FOR UPDATE keeps its `xmin` (the lock is in
 * `xmax`), and a rolled-back write is never visible. It is stricter than the rows' md5
 * (server/test/table-digest.ts): an UPDATE that writes the same values counts as a change too,
 * which is right here, since a refused call should not write at all. The md5 digest sorts and
 * hashes every row of every table; this reads two numbers per table.
 */
export type TableFingerprint = Record<string, string>;

const statements = new WeakMap<pg.Pool, string>();

async function fingerprintStatement(pool: pg.Pool): Promise<string> {
  const known = statements.get(pool);
  if (known) return known;
  const statement = (await appTables(pool))
    .map((name) => `select ${pgLiteral(name)} as name, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as print from ${name}`)
    .join(' union all ');
  statements.set(pool, statement);
  return statement;
}

const pgLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Every table's `rows/newest xmin`. */
export async function tableFingerprint(pool: pg.Pool): Promise<TableFingerprint> {
  // A named statement: each connection of the pool plans it once, not once a call.
  const { rows } = await pool.query<{ name: string; print: string }>({ name: 'attack-table-fingerprint', text: await fingerprintStatement(pool) });
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** The tables whose fingerprint differs, as `table: before → after` (empty when nothing changed). */
export function changedTables(before: TableFingerprint, after: TableFingerprint): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.filter((name) => before[name] !== after[name]).map((name) => `${name}: ${before[name] ?? '-'} → ${after[name] ?? '-'}`);
}
