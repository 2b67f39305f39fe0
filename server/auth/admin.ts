import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Caller } from './caller';
import { isAdmin } from './caller';
import { forbidden, twoFactorSetupRequired, unauthorized } from '../errors';
import { adminMessages } from '@contract';
import { getCaller } from './request-caller';

/** Console and address-book calls (issue 9): guests get 401, members without ADMIN_Access 403. */
export function requireAdmin(caller: Caller): asserts caller is Caller & { userId: number } {
  if (caller.userId === null) throw unauthorized();
  if (caller.twoFactorSetupRequired) throw twoFactorSetupRequired();
  if (!isAdmin(caller)) throw forbidden(adminMessages.adminOnly);
}

/**
 * The two-factor routes (server/modules/two-factor): an administrator, or one who must enrol
 * before the console opens (server/auth/caller.ts), which these routes exist for.
 */
export function requireAdminOrEnrolling(caller: Caller): asserts caller is Caller & { userId: number } {
  if (caller.userId !== null && caller.twoFactorSetupRequired) return;
  requireAdmin(caller);
}

/** Where an administrator who must enrol first may go: their own two-factor status and enrolment. */
export const TWO_FACTOR_ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/admin/two-factor',
  'POST /api/admin/two-factor/enrolment',
  'POST /api/admin/two-factor/confirmation',
]);

/** Site settings and roles: only the system admin (spec §6: userType Admin). */
export function requireSystemAdmin(caller: Caller): asserts caller is Caller & { userId: number } {
  requireAdmin(caller);
  if (caller.userType !== 'Admin') throw forbidden(adminMessages.systemAdminOnly);
}

/** Every route under these paths is the console's or the address book's (issue 9). */
export function isAdminPath(url: string): boolean {
  return url.startsWith('/api/admin/') || url === '/api/alumni' || url.startsWith('/api/alumni/');
}

/** Console calls outside these paths: changing the site settings (spec §6). */
const CONSOLE_ROUTES: ReadonlySet<string> = new Set(['PATCH /api/site-setting']);

/** A console call: the admin paths, and the few console routes that live elsewhere. */
export function isConsoleRoute(method: string, url: string): boolean {
  return isAdminPath(url) || CONSOLE_ROUTES.has(`${method} ${url}`);
}

/**
 * ADMIN_ALLOWED_IPS (issue 12): a console call from any other address gets 403, whoever makes it
 * and before the token is looked at. The same administrator still uses the public site from there.
 */
export function refuseOutsideAdminAddresses(request: FastifyRequest): void {
  const allowed = request.server.deps.config.adminAllowedIps;
  if (allowed && !allowed.allows(request.ip)) throw forbidden(adminMessages.addressNotAllowed);
}

/**
 * The `onRequest` hook of every console and address-book route: a call from outside
 * ADMIN_ALLOWED_IPS gets 403, a guest 401 and a member 403, before the body is read or validated
 * (a 400 would tell a stranger what the call expects). Routes still check again (system admin, records).
 */
export async function adminPathGuard(request: FastifyRequest): Promise<void> {
  refuseOutsideAdminAddresses(request);
  const url = request.routeOptions.url ?? '';
  if (!isAdminPath(url)) return;
  const caller = await getCaller(request);
  if (TWO_FACTOR_ENROLMENT_ROUTES.has(`${request.method} ${url}`)) requireAdminOrEnrolling(caller);
  else requireAdmin(caller);
}

/**
 * `onRoute` hook of the whole app: gives every route on an admin path the guard as it is
 * registered, so a route added later cannot forget the check, and no other route pays for it.
 */
export function guardAdminRoutes(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((method) => isConsoleRoute(method, route.url))) return;
  const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  route.onRequest = [adminPathGuard, ...own];
}
