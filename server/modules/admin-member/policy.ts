import { ADMIN_ACCESS_PERMISSION, memberMessages } from '@contract';
import type { Caller } from '../../auth/caller';

/** What an administrator may do to a member from the console (issue 9). */
export type MemberAction = 'changeRole' | 'lock' | 'unlock' | 'clearLockout' | 'signOut' | 'retire';

export interface MemberTarget {
  id: number;
  userType: 'Member' | 'Admin';
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  /** The member's role has ADMIN_Access: another administrator. */
  adminAccess: boolean;
}

/**
 * Why `caller` may not do `action` to `target` (a Korean sentence), or null when they may.
 * `forbidden` refusals are about who is asking (403); `state` ones about the member's state (400).
 * - The system admin (userType Admin) is the site's last resort: nobody locks, retires or
 *   demotes it, and only it ends its own sign-ins.
 * - Another administrator (a role with ADMIN_Access) is locked or retired only by the system admin:
 *   one administrator by role could otherwise shut every peer out, or erase a peer's account,
 *   which cannot be undone. Demoting stays every administrator's (it is recorded as ADMIN_REVOKE).
 * - Nobody locks or retires themselves from the console (they would lock themselves out).
 * - A retired member has no account left to change.
 */
export function memberActionRefusal(
  caller: Pick<Caller, 'userId' | 'userType'>,
  target: MemberTarget,
  action: MemberAction,
): { kind: 'forbidden' | 'state'; message: string } | null {
  const self = caller.userId === target.id;
  if (target.userType === 'Admin' && (action === 'lock' || action === 'retire' || action === 'changeRole')) {
    return { kind: 'forbidden', message: memberMessages.systemAdminProtected };
  }
  if (target.userType === 'Admin' && action === 'signOut' && !self) return { kind: 'forbidden', message: memberMessages.systemAdminSignOut };
  if (self && (action === 'lock' || action === 'retire')) return { kind: 'forbidden', message: memberMessages.selfAction };
  if (target.adminAccess && caller.userType !== 'Admin' && (action === 'lock' || action === 'retire')) {
    return { kind: 'forbidden', message: memberMessages.peerAdminProtected };
  }
  if (target.status === 'RETIRED') return { kind: 'state', message: memberMessages.retired };
  if (action === 'lock' && target.status === 'LOCKED') return { kind: 'state', message: memberMessages.alreadyLocked };
  if (action === 'unlock' && target.status !== 'LOCKED') return { kind: 'state', message: memberMessages.notLocked };
  return null;
}

export const hasAdminAccess = (permissions: readonly string[]) => permissions.includes(ADMIN_ACCESS_PERMISSION);

/**
 * A role change that would take the caller's own admin rights away is refused: the console
 * would lock them out of itself at the next request.
 */
export function selfDemotion(caller: Pick<Caller, 'userId'>, targetId: number, newPermissions: readonly string[]): boolean {
  return caller.userId === targetId && !hasAdminAccess(newPermissions);
}

/**
 * Whether a role change gives the member rights only the system admin may give (issue 25): the
 * permissions the new role adds to the member's current ones, when they include ADMIN_Access or
 * any permission the acting administrator does not hold. Otherwise one administrator by role
 * could make any member an administrator, or give rights beyond their own (ASVS 5.0 8.2.1, 8.3.1).
 * Taking rights away stays every administrator's; the system admin may give anything.
 */
export function grantBeyondCaller(
  caller: Pick<Caller, 'userType' | 'permissions'>,
  previousPermissions: readonly string[],
  newPermissions: readonly string[],
): boolean {
  if (caller.userType === 'Admin') return false;
  const gained = newPermissions.filter((p) => !previousPermissions.includes(p));
  return gained.some((p) => p === ADMIN_ACCESS_PERMISSION || !caller.permissions.includes(p));
}
