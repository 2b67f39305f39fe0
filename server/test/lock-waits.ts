import type { TestDatabase } from './harness';

/** How many statements of the test's database wait on a lock now. */
export async function lockWaits(database: Pick<TestDatabase, 'raw'>): Promise<number> {
  const { rows } = await database.raw.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return rows[0]!.n;
}

/**
 * Waits until `n` statements of the test's database wait on a lock: a race a test holds open on
 * purpose (a row held in a transaction of its own) has reached the point where it waits.
 */
export async function waitForLockWaits(database: Pick<TestDatabase, 'raw'>, n: number): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if ((await lockWaits(database)) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${n} statements never waited on a lock`);
}
