import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { backgroundRun } from '../../db/schema';

/** The advisory-lock class of background jobs (the second key is the job's hash). */
const BACKGROUND_LOCK_CLASS = 7_342_002;
/**
 * A run counts for its interval less this share: instances whose timers drift a little past
 * each other must not skip a whole interval.
 */
const DUE_SLACK = 0.1;

export type RunOutcome<T> =
  | { ran: true; result: T }
  /** `busy`: another instance runs it now; `not-due`: it ran recently, again in `dueInMs`. */
  | { ran: false; reason: 'busy' | 'not-due'; dueInMs: number };

export interface RunOnceOptions<T> {
  db: Db;
  /** The pool's connection settings: the lock is held on a connection of its own. */
  connection: pg.PoolConfig;
  job: string;
  intervalMs: number;
  now: () => Date;
  work: () => Promise<T>;
}

/**
 * Runs `work` unless another instance runs it now or ran it within the interval (issue 10:
 * background work runs once across instances and survives restarts). The lock is a session
 * advisory lock on a connection of its own, not from the pool (the work itself uses the pool, and
 * a pool of one would wait for itself); it goes with that connection if the process dies. The
 * last run's times live in `background_run`, so a restarted instance does not run it again early.
 */
export async function runOnceAcrossInstances<T>(o: RunOnceOptions<T>): Promise<RunOutcome<T>> {
  const lock = new pg.Client(o.connection);
  // A lost lock connection surfaces on its next query. If it dies mid-run (a failover), the lock
  // goes with it and another instance may start the same run alongside: a job must bear that
  // (housekeeping's deletes do: each row goes once, whoever deletes it).
  lock.on('error', () => {});
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [BACKGROUND_LOCK_CLASS, o.job]);
    if (!rows[0]!.locked) return { ran: false, reason: 'busy', dueInMs: o.intervalMs };
    const startedAt = o.now();
    const [last] = await o.db.select().from(backgroundRun).where(eq(backgroundRun.job, o.job));
    if (last?.lastFinishedAt) {
      const dueInMs = last.lastFinishedAt.getTime() + o.intervalMs * (1 - DUE_SLACK) - startedAt.getTime();
      if (dueInMs > 0) return { ran: false, reason: 'not-due', dueInMs };
    }
    await o.db
      .insert(backgroundRun)
      .values({ job: o.job, lastStartedAt: startedAt })
      .onConflictDoUpdate({ target: backgroundRun.job, set: { lastStartedAt: startedAt } });
    let result: T;
    try {
      result = await o.work();
    } catch (err) {
      // A failed run still counts as a run: retried at the next interval, not in a tight loop.
      await finish(o, { error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
    await finish(o, result);
    return { ran: true, result };
  } finally {
    // Ending the session releases the lock.
    await lock.end().catch(() => {});
  }
}

async function finish<T>(o: RunOnceOptions<T>, result: unknown): Promise<void> {
  await o.db
    .update(backgroundRun)
    .set({ lastFinishedAt: o.now(), lastResult: result, runs: sql`${backgroundRun.runs} + 1` })
    .where(eq(backgroundRun.job, o.job));
}

/** Each job's last finish, for /metrics (the table holds one row per job). */
export async function lastRuns(db: Db): Promise<{ job: string; lastFinishedAt: Date | null }[]> {
  return db.select({ job: backgroundRun.job, lastFinishedAt: backgroundRun.lastFinishedAt }).from(backgroundRun);
}
