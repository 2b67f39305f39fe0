/** The housekeeping module's surface: what other modules, the start-up and scripts may use. */
export { housekeepingDue } from './due';
export { housekeepingSchedule } from './schedule';
