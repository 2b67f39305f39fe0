import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { knownPermissions, roleMessages, type createRoleRequest, type patchRoleRequest, type RoleList, type RoleView } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { requireSystemAdmin } from '../../auth/admin';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { adminRightsChange, permissionsRefusal } from './policy';
import * as repo from './repo';
import { roleHolderCount, roleHolderCounts } from '@server/modules/user';
import { storedGuestRoleCode } from '@server/modules/site-setting';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings' | 'boardCaching'>;

/** `GET /api/admin/roles`: every role with its permissions and how many members (not retired) hold it. */
export async function listRoles(deps: Deps, caller: Caller): Promise<RoleList> {
  requireSystemAdmin(caller);
  const [roles, counts, info] = await Promise.all([repo.listRoles(deps.db), roleHolderCounts(deps.db), deps.settings.info()]);
  const content: RoleView[] = roles.map((r) => ({
    ...r,
    memberCount: counts.get(r.roleCode) ?? 0,
    isGuestRole: r.roleCode === info.roleCodeForGuest,
  }));
  return { content, knownPermissions: knownPermissions.map((p) => ({ ...p })) };
}

async function toView(deps: Deps, db: Db, roleCode: string): Promise<RoleView> {
  const [row, count, info] = await Promise.all([repo.findRole(db, roleCode), roleHolderCount(db, roleCode), deps.settings.info()]);
  return { ...row!, memberCount: count, isGuestRole: roleCode === info.roleCodeForGuest };
}

function checkPermissions(caller: Caller, roleCode: string, guestRoleCode: string, permissions: string[]): void {
  const refusal = permissionsRefusal(caller, roleCode, guestRoleCode, permissions);
  if (refusal) throw refusal.status === 403 ? forbidden(refusal.message) : badRequest(refusal.message, { field: 'permissions' });
}

/** Writes ADMIN_GRANT or ADMIN_REVOKE when ADMIN_Access came or went: the role and how many members it reaches. */
async function recordAdminRights(tx: Db, actor: AccessActor, now: Date, role: repo.RoleRow, before: string[], after: string[]): Promise<void> {
  const action = adminRightsChange(before, after);
  if (!action) return;
  const members = await roleHolderCount(tx, role.roleCode);
  await recordAccess(tx, actor, now, {
    action,
    subjectType: 'role',
    subject: `권한 ${role.roleCode} (${role.name}), 회원 ${members}명`,
    detail: { before, after },
    rowCount: members,
  });
}

/**
 * Callers are resolved per request from the database, so members see a change at their next
 * request; the guest role is cached with the site settings, and guests' board answers with it.
 */
async function applied(deps: Deps, guestPermissionsChanged: boolean): Promise<void> {
  deps.settings.invalidate();
  // Every instance keeps the guest role with its settings and guests' answers made with it.
  if (guestPermissionsChanged) await deps.boardCaching.settingsChanged();
}

/** `PATCH /api/admin/roles/{roleCode}`: a new name and/or a new permission list. */
export async function patchRole(
  deps: Deps,
  caller: Caller,
  actor: () => AccessActor,
  roleCode: string,
  input: z.output<typeof patchRoleRequest>,
): Promise<RoleView> {
  requireSystemAdmin(caller);
  const { view, guestChanged } = await withTransaction(deps.db, async (tx) => {
    // The guest role as stored, under the site settings' lock (taken first, as PATCH
    // /api/site-setting does): a guest-role switch saved at the same moment cannot cross this check.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('site-setting', 0))`);
    const roleCodeForGuest = await storedGuestRoleCode(tx);
    const row = await repo.findRole(tx, roleCode, { forUpdate: true });
    if (!row) throw notFound(roleMessages.notFound);
    const permissions = input.permissions ?? row.permissions;
    if (input.permissions) checkPermissions(caller, roleCode, roleCodeForGuest, permissions);
    await repo.updateRole(tx, roleCode, { name: input.name ?? row.name, permissions });
    await recordAdminRights(tx, actor(), deps.clock.now(), { ...row, name: input.name ?? row.name }, row.permissions, permissions);
    const samePermissions = permissions.length === row.permissions.length && permissions.every((p) => row.permissions.includes(p));
    return { view: await toView(deps, tx, roleCode), guestChanged: roleCode === roleCodeForGuest && !samePermissions };
  });
  await applied(deps, guestChanged);
  return view;
}

/** `PUT /api/admin/roles`: a new role. */
export async function createRole(deps: Deps, caller: Caller, actor: () => AccessActor, input: z.output<typeof createRoleRequest>): Promise<RoleView> {
  requireSystemAdmin(caller);
  const { roleCodeForGuest } = await deps.settings.info();
  checkPermissions(caller, input.roleCode, roleCodeForGuest, input.permissions);
  try {
    const view = await withTransaction(deps.db, async (tx) => {
      await repo.insertRole(tx, input);
      await recordAdminRights(tx, actor(), deps.clock.now(), input, [], input.permissions);
      return toView(deps, tx, input.roleCode);
    });
    await applied(deps, false);
    return view;
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(roleMessages.duplicate, { field: 'roleCode' });
    throw err;
  }
}
