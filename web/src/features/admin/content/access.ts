import { CONTENT_MANAGE_PERMISSION, type LoginUser } from '@contract';
import { hasPermission, isSystemAdmin } from '@web/lib/session';

/**
 * Who sees the content screens in the console's menu (issue 22): staff whose role has
 * CONTENT_Manage, and the system admin, who always has it. The server checks every call again.
 */
export function canManageContent(user: Pick<LoginUser, 'role' | 'userType'> | null | undefined): boolean {
  return isSystemAdmin(user) || hasPermission(user?.role, CONTENT_MANAGE_PERMISSION);
}
