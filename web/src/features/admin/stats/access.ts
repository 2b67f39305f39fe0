import { STATS_VIEW_PERMISSION, type LoginUser } from '@contract';
import { hasPermission, isSystemAdmin } from '@web/lib/session';

/**
 * Who sees 방문 통계 in the console's menu (issue 23): staff whose role has STATS_View (the admin
 * role by default), and the system admin, who always has it. The server checks every call again.
 */
export function canViewStats(user: Pick<LoginUser, 'role' | 'userType'> | null | undefined): boolean {
  return isSystemAdmin(user) || hasPermission(user?.role, STATS_VIEW_PERMISSION);
}
