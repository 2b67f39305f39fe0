import { Column, is, SQL, sql, Subquery } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A hot read (issue 24) built once per database and prepared by name (or anything else kept once per database: the batched guest view, board/repo.ts): node-postgres parses and
 * plans a named statement once per pool connection, and no request builds its SQL again (Drizzle's
 * query building was an eighth of a cache miss's CPU). `build` writes the statement with
 * `sql.placeholder(...)` where the request's values go; it must not depend on them.
 *
 * Named statements live on a connection: through a pooler in transaction mode (PgBouncer before
 * 1.21, or without max_prepared_statements) they fail; docs/operations.md says so.
 */
export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const prepared = new WeakMap<Db, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/**
 * `sql.placeholder(name)` where a query function takes a plain value: Drizzle's comparisons take
 * either, and the statement then carries `$n` for it, filled in at each execution.
 */
export function placeholder<T extends string | number | number[]>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/**
 * A LIMIT written into a prepared statement's text, where `.limit(n)` would send `n` as a
 * parameter. PostgreSQL settles a named statement on one generic plan after five executions only
 * when it can cost that plan, and a `LIMIT $n` it cannot cost: it then plans the statement anew at
 * every execution (measured on the post view, with its four subqueries: 0.4-0.5 ms of planning
 * against 0.1-0.2 ms of execution, on each of the misses the statement was prepared for).
 */
export function literalLimit(rows: number): number {
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`a LIMIT must be a whole number, got ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/** What a prepared select of Drizzle's holds of its rows' mapping (node-postgres/session.js, not public). */
interface PreparedRows {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder of a selected field, as Drizzle's mapResultRow picks it per row. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // The decoder an SQL field carries (`sql<T>` with `.mapWith`, else one that passes values as they are) is internal to Drizzle.
  const decoder = (of: unknown) => (of as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder((field as unknown as { _: { sql: SQL } })._.sql);
  return decoder((field as { sql: SQL }).sql);
}

/**
 * `prepared` (a flat select prepared by name) with its rows mapped by decoders worked out once
 * (issue 24). Drizzle's mapResultRow works out each field's decoder again for every row: two to
 * four class checks up the prototype chain a field (`is`): for the post view's 30 fields 5.4-6.8 µs
 * a row against 2.6 mapped so, in a loop (issue 24, session 39). The decoders are Drizzle's own, so
 * the rows are the same objects (board/query-plans.api.test.ts compares them with the unprepared
 * query's). A select Drizzle maps otherwise (nested fields, its own mapper), or a
 * Drizzle whose prepared query no longer holds `fields`, keeps Drizzle's mapping:
 * `rowsMappedOnce` tells which, and the test fails where it is Drizzle's.
 */
export function withRowsMappedOnce<P>(prepared: P): P {
  const query = prepared as unknown as PreparedRows;
  const fields = query.fields;
  if (!Array.isArray(fields) || query.customResultMapper !== undefined || !fields.every((f) => f.path.length === 1)) return prepared;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        mapped[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      }
      return mapped;
    });
  mappedOnce.add(prepared as object);
  return prepared;
}

const mappedOnce = new WeakSet<object>();

/** Whether withRowsMappedOnce gave `prepared` its mapping (false: Drizzle's own). */
export function rowsMappedOnce(prepared: unknown): boolean {
  return typeof prepared === 'object' && prepared !== null && mappedOnce.has(prepared);
}
