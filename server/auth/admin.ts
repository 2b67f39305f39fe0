import type { Caller } from './caller';
import { isAdmin } from './caller';
import { forbidden, unauthorized } from '../errors';
import { adminMessages } from '../../contract';

/** Console and address-book calls (issue 9): guests get 401, members without ADMIN_Access 403. */
export function requireAdmin(caller: Caller): asserts caller is Caller & { userId: number } {
  if (caller.userId === null) throw unauthorized();
  if (!isAdmin(caller)) throw forbidden(adminMessages.adminOnly);
}

/** Site settings and roles: only the system admin (spec §6: userType Admin). */
export function requireSystemAdmin(caller: Caller): asserts caller is Caller & { userId: number } {
  requireAdmin(caller);
  if (caller.userType !== 'Admin') throw forbidden(adminMessages.systemAdminOnly);
}
