import pg from 'pg';
import { BackupError } from './errors';

/**
 * What the backup reads from PostgreSQL's catalog about the site's schema. The site's tables,
 * sequences and functions live in `public` (migrations) and drizzle's bookkeeping in `drizzle`.
 */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface TableInfo {
  name: string;
  /** Stored columns in table order; generated columns are left out (PostgreSQL computes them). */
  columns: string[];
  primaryKey: string[];
}

export const quote = (identifier: string) => pg.escapeIdentifier(identifier);
export const tableRef = (name: string) => `public.${quote(name)}`;

/** Objects an extension owns are the extension's to create and drop, not ours. */
const notInExtension = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;

export async function listTables(db: Queryable): Promise<TableInfo[]> {
  const { rows } = await db.query<{ name: string; columns: string[]; primary_key: string[] }>(`
    SELECT c.relname::text AS name,
      array(
        SELECT a.attname::text FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY a.attnum
      ) AS columns,
      array(
        SELECT a.attname::text FROM pg_index i
        CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary
        ORDER BY k.n
      ) AS primary_key
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND ${notInExtension('pg_class', 'c.oid')}
    ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns, primaryKey: r.primary_key }));
}

export async function listSequences(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`
    SELECT c.relname::text AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' AND ${notInExtension('pg_class', 'c.oid')}
    ORDER BY c.relname`);
  return rows.map((r) => r.name);
}

/** Rows per table, in one statement (so, inside a snapshot, all from the same moment). */
export async function countRows(db: Queryable, tables: string[]): Promise<Map<string, number>> {
  if (tables.length === 0) return new Map();
  const parts = tables.map((t) => `SELECT ${pg.escapeLiteral(t)} AS name, count(*)::text AS n FROM ${tableRef(t)}`);
  const { rows } = await db.query<{ name: string; n: string }>(parts.join(' UNION ALL '));
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

/** The tables that hold at least one row (a restore target must have none, unless forced). */
export async function tablesWithRows(db: Queryable): Promise<string[]> {
  const tables = (await listTables(db)).map((t) => t.name);
  if (tables.length === 0) return [];
  const parts = tables.map((t) => `SELECT ${pg.escapeLiteral(t)} AS name WHERE EXISTS (SELECT 1 FROM ${tableRef(t)})`);
  const { rows } = await db.query<{ name: string }>(parts.join(' UNION ALL '));
  return rows.map((r) => r.name);
}

/**
 * `tables` ordered so that every table comes after the tables its foreign keys point at, for
 * loading with the foreign keys checked. A reference of a table to itself does not order anything.
 */
export async function foreignKeyOrder(db: Queryable, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ child: string; parent: string }>(`
    SELECT src.relname::text AS child, dst.relname::text AS parent
    FROM pg_constraint c
    JOIN pg_class src ON src.oid = c.conrelid
    JOIN pg_class dst ON dst.oid = c.confrelid
    WHERE c.contype = 'f' AND src.relnamespace = 'public'::regnamespace AND dst.relnamespace = 'public'::regnamespace`);
  const wanted = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) {
    if (child !== parent && wanted.has(child) && wanted.has(parent)) parents.get(child)!.add(parent);
  }
  const sorted = [...tables].sort();
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = sorted.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t)).join(', ');
      throw new BackupError(`The tables ${left} refer to each other in a circle; they cannot be loaded one after another.`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/**
 * Drops the site's schema: everything in `public` that no extension owns, the extensions there,
 * and the `drizzle` schema. The `public` schema itself stays (with its owner and privileges),
 * so this needs no more rights than the migrations do. One transaction: all or nothing.
 */
export async function clearDatabase(pool: pg.Pool): Promise<void> {
  await restoreTransaction(pool, async (client) => {
    const { rows: extensions } = await client.query<{ name: string }>(
      `SELECT extname::text AS name FROM pg_extension WHERE extnamespace = 'public'::regnamespace`,
    );
    for (const { name } of extensions) await client.query(`DROP EXTENSION IF EXISTS ${quote(name)} CASCADE`);
    // Tables first: their identity and serial sequences go with them (and cannot go alone).
    const kinds: [string, string][] = [['r', 'TABLE'], ['p', 'TABLE'], ['f', 'FOREIGN TABLE'], ['v', 'VIEW'], ['m', 'MATERIALIZED VIEW'], ['S', 'SEQUENCE']];
    const { rows: relations } = await client.query<{ name: string; kind: string }>(`
      SELECT c.relname::text AS name, c.relkind::text AS kind FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND ${notInExtension('pg_class', 'c.oid')}`);
    for (const [relkind, keyword] of kinds) {
      for (const { name } of relations.filter((r) => r.kind === relkind)) await client.query(`DROP ${keyword} IF EXISTS ${tableRef(name)} CASCADE`);
    }
    const { rows: routines } = await client.query<{ signature: string; kind: string }>(`
      SELECT p.oid::regprocedure::text AS signature, p.prokind::text AS kind FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND ${notInExtension('pg_proc', 'p.oid')}`);
    for (const { signature, kind } of routines) {
      await client.query(`DROP ${kind === 'a' ? 'AGGREGATE' : 'ROUTINE'} IF EXISTS ${signature} CASCADE`);
    }
    // Enums, domains, ranges and standalone composite types; array types go with their element type.
    const { rows: types } = await client.query<{ name: string }>(`
      SELECT t.oid::regtype::text AS name FROM pg_type t
      WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r', 'c')
        AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
        AND ${notInExtension('pg_type', 't.oid')}`);
    for (const { name } of types) await client.query(`DROP TYPE IF EXISTS ${name} CASCADE`);
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  });
}

/**
 * Runs `work` in one transaction on a connection of its own, all or nothing, waiting at most 30 s
 * for a table lock: a lock not had means another connection is using the tables (`inUse`). A
 * connection whose rollback failed is closed, not pooled again.
 */
export async function restoreTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '30s'`);
    await work(client);
    await client.query('COMMIT');
  } catch (err) {
    broken = await client.query('ROLLBACK').then(() => false, () => true);
    throw inUse(err);
  } finally {
    client.release(broken);
  }
}

/** A lock we could not get means another connection is using the tables: most likely a running site. */
function inUse(err: unknown): unknown {
  if ((err as { code?: string }).code === '55P03') {
    return new BackupError(
      'Another connection is using the database (is an instance of the site still running?). Stop every instance of the site, then run the restore again.',
      { cause: err },
    );
  }
  return err;
}
