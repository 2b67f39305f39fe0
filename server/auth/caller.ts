import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { unauthorized } from '../errors';
import type { TokenKeys, TokenSession } from './tokens';
import { verifyAccessToken } from './tokens';
import { fileCookieClaims } from './file-cookie';
import type { Clock } from '../lib/clock';
import type { Config } from '../config';
import { idlePastLimit, noteAdminActivity } from './admin-idle';
import { memberQuery, revokeFamily } from './refresh-tokens';
import { accountMessages } from '@contract';
import { ROLE_MEMBER } from '../seed/role-codes';

/** Who is asking: a signed-in member or admin, or a guest holding roleCodeForGuest (spec §4, §6). */
export interface Caller {
  userId: number | null;
  userType: 'Guest' | 'Member' | 'Admin';
  roleCode: string;
  permissions: string[];
  /** The sign-in this request's token belongs to (its refresh-token family); none for guests and file cookies' callers alike. */
  sessionId?: string;
  /** The account signs in with a second factor (issue 12). */
  twoFactor?: boolean;
  /**
   * An administrator whose second factor the site settings require and who has none yet: the
   * account has no ADMIN_Access powers anywhere until it enrols (server/modules/two-factor).
   */
  twoFactorSetupRequired?: boolean;
  /** An administrator calling from outside ADMIN_ALLOWED_IPS: no ADMIN_Access powers from there. */
  outsideAdminAddresses?: boolean;
}

export const ADMIN_ACCESS = 'ADMIN_Access';

/** spec §6: a role check tests whether the role's permissions contain the permission. */
export function hasPermission(caller: Pick<Caller, 'permissions'>, permission: string): boolean {
  return caller.permissions.includes(permission);
}

/**
 * An administrator whose powers are withheld on this request (no second factor yet where the
 * settings require one, or a call from outside ADMIN_ALLOWED_IPS): the role's board-managing
 * rights are withheld with ADMIN_Access, since they open the same private posts and inquiries.
 */
export function adminPowersWithheld(caller: Pick<Caller, 'twoFactorSetupRequired' | 'outsideAdminAddresses'>): boolean {
  return caller.twoFactorSetupRequired === true || caller.outsideAdminAddresses === true;
}

/**
 * Only a signed-in account is ever an administrator: a guest role given ADMIN_Access by mistake (or
 * by two admins' changes crossing) must not hand every visitor the boards' private posts.
 */
export function isAdmin(caller: Pick<Caller, 'userId' | 'userType' | 'permissions'>): boolean {
  if (caller.userId === null) return false;
  return hasPermission(caller, ADMIN_ACCESS) || caller.userType === 'Admin';
}

/** What resolving a caller reads of the site settings (modules/site-setting's SiteSettings has it). */
interface CallerSettings {
  adminTwoFactorRequired(): Promise<boolean>;
  guestRole(): Promise<{ roleCode: string; permissions: string[] }>;
}

type CallerDeps = {
  db: Db;
  keys: TokenKeys;
  settings: CallerSettings;
  clock: Clock;
  config: Pick<Config, 'adminIdleMs' | 'adminAllowedIps'>;
};

export async function resolveCaller(request: FastifyRequest, deps: CallerDeps): Promise<Caller> {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return guestCaller(deps);
  const claims = await verifyAccessToken(deps.keys, header.slice('Bearer '.length).trim(), deps.clock.now());
  if (!claims) throw unauthorized(accountMessages.sessionExpired);
  const member = await memberCaller(deps, claims);
  if (!member) throw unauthorized(accountMessages.sessionExpired);
  return atAddress(member, request.ip, deps.config);
}

/** The member a file cookie was made for (server/auth/file-cookie.ts), or null when it is missing or stale. */
export async function fileCookieCaller(request: FastifyRequest, deps: CallerDeps): Promise<Caller | null> {
  const claims = await fileCookieClaims(request, deps.keys, deps.clock.now());
  const member = claims && (await memberCaller(deps, claims));
  return member && atAddress(member, request.ip, deps.config);
}

/**
 * ADMIN_ALLOWED_IPS (issue 12) covers an administrator's powers, not only the console's paths: from
 * any other address an administrator is a member of their role without ADMIN_Access, so other
 * members' records, secret posts, inquiries and exports answer as they would to that member.
 * The console's own routes refuse such a call before this (server/auth/admin.ts).
 */
function atAddress(caller: Caller, address: string, config: Pick<Config, 'adminAllowedIps'>): Caller {
  const allowed = config.adminAllowedIps;
  if (!allowed || !isAdmin(caller) || allowed.allows(address)) return caller;
  return withoutAdminPowers(caller, { outsideAdminAddresses: true });
}

/**
 * An active member with their role, or null. The role is read on every request, so a role or
 * permission change applies at the member's next request. A token whose sign-in has ended (`sid`:
 * its refresh-token family has no live token left) is refused: sign-out, a copied refresh token
 * used twice, a password change or reset, retirement, an administrator's "sign out everywhere"
 * (issues 9 and 12; every one of them revokes the families, so `sessions_revoked_at`, kept for the
 * console to show, needs no check here). An administrator's sign-in idle for ADMIN_IDLE_MINUTES
 * ends here too (server/auth/admin-idle.ts).
 */
async function memberCaller(deps: CallerDeps, claims: TokenSession): Promise<Caller | null> {
  const { db } = deps;
  const [row] = await memberQuery(db, claims);
  if (!row || row.status !== 'ACTIVE' || row.lastActiveAt === null) return null;
  const caller: Caller = {
    userId: row.id,
    userType: row.userType,
    roleCode: row.roleCode,
    permissions: row.permissions,
    sessionId: claims.sessionId,
    twoFactor: row.twoFactor,
  };
  if (isAdmin(caller)) {
    const now = deps.clock.now();
    if (idlePastLimit(row.lastActiveAt, now, deps.config.adminIdleMs)) {
      // Ended for good: a refresh cannot revive it.
      await revokeFamily(db, { userId: claims.userId, familyId: claims.sessionId }, now);
      return null;
    }
    await noteAdminActivity(db, claims.sessionId, row.lastActiveAt, now);
    if (!row.twoFactor && (await deps.settings.adminTwoFactorRequired())) return withoutAdminPowers(caller, { twoFactorSetupRequired: true });
  }
  return caller;
}

/**
 * An administrator who must enrol a second factor first, or who calls from outside
 * ADMIN_ALLOWED_IPS (issue 12): an ordinary member (the role sign-up gives) without ADMIN_Access,
 * so neither the console nor any admin power on the public side answers: other members' records,
 * secret posts, exports, and the admin role's own board rights (writing notices and the other
 * official boards), which a phished password must not reach either. Only the enrolment routes
 * let one who must enrol through (server/auth/admin.ts).
 */
function withoutAdminPowers(caller: Caller, why: Pick<Caller, 'twoFactorSetupRequired' | 'outsideAdminAddresses'>): Caller {
  return {
    ...caller,
    userType: 'Member',
    roleCode: ROLE_MEMBER,
    permissions: caller.permissions.filter((permission) => permission !== ADMIN_ACCESS),
    ...why,
  };
}

/** A visitor without an account: the guest role the site settings name (roleCodeForGuest). */
export async function guestCaller(deps: { settings: CallerSettings }): Promise<Caller> {
  const guest = await deps.settings.guestRole();
  return { userId: null, userType: 'Guest', roleCode: guest.roleCode, permissions: guest.permissions };
}
