import type { z } from 'zod';
import {
  memberMessages, memberStatusLabels,
  type MemberDetail, type MemberFilter, type MemberPage, type MemberRoleOption, type MemberRow, type memberListQuery,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { requireAdmin } from '../../auth/admin';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { toKstIso } from '../../lib/time';
import { pageOf } from '@contract';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { revokeAllOfUser } from '@server/auth/refresh-tokens';
import { maskAddress, maskKey, profileValues } from './masking';
import { grantBeyondCaller, hasAdminAccess, memberActionRefusal, selfDemotion, type MemberAction } from './policy';
// Roles are the roles module's records; a member's role change only reads them.
import { findRole, roleNames } from '@server/modules/admin-role';
import * as members from '@server/modules/user';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;
type RoleNames = Awaited<ReturnType<typeof roleNames>>;

/** The filter in words a reviewer of the access records reads. */
export function describeFilter(filter: MemberFilter): string {
  const parts = [
    filter.keyword ? `검색어 "${filter.keyword}"` : null,
    filter.roleCode ? `권한 ${filter.roleCode}` : null,
    filter.status ? `상태 ${memberStatusLabels[filter.status]}` : null,
    filter.joinedFrom || filter.joinedTo ? `가입일 ${filter.joinedFrom ?? ''}~${filter.joinedTo ?? ''}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '전체 회원';
}

/** A member as access records name them: the id and the masked key, never the plain address. */
const subjectOf = (row: Pick<members.MemberRecord, 'id' | 'userKeyCode' | 'email' | 'mobile'>) => `회원 #${row.id} (${maskKey(row.userKeyCode, row)})`;

function toRow(row: members.MemberListRow, roles: RoleNames, reveal = false): MemberRow {
  return {
    id: row.id,
    userKeyCode: reveal ? row.userKeyCode : maskKey(row.userKeyCode, row),
    name: row.name,
    email: reveal ? row.email : maskAddress(row.email),
    mobile: reveal ? row.mobile : maskAddress(row.mobile),
    userType: row.userType,
    roleCode: row.roleCode,
    roleName: roles.get(row.roleCode)?.name ?? row.roleCode,
    status: row.status,
    createdDate: toKstIso(row.createdAt),
  };
}

const iso = (d: Date | null) => (d ? toKstIso(d) : null);

async function toDetail(deps: Deps, db: Db, row: members.MemberRecord, reveal: boolean): Promise<MemberDetail> {
  const { userProfiles } = await deps.settings.info();
  return {
    ...toRow(row, await roleNames(db), reveal),
    profile: profileValues(userProfiles, row.profile, reveal),
    failedSigninCount: row.failedSigninCount,
    lockedUntil: iso(row.lockedUntil),
    retiredDate: iso(row.retiredAt),
    sessionsRevokedDate: iso(row.sessionsRevokedAt),
    twoFactorEnabled: row.twoFactorEnabled,
    revealed: reveal,
  };
}

/** `GET /api/admin/users`: one page of members, newest first, with masked addresses; recorded. */
export async function listMembers(deps: Deps, caller: Caller, actor: () => AccessActor, query: z.output<typeof memberListQuery>): Promise<MemberPage> {
  requireAdmin(caller);
  const { page, size, ...filter } = query;
  return withTransaction(deps.db, async (tx) => {
    const { rows, total } = await members.listMembers(tx, filter, (page - 1) * size, size);
    const roles = await roleNames(tx);
    await recordAccess(tx, actor(), deps.clock.now(), {
      action: 'MEMBER_LIST_VIEW',
      subjectType: 'member',
      subject: describeFilter(filter),
      detail: { filter, page, size },
      rowCount: rows.length,
    });
    return { content: rows.map((r) => toRow(r, roles)), ...pageOf(total, query) };
  });
}

/**
 * The roles offered in the member screens. Any admin needs them (the roles screen itself is the
 * system admin's); they hold no personal data, so reading them is not recorded.
 */
export async function roleOptions(deps: Deps, caller: Caller): Promise<MemberRoleOption[]> {
  requireAdmin(caller);
  const roles = await roleNames(deps.db);
  return [...roles].map(([roleCode, r]) => ({ roleCode, name: r.name, admin: hasAdminAccess(r.permissions) }));
}

async function requireMember(db: Db, id: number, forUpdate = false): Promise<members.MemberRecord> {
  const row = await members.findMember(db, id, { forUpdate });
  if (!row) throw notFound(memberMessages.notFound);
  return row;
}

/** `GET /api/admin/users/{id}` (masked) and `POST .../reveal` (plain, with an optional reason); both recorded. */
export async function viewMember(
  deps: Deps,
  caller: Caller,
  actor: () => AccessActor,
  id: number,
  reveal: { reason?: string } | null,
): Promise<MemberDetail> {
  requireAdmin(caller);
  return withTransaction(deps.db, async (tx) => {
    const row = await requireMember(tx, id);
    await recordAccess(tx, actor(), deps.clock.now(), {
      action: reveal ? 'MEMBER_REVEAL' : 'MEMBER_VIEW',
      subjectType: 'member',
      subject: subjectOf(row),
      ...(reveal ? { detail: { fields: ['userKeyCode', 'email', 'mobile', 'profile'] }, reason: reveal.reason || null } : {}),
    });
    return toDetail(deps, tx, row, Boolean(reveal));
  });
}

async function refuse(tx: Db, caller: Caller, row: members.MemberRecord, action: MemberAction): Promise<void> {
  const role = await findRole(tx, row.roleCode);
  const refusal = memberActionRefusal(caller, { ...row, adminAccess: hasAdminAccess(role?.permissions ?? []) }, action);
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : badRequest(refusal.message);
}

/**
 * The member changes of the console: each one locks the member's row, checks the policy, writes
 * the change and its access record in one transaction, and answers the member as it now is.
 */
async function changeMember(
  deps: Deps,
  caller: Caller,
  actor: () => AccessActor,
  id: number,
  action: MemberAction,
  change: (tx: Db, row: members.MemberRecord, now: Date) => Promise<{ values?: Parameters<typeof members.updateMember>[2]; entry: Omit<Parameters<typeof recordAccess>[3], 'subjectType' | 'subject'> }>,
): Promise<MemberDetail> {
  requireAdmin(caller);
  return withTransaction(deps.db, async (tx) => {
    const row = await requireMember(tx, id, true);
    await refuse(tx, caller, row, action);
    const now = deps.clock.now();
    const subject = subjectOf(row);
    const { values, entry } = await change(tx, row, now);
    if (values) await members.updateMember(tx, id, { ...values, modifiedAt: now });
    await recordAccess(tx, actor(), now, { ...entry, subjectType: 'member', subject });
    return toDetail(deps, tx, await requireMember(tx, id), false);
  });
}

/**
 * `PATCH /api/admin/users/{id}/role`. Moving a member into or out of a role with ADMIN_Access
 * grants or removes admin rights: that writes ADMIN_GRANT or ADMIN_REVOKE besides the change.
 * Only the system admin gives ADMIN_Access or rights the acting administrator lacks (policy.ts).
 */
export async function changeRole(deps: Deps, caller: Caller, actor: () => AccessActor, id: number, roleCode: string): Promise<MemberDetail> {
  return changeMember(deps, caller, actor, id, 'changeRole', async (tx, row, now) => {
    const next = await findRole(tx, roleCode);
    const previous = await findRole(tx, row.roleCode);
    if (!next) throw badRequest(memberMessages.unknownRole);
    if (selfDemotion(caller, row.id, next.permissions)) throw forbidden(memberMessages.selfAdminRemoval);
    if (grantBeyondCaller(caller, previous?.permissions ?? [], next.permissions)) throw forbidden(memberMessages.grantBySystemAdminOnly);
    const wasAdmin = hasAdminAccess(previous?.permissions ?? []);
    const isAdminNow = hasAdminAccess(next.permissions);
    if (wasAdmin !== isAdminNow) {
      await recordAccess(tx, actor(), now, {
        action: isAdminNow ? 'ADMIN_GRANT' : 'ADMIN_REVOKE',
        subjectType: 'member',
        subject: subjectOf(row),
        detail: { from: row.roleCode, to: next.roleCode },
      });
    }
    return { values: { roleCode: next.roleCode }, entry: { action: 'MEMBER_ROLE_CHANGE', detail: { from: row.roleCode, to: next.roleCode } } };
  });
}

/** `POST .../lock`: status LOCKED; sign-in answers NOT_ACCEPTABLE and open sessions end at the next request. */
export const lockMember = (deps: Deps, caller: Caller, actor: () => AccessActor, id: number) =>
  changeMember(deps, caller, actor, id, 'lock', async () => ({ values: { status: 'LOCKED' }, entry: { action: 'MEMBER_LOCK' } }));

export const unlockMember = (deps: Deps, caller: Caller, actor: () => AccessActor, id: number) =>
  changeMember(deps, caller, actor, id, 'unlock', async () => ({ values: { status: 'ACTIVE' }, entry: { action: 'MEMBER_UNLOCK' } }));

/** `POST .../clear-lockout`: forgets the wrong passwords and lifts the 10-minute sign-in lock. */
export const clearLockout = (deps: Deps, caller: Caller, actor: () => AccessActor, id: number) =>
  changeMember(deps, caller, actor, id, 'clearLockout', async (_tx, row) => ({
    values: { failedSigninCount: 0, lockedUntil: null },
    entry: { action: 'MEMBER_LOCKOUT_CLEAR', detail: { failedSigninCount: row.failedSigninCount, lockedUntil: iso(row.lockedUntil) } },
  }));

/**
 * `POST .../sign-out`: every refresh token is revoked, so every sign-in's access tokens are refused
 * at their next request (server/auth/caller.ts checks the sign-in's live refresh token). A sign-in
 * made after this, even in the same second, is untouched. `sessions_revoked_at` is for the console.
 */
export const signOutMember = (deps: Deps, caller: Caller, actor: () => AccessActor, id: number) =>
  changeMember(deps, caller, actor, id, 'signOut', async (tx, row, now) => {
    await revokeAllOfUser(tx, row.id, now);
    return { values: { sessionsRevokedAt: now }, entry: { action: 'MEMBER_SIGN_OUT' } };
  });

/** `POST .../retire`: erased exactly as a member who leaves by themselves (user/my-page.ts). */
export const retireMember = (deps: Deps, caller: Caller, actor: () => AccessActor, id: number, reason: string) =>
  changeMember(deps, caller, actor, id, 'retire', async (tx, row, now) => {
    await members.eraseRetiringMember(tx, row, now, `관리자 처리: ${reason}`);
    return { entry: { action: 'MEMBER_RETIRE', reason } };
  });
