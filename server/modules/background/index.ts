/** The background module's surface: what other modules, the start-up and scripts may use. */
export { lastRuns, runOnceAcrossInstances } from './run-once';
export type { RunOutcome } from './run-once';
export { scheduleAcrossInstances } from './schedule';
export type { BackgroundSchedule } from './schedule';
