/** The site-setting module's surface: what other modules, the start-up and scripts may use. */
export type { SiteSettings } from './service';
export { storedGuestRoleCode } from './service';
