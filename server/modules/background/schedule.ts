import type { FastifyInstance } from 'fastify';
import { poolOf } from '../../db/client';
import { runOnceAcrossInstances, type RunOutcome } from './run-once';

export interface ScheduledJob<T> {
  /** The job's name in background_run and in the logs. */
  job: string;
  /** Time between two runs across every instance; 0: never. */
  intervalMs: number;
  /** The first try, this long after `start()`. */
  firstDelayMs: number;
  work: () => Promise<T>;
}

export interface BackgroundSchedule<T> {
  /** Starts the runs: a first try after `firstDelayMs`, then every interval (none when it is 0). */
  start(): void;
  /** One try now (what the timer does): runs unless another instance runs it or ran it recently. */
  runNow(): Promise<RunOutcome<T>>;
}

/**
 * Runs `work` once per interval across every instance (run-once.ts), on a timer that never keeps
 * the process alive and never throws (failures are logged as `<job> failed`, results as
 * `<job> done`). Call before `listen` (it adds an onClose hook that stops the timer and waits for
 * a run in progress), then `start()` once the app listens.
 */
export function scheduleAcrossInstances<T extends object>(app: FastifyInstance, o: ScheduledJob<T>): BackgroundSchedule<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const runNow = () =>
    runOnceAcrossInstances({
      db: app.deps.db,
      connection: poolOf(app.deps.db).options,
      job: o.job,
      intervalMs: o.intervalMs,
      now: () => app.deps.clock.now(),
      work: o.work,
    });

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      let nextMs = o.intervalMs;
      running = runNow()
        .then((outcome) => {
          if (outcome.ran) {
            app.log.info(outcome.result as object, `${o.job} done`);
          } else {
            // Another instance ran it: try again when it falls due, a little apart from the others.
            nextMs = outcome.dueInMs + Math.floor(Math.random() * Math.min(60_000, o.intervalMs / 10));
            app.log.debug({ reason: outcome.reason, nextMs }, `${o.job} not run here`);
          }
        })
        .catch((err: unknown) => app.log.error({ err }, `${o.job} failed`))
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
      if (o.intervalMs > 0 && !stopped && !timer) schedule(o.firstDelayMs);
    },
    runNow,
  };
}
