import type { FastifyInstance } from 'fastify';
import { prune } from './service';
import { refreshStatistics } from './statistics';

/** The first run, this long after the server starts listening. */
export const FIRST_RUN_DELAY_MS = 10_000;

export interface HousekeepingSchedule {
  /** Starts the runs: once shortly after, then every `config.housekeepingIntervalMs` (0: never). */
  start(): void;
}

/**
 * Runs `prune`, then `refreshStatistics` (vacuum where autovacuum is off), on a timer that never keeps the process alive and never throws (failures are
 * logged). Call before `listen` (it adds an onClose hook that stops the timer and waits for a run
 * in progress), then `start()` once the app listens.
 */
export function housekeepingSchedule(app: FastifyInstance): HousekeepingSchedule {
  const intervalMs = app.deps.config.housekeepingIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  const run = async () => {
    try {
      const pruned = await prune({ db: app.deps.db, files: app.deps.files, log: app.log }, app.deps.clock.now());
      // After the deletes, so the vacuum also reclaims what prune removed.
      const vacuumed = await refreshStatistics(app.deps.db);
      app.log.info({ pruned, vacuumed }, 'housekeeping done');
    } catch (err) {
      app.log.error({ err }, 'housekeeping failed');
    }
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
  };
}
