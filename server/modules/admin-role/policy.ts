import { ADMIN_ACCESS_PERMISSION, roleMessages } from '@contract';
import type { Caller } from '../../auth/caller';

/**
 * Why a role may not get these permissions (a Korean sentence and its status), or null.
 * - The caller's own role keeps ADMIN_Access: taking it away would lock them out of the console.
 * - The guest role (site setting roleCodeForGuest) never gets ADMIN_Access: every visitor
 *   would be an administrator.
 */
export function permissionsRefusal(
  caller: Pick<Caller, 'roleCode'>,
  roleCode: string,
  guestRoleCode: string,
  permissions: readonly string[],
): { status: 400 | 403; message: string } | null {
  const admin = permissions.includes(ADMIN_ACCESS_PERMISSION);
  if (roleCode === caller.roleCode && !admin) return { status: 403, message: roleMessages.ownAdminAccess };
  if (roleCode === guestRoleCode && admin) return { status: 400, message: roleMessages.guestAdminAccess };
  return null;
}

/** ADMIN_GRANT when a change gives the role ADMIN_Access, ADMIN_REVOKE when it takes it away. */
export function adminRightsChange(before: readonly string[], after: readonly string[]): 'ADMIN_GRANT' | 'ADMIN_REVOKE' | null {
  const had = before.includes(ADMIN_ACCESS_PERMISSION);
  const has = after.includes(ADMIN_ACCESS_PERMISSION);
  return had === has ? null : has ? 'ADMIN_GRANT' : 'ADMIN_REVOKE';
}
