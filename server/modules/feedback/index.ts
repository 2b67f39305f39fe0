/** The feedback module's surface: what other modules, the start-up and scripts may use. */
export { deleteFeedbackBefore } from './repo';
