import type { FastifyInstance } from 'fastify';
import { lastRuns } from '@server/modules/background';
import { HOUSEKEEPING_JOB } from './schedule';

/**
 * 1 when a housekeeping run is due and no instance has taken it (the last finish is older than the
 * interval, or there was none), else 0; 0 when housekeeping is off. A value that stays 1 means
 * no instance runs it: every timer stopped, or each run fails before it finishes.
 */
const DUE_GRACE_MS = 5 * 60_000;

export async function housekeepingDue(app: FastifyInstance): Promise<number> {
  const intervalMs = app.deps.config.housekeepingIntervalMs;
  if (intervalMs === 0) return 0;
  const last = (await lastRuns(app.deps.db)).find((r) => r.job === HOUSEKEEPING_JOB);
  const finished = last?.lastFinishedAt?.getTime();
  // Late only past the interval and a grace for the run itself: a timer that fires on time finds
  // the run due, and the gauge should not read 1 while that run is doing its work.
  return finished !== undefined && app.deps.clock.now().getTime() - finished < intervalMs + DUE_GRACE_MS ? 0 : 1;
}
