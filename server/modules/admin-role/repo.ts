import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, role, siteSetting } from '../../db/schema';

export interface RoleRow {
  roleCode: string;
  name: string;
  permissions: string[];
}

const roleColumns = { roleCode: role.roleCode, name: role.name, permissions: role.permissions };

export function listRoles(db: Db): Promise<RoleRow[]> {
  return db.select(roleColumns).from(role).orderBy(role.createdAt, role.roleCode);
}

export async function findRole(db: Db, roleCode: string, opts: { forUpdate?: boolean } = {}): Promise<RoleRow | undefined> {
  const query = db.select(roleColumns).from(role).where(eq(role.roleCode, roleCode));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Members per role, retired ones included: read from app_user_role_idx alone (an index-only scan). */
export function holdersQuery(db: Db) {
  return db.select({ roleCode: appUser.roleCode, n: count() }).from(appUser).groupBy(appUser.roleCode);
}

/** Retired members per role: the few RETIRED rows found through app_user_status_idx. */
export function retiredHoldersQuery(db: Db) {
  return db.select({ roleCode: appUser.roleCode, n: count() }).from(appUser).where(eq(appUser.status, 'RETIRED')).groupBy(appUser.roleCode);
}

/**
 * How many members who have not left hold each role. Two indexed counts instead of one that
 * filters by status, which would have to read every member's row.
 */
export async function memberCounts(db: Db): Promise<Map<string, number>> {
  const [all, retired] = await Promise.all([holdersQuery(db), retiredHoldersQuery(db)]);
  const counts = new Map(all.map((r) => [r.roleCode, r.n]));
  for (const r of retired) counts.set(r.roleCode, (counts.get(r.roleCode) ?? 0) - r.n);
  return counts;
}

export async function memberCount(db: Db, roleCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appUser)
    .where(sql`${appUser.roleCode} = ${roleCode} AND ${appUser.status} <> 'RETIRED'`);
  return row?.n ?? 0;
}

export async function updateRole(db: Db, roleCode: string, values: Partial<Pick<RoleRow, 'name' | 'permissions'>>): Promise<void> {
  await db.update(role).set(values).where(eq(role.roleCode, roleCode));
}

export async function insertRole(db: Db, values: RoleRow): Promise<void> {
  await db.insert(role).values(values);
}

/** The guest role as stored now (not the settings cache): for checks made inside a transaction. */
export async function guestRoleCode(db: Db): Promise<string> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, 'roleCodeForGuest'));
  return typeof row?.value === 'string' ? row.value : '';
}
