import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { appUser, role } from '../db/schema';
import { unauthorized } from '../errors';
import type { TokenKeys } from './tokens';
import { verifyAccessToken } from './tokens';
import type { SiteSettings } from '../modules/site-setting/service';
import type { Clock } from '../lib/clock';
import { accountMessages } from '../../contract';

/** Who is asking: a signed-in member or admin, or a guest holding roleCodeForGuest (spec §4, §6). */
export interface Caller {
  userId: number | null;
  userType: 'Guest' | 'Member' | 'Admin';
  roleCode: string;
  permissions: string[];
}

export const ADMIN_ACCESS = 'ADMIN_Access';

/** spec §6: a role check tests whether the role's permissions contain the permission. */
export function hasPermission(caller: Caller, permission: string): boolean {
  return caller.permissions.includes(permission);
}

export function isAdmin(caller: Caller): boolean {
  return hasPermission(caller, ADMIN_ACCESS) || caller.userType === 'Admin';
}

export async function resolveCaller(
  request: FastifyRequest,
  deps: { db: Db; keys: TokenKeys; settings: SiteSettings; clock: Clock },
): Promise<Caller> {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return guestCaller(deps);
  const claims = await verifyAccessToken(deps.keys, header.slice('Bearer '.length).trim(), deps.clock.now());
  if (!claims) throw unauthorized(accountMessages.sessionExpired);
  const [row] = await deps.db
    .select({ id: appUser.id, userType: appUser.userType, status: appUser.status, roleCode: role.roleCode, permissions: role.permissions })
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(eq(appUser.id, claims.userId));
  if (!row || row.status !== 'ACTIVE') throw unauthorized(accountMessages.sessionExpired);
  return { userId: row.id, userType: row.userType, roleCode: row.roleCode, permissions: row.permissions };
}

async function guestCaller(deps: { settings: SiteSettings }): Promise<Caller> {
  const guest = await deps.settings.guestRole();
  return { userId: null, userType: 'Guest', roleCode: guest.roleCode, permissions: guest.permissions };
}
