import { is, Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { expect } from 'vitest';

/**
 * What the query-plan tests (`modules/<resource>/query-plans.api.test.ts`) share: the plan of a
 * statement the repository builds, the patterns its scans are checked with, and a VACUUM that
 * leaves the statistics and the visibility map as housekeeping keeps them.
 */

/** A drizzle query builder or a drizzle `sql` statement. */
export type Plannable = { toSQL(): { sql: string; params: unknown[] } } | SQL;

const dialect = new PgDialect();

/** The plan PostgreSQL runs for `statement`, with its actual row counts; SHOW_PLANS=1 prints it. */
export async function explainAnalyze(raw: pg.Pool, statement: Plannable): Promise<string> {
  const q = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
  const { rows } = await raw.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${q.sql}`, q.params);
  const text = rows.map((r) => Object.values(r)[0]).join('\n');
  if (process.env.SHOW_PLANS) console.log(`${q.sql}\n${text}`);
  return text;
}

/** What a placeholder of a prepared statement stands for (an array: the numbers of `= ANY`). */
export type PlaceholderValue = string | number | number[];

/**
 * The generic plan of a statement prepared by name (server/db/prepared.ts): the plan PostgreSQL
 * may settle on after a few executions, whatever the values, forced here so the test sees it.
 * `statement` is written with placeholders; `values` are what they stand for, by name (the
 * statement's other parameters, a LIMIT and the like, go in as they are).
 */
export async function explainGeneric(raw: pg.Pool, statement: Plannable, values: Record<string, PlaceholderValue>): Promise<string> {
  const q = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
  const client = await raw.connect();
  const literal = (v: unknown): string =>
    typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : Array.isArray(v)
        ? `ARRAY[${v.map(literal).join(', ')}]`
        : client.escapeLiteral(String(v));
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE plan_probe AS ${q.sql}`);
    const args = q.params.map((p) => literal(is(p, Placeholder) ? values[p.name] : p)).join(', ');
    const { rows } = await client.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE plan_probe(${args})`);
    const text = rows.map((r) => Object.values(r)[0]).join('\n');
    if (process.env.SHOW_PLANS) console.log(`${q.sql} (generic)\n${text}`);
    return text;
  } finally {
    // Only its own statement: the pool is the app's too, and node-postgres still counts its named
    // statements prepared on this connection (a DEALLOCATE ALL made the app's next use of one fail
    // with "prepared statement ... does not exist", when the pool handed it this connection).
    await client.query('DEALLOCATE plan_probe').catch(() => undefined);
    await client.query('RESET plan_cache_mode').catch(() => undefined);
    client.release();
  }
}

/**
 * Whether PostgreSQL itself settles a statement prepared by name on its generic plan, as it does
 * on a pool connection after five executions when it can cost that plan (server/db/prepared.ts
 * literalLimit: a parameter it cannot cost, such as `LIMIT $n`, keeps it planning every execution).
 * Executes the statement `executions` times with `valuesAt(i)` and answers how often it planned it
 * anew (custom) and how often it ran the generic plan.
 */
export async function preparedPlanChoices(
  raw: pg.Pool,
  statement: Plannable,
  valuesAt: (i: number) => Record<string, PlaceholderValue>,
  executions = 10,
): Promise<{ generic: number; custom: number }> {
  const q = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
  const client = await raw.connect();
  try {
    // Prepared over the protocol by name, as node-postgres does for the app's statements.
    for (let i = 0; i < executions; i++) {
      const values = valuesAt(i);
      await client.query({ name: 'plan_choice', text: q.sql, values: q.params.map((p) => (is(p, Placeholder) ? values[p.name] : p)) });
    }
    const { rows } = await client.query<{ generic: string; custom: string }>(
      `SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = 'plan_choice'`,
    );
    return { generic: Number(rows[0]!.generic), custom: Number(rows[0]!.custom) };
  } finally {
    // The connection goes back to the pool without the statement (pg would think it still there).
    client.release(true);
  }
}

/** A Sort or Incremental Sort node anywhere in a plan. */
export const sortNode = /^\s*(->\s*)?(Incremental )?Sort\b/m;

/** A sequential scan of any of `tables`. */
export const seqScanOf = (...tables: string[]) => new RegExp(`Seq Scan on (${tables.join('|')})\\b`);

/** Every heap page an index-only scan needed was all-visible. */
export const noHeapFetches = /Heap Fetches: 0\b/;

/** Any index access through `index`: a plain, index-only or bitmap scan. */
export const scanUsing = (index: string) => new RegExp(`(Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (using|on) ${index}\\b`);

/** An index scan of `table` through `index`: 'heap' reads the rows, 'only' is index-only, 'either' is one of the two. */
export function indexScan(index: string, table: string, kind: 'heap' | 'only' | 'either' = 'heap'): RegExp {
  const scan = { heap: 'Index Scan', only: 'Index Only Scan', either: 'Index (Only )?Scan' }[kind];
  return new RegExp(`${scan}(?: Backward)? using ${index} on ${table}\\b`);
}

/** The order came from an index: no sort, and no sequential scan that `seqScan` matches. */
export function expectNoSortNoSeqScan(plan: string, seqScan: RegExp): void {
  expect(plan).not.toMatch(seqScan);
  expect(plan).not.toMatch(sortNode);
}

/**
 * Fresh statistics and a visibility map that covers `table`, as housekeeping or autovacuum keeps
 * them, so a query-plan test sees index-only scans without heap fetches.
 *
 * INDEX_CLEANUP ON: when fewer than 2% of a table's pages hold dead rows (100 updated posts in
 * 5,000 pages), VACUUM skips the indexes and leaves those pages' dead line pointers, and a page
 * with one is never all-visible, however often VACUUM runs.
 * The loop: VACUUM marks a page all-visible only when no running transaction could still miss its
 * rows, and other test files write on the same server at the same time (seen once on CI: "Heap
 * Fetches: 10"). Repeat until the visibility map covers the table; fail if it never does.
 */
export async function vacuumUntilAllVisible(raw: pg.Pool, table: string): Promise<void> {
  let last = { pages: 0, visible: 0 };
  for (let attempt = 0; attempt < 40; attempt++) {
    await raw.query(`VACUUM (ANALYZE, INDEX_CLEANUP ON) ${table}`);
    const { rows } = await raw.query<{ pages: number; visible: number }>(
      'SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = $1::regclass',
      [table],
    );
    last = rows[0]!;
    if (last.visible >= last.pages) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`VACUUM left ${last.pages - last.visible} of ${last.pages} pages of ${table} not all-visible`);
}
