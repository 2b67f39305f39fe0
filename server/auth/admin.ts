import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller';
import { hasPermission, isAdmin } from './caller';
import { forbidden, twoFactorSetupRequired, unauthorized } from '../errors';
import { ADMIN_ACCESS_PERMISSION, adminMessages, type AdminPermission } from '@contract';

/**
 * Console and address-book calls (issue 9): guests get 401, members without ADMIN_Access 403.
 * Which routes are the console's is their entries' access rule (contract/endpoints.ts), enforced
 * before the body is read by server/auth/access.ts; services check again where they need to.
 */
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

/**
 * A console permission beyond ADMIN_Access (CONTENT_Manage, issue 22): the role must hold it; the
 * system admin (spec §6: userType Admin) always does.
 */
export function requirePermission(caller: Caller, permission: AdminPermission): void {
  if (permission === ADMIN_ACCESS_PERMISSION || caller.userType === 'Admin') return;
  if (!hasPermission(caller, permission)) throw forbidden(adminMessages.permissionRequired);
}

/** Site settings and roles: only the system admin (spec §6: userType Admin). */
export function requireSystemAdmin(caller: Caller): asserts caller is Caller & { userId: number } {
  requireAdmin(caller);
  if (caller.userType !== 'Admin') throw forbidden(adminMessages.systemAdminOnly);
}

/**
 * ADMIN_ALLOWED_IPS (issue 12): a console call from any other address gets 403, whoever makes it
 * and before the token is looked at. The same administrator still uses the public site from there.
 */
export function refuseOutsideAdminAddresses(request: FastifyRequest): void {
  const allowed = request.server.deps.config.adminAllowedIps;
  if (allowed && !allowed.allows(request.ip)) throw forbidden(adminMessages.addressNotAllowed);
}
