/** The inquiry module's surface: what other modules, the start-up and scripts may use. */
export { inquiryCounts, inquiryCountsQuery } from './repo';
