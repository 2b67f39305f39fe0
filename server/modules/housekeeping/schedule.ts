import type { FastifyInstance } from 'fastify';
import { runOnceAcrossInstances, type RunOutcome } from '@server/modules/background';
import { poolOf } from '../../db/client';
import { prune, type PruneCounts } from './service';
import { refreshStatistics } from './statistics';

/** The first try, this long after the server starts listening. */
export const FIRST_RUN_DELAY_MS = 10_000;
export const HOUSEKEEPING_JOB = 'housekeeping';

export interface HousekeepingSchedule {
  /** Starts the runs: a first try shortly after, then every `config.housekeepingIntervalMs` (0: never). */
  start(): void;
  /** One try now (what the timer does): runs unless another instance runs it or ran it recently. */
  runNow(): Promise<RunOutcome<{ pruned: PruneCounts; vacuumed: string[]; retried: { sent: number; failed: number } }>>;
}

/**
 * Runs `prune`, then `refreshStatistics` (vacuum where autovacuum is off), then sends again the
 * messages that were not sent (delivery/service.ts `retryUnsent`), once per interval
 * across every instance (background/run-once.ts), on a timer that never keeps the process alive
 * and never throws (failures are logged). Call before `listen` (it adds an onClose hook that
 * stops the timer and waits for a run in progress), then `start()` once the app listens.
 */
export function housekeepingSchedule(app: FastifyInstance): HousekeepingSchedule {
  const intervalMs = app.deps.config.housekeepingIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const runNow = () =>
    runOnceAcrossInstances({
      db: app.deps.db,
      connection: poolOf(app.deps.db).options,
      job: HOUSEKEEPING_JOB,
      intervalMs,
      now: () => app.deps.clock.now(),
      work: async () => {
        const pruned = await prune({ db: app.deps.db, files: app.deps.files, log: app.log, visitRetentionDays: app.deps.config.visitRetentionDays }, app.deps.clock.now());
        // After the deletes, so the vacuum also reclaims what prune removed.
        const vacuumed = await refreshStatistics(app.deps.db);
        // Answer e-mails and SMS that failed, or whose instance stopped before sending them.
        const retried = await app.deps.delivery.retryUnsent();
        return { pruned, vacuumed, retried };
      },
    });

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      let nextMs = intervalMs;
      running = runNow()
        .then((outcome) => {
          if (outcome.ran) {
            app.log.info(outcome.result, 'housekeeping done');
          } else {
            // Another instance ran it: try again when it falls due, a little apart from the others.
            nextMs = outcome.dueInMs + Math.floor(Math.random() * Math.min(60_000, intervalMs / 10));
            app.log.debug({ reason: outcome.reason, nextMs }, 'housekeeping not run here');
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'))
        .finally(() => {
          running = undefined;
          schedule(nextMs);
        });
    }, delayMs);
    timer.unref();
  };

  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });

  return {
    start() {
      if (intervalMs > 0 && !stopped && !timer) schedule(FIRST_RUN_DELAY_MS);
    },
    runNow,
  };
}
