/** The seo module's surface: what other modules, the start-up and scripts may use. */
export { createPageHeads, type PageHeads } from './page-head';
export { opensPage } from './first-data';
export { originOf } from './text';
export { createScreenStatus, type ScreenStatusOf } from './not-found';
