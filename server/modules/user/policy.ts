import { isAdmin, type Caller } from '../../auth/caller';

/** A member reaches only their own record (read, edit, password, key); an administrator any; a guest none. */
export function canReachUser(caller: Caller, userId: number): boolean {
  if (caller.userId === null) return false;
  return caller.userId === userId || isAdmin(caller);
}

/** Members leave by themselves; a system administrator (userType Admin) cannot, so the site keeps one. */
export function canRetire(caller: Caller): boolean {
  return caller.userId !== null && caller.userType !== 'Admin';
}
