import { ADMIN_ACCESS_PERMISSION } from '@contract';
import { isAdmin, type Caller } from '../../auth/caller';

/** A member reaches only their own record (read, edit, password, key); an administrator any; a guest none. */
export function canReachUser(caller: Caller, userId: number): boolean {
  if (caller.userId === null) return false;
  return caller.userId === userId || isAdmin(caller);
}

/**
 * Changing an account through the member calls (profile, password, sign-in key): the reach above,
 * with two limits.
 * - The system administrator's account (userType Admin) is changed only by itself. An administrator
 *   by role setting its password, or its e-mail address and then resetting the password, would take
 *   over the one account above it; the console refuses locking, retiring or demoting it alike
 *   (server/modules/admin-member/policy.ts).
 * - Another administrator's account (a role with ADMIN_Access) is changed only by itself or by the
 *   system administrator: one administrator by role setting a peer's password (or address, then a
 *   reset) could sign in as that peer, and the access records, which name the account, would name
 *   the wrong person (PIPA's safety measures rest on them).
 */
export function canChangeUser(caller: Caller, target: { id: number; userType: 'Member' | 'Admin'; permissions: readonly string[] }): boolean {
  if (!canReachUser(caller, target.id)) return false;
  if (caller.userId === target.id) return true;
  if (target.userType === 'Admin') return false;
  if (target.permissions.includes(ADMIN_ACCESS_PERMISSION)) return caller.userType === 'Admin';
  return true;
}

/** Members leave by themselves; a system administrator (userType Admin) cannot, so the site keeps one. */
export function canRetire(caller: Caller): boolean {
  return caller.userId !== null && caller.userType !== 'Admin';
}
