import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A hot read (issue 24) built once per database and prepared by name: node-postgres parses and
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
export function placeholder<T extends string | number>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
