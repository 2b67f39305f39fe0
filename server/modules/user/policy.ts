import { isAdmin, type Caller } from '../../auth/caller';

/** A member reaches only their own record (read, edit, password, key); an administrator any; a guest none. */
export function canReachUser(caller: Caller, userId: number): boolean {
  if (caller.userId === null) return false;
  return caller.userId === userId || isAdmin(caller);
}

/**
 * Changing an account through the member calls (profile, password, sign-in key): the reach above,
 * except that the system administrator's account (userType Admin) is changed only by itself. An
 * administrator by role setting its password, or its e-mail address and then resetting the
 * password, would take over the one account above it; the console refuses locking, retiring or
 * demoting it alike (server/modules/admin-member/policy.ts).
 */
export function canChangeUser(caller: Caller, target: { id: number; userType: 'Member' | 'Admin' }): boolean {
  if (!canReachUser(caller, target.id)) return false;
  return target.userType !== 'Admin' || caller.userId === target.id;
}

/** Members leave by themselves; a system administrator (userType Admin) cannot, so the site keeps one. */
export function canRetire(caller: Caller): boolean {
  return caller.userId !== null && caller.userType !== 'Admin';
}
