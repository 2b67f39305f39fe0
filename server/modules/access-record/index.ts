/** The access-record module's surface: what other modules, the start-up and scripts may use. */
export { accessActor, recordAccess } from './record';
export type { AccessActor } from './record';
export { describeResult, verifyAccessRecords } from './verify';
export type { ChainCheckpoint } from './verify';
export { latestSiteChanges, latestSiteChangesQuery, siteChangeActions } from './repo';
export type { SiteChangeRow } from './repo';
