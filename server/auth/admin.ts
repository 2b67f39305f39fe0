import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller';
import { isAdmin } from './caller';
import { forbidden, unauthorized } from '../errors';
import { adminMessages } from '../../contract';
import { getCaller } from './request-caller';

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

/** Every route under these paths is the console's or the address book's (issue 9). */
export function isAdminPath(url: string): boolean {
  return url.startsWith('/api/admin/') || url === '/api/alumni' || url.startsWith('/api/alumni/');
}

/**
 * `onRequest` hook of the whole app: a guest asking a console path gets 401 and a member 403
 * before the body is read or validated (a 400 would tell a stranger what the call expects), and
 * a route added later cannot forget the check. Routes still check again (system admin, records).
 */
export async function adminPathGuard(request: FastifyRequest): Promise<void> {
  const url = request.routeOptions.url;
  if (url && isAdminPath(url)) requireAdmin(await getCaller(request));
}
