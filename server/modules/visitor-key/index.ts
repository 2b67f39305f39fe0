/** The visitor-key module's surface: what other modules, the start-up and scripts may use. */
export { createVisitorKeys, daySalt } from './keys';
export type { VisitorKeys } from './keys';
