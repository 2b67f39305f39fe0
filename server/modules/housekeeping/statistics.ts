import { sql } from 'drizzle-orm';
import { poolOf, type Db } from '../../db/client';

/**
 * The tables whose rows change all day: posts (views, edits), their counters, comments, files and
 * the daily view rows and their tallies. Index-only list pages need their visibility map fresh, and the planner
 * needs their statistics (a post lookup took 15 ms instead of 0.03 ms on stale ones).
 */
export const busyTables = [
  'board_item', 'board_item_count', 'board_item_comment', 'stored_file', 'board_item_view', 'board_item_view_tally',
  // Visitor statistics (issue 23): counters updated at every flush, visitor keys inserted and deleted daily.
  'visit_hour', 'visit_count', 'visit_visitor_day', 'visit_visitor_hour',
] as const;

/** Whether the server runs autovacuum (`SHOW autovacuum`; off on some servers, e.g. tuned for bulk loads). */
export async function autovacuumRuns(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`SELECT current_setting('autovacuum') AS autovacuum`)) as unknown as { rows: { autovacuum: string }[] };
  return result.rows[0]?.autovacuum === 'on';
}

/**
 * Where autovacuum does not run, does its work on the busy tables: `VACUUM (ANALYZE)` sets the
 * visibility map that index-only scans need and refreshes the planner's statistics. Answers the
 * tables it vacuumed (none when autovacuum runs). VACUUM cannot run inside a transaction: call it
 * on the pool, never in `db.transaction`.
 */
export async function refreshStatistics(db: Db, autovacuum?: boolean): Promise<string[]> {
  if (autovacuum ?? (await autovacuumRuns(db))) return [];
  // On a connection of its own, without the requests' statement timeout: a vacuum of a large
  // table may take minutes, and VACUUM cannot run in a transaction (SET LOCAL would need one).
  const client = await poolOf(db).connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query(`VACUUM (ANALYZE) ${busyTables.join(', ')}`);
  } finally {
    const reset = await client.query('RESET statement_timeout').then(() => true, () => false);
    // A connection whose timeout could not be put back is closed, never handed to a request.
    client.release(!reset);
  }
  return [...busyTables];
}
