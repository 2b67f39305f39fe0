/** The admin-role module's surface: what other modules, the start-up and scripts may use. */
export { findRole, listRoles, roleNames, unknownRoleCodes } from './repo';
export { findGuestRole, rolesByCode, sharedRolePermissions } from './repo';
