import type { FastifyInstance } from 'fastify';
import { scheduleAcrossInstances, type BackgroundSchedule } from '@server/modules/background';
import { prune, type PruneCounts } from './service';
import { refreshStatistics } from './statistics';

/** The first try, this long after the server starts listening. */
export const FIRST_RUN_DELAY_MS = 10_000;
export const HOUSEKEEPING_JOB = 'housekeeping';

export type HousekeepingSchedule = BackgroundSchedule<{ pruned: PruneCounts; vacuumed: string[]; retried: { sent: number; failed: number } }>;

/**
 * Runs `prune`, then `refreshStatistics` (vacuum where autovacuum is off), then sends again the
 * messages that were not sent (delivery/service.ts `retryUnsent`), once per
 * HOUSEKEEPING_INTERVAL_MINUTES across every instance (background/schedule.ts).
 */
export function housekeepingSchedule(app: FastifyInstance): HousekeepingSchedule {
  return scheduleAcrossInstances(app, {
    job: HOUSEKEEPING_JOB,
    intervalMs: app.deps.config.housekeepingIntervalMs,
    firstDelayMs: FIRST_RUN_DELAY_MS,
    work: async () => {
      const pruned = await prune({ db: app.deps.db, files: app.deps.files, log: app.log, visitRetentionDays: app.deps.config.visitRetentionDays }, app.deps.clock.now());
      // After the deletes, so the vacuum also reclaims what prune removed.
      const vacuumed = await refreshStatistics(app.deps.db);
      // Answer e-mails and SMS that failed, or whose instance stopped before sending them.
      const retried = await app.deps.delivery.retryUnsent();
      return { pruned, vacuumed, retried };
    },
  });
}
