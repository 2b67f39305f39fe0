import type { TestDatabase } from './harness';

/**
 * Waits until `n` statements of the test's database wait on a lock: a race a test holds open on
 * purpose (a row held in a transaction of its own) has reached the point where it waits.
 */
export async function waitForLockWaits(database: Pick<TestDatabase, 'raw'>, n: number): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (rows[0]!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${n} statements never waited on a lock`);
}
