import { sql } from 'drizzle-orm';
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
