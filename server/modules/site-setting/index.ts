/** The site-setting module's surface: what other modules, the start-up and scripts may use. */
export type { SettingsTables, SiteSettings } from './service';
export { storedGuestRoleCode } from './service';
