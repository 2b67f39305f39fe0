import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { role } from '../../db/schema';

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

export async function updateRole(db: Db, roleCode: string, values: Partial<Pick<RoleRow, 'name' | 'permissions'>>): Promise<void> {
  await db.update(role).set(values).where(eq(role.roleCode, roleCode));
}

export async function insertRole(db: Db, values: RoleRow): Promise<void> {
  await db.insert(role).values(values);
}

/** Each role's name and permissions by code (the console's member list names roles with it). */
export async function roleNames(db: Db): Promise<Map<string, { name: string; permissions: string[] }>> {
  const rows = await listRoles(db);
  return new Map(rows.map((r) => [r.roleCode, { name: r.name, permissions: r.permissions }]));
}

/** The role codes among `codes` that no role has. */
export async function unknownRoleCodes(db: Db, codes: string[]): Promise<string[]> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  const rows = await db.select({ roleCode: role.roleCode }).from(role).where(inArray(role.roleCode, unique));
  const known = new Set(rows.map((r) => r.roleCode));
  return unique.filter((code) => !known.has(code));
}

/** The guest role's code and permissions, for the site settings' cache (through server/app.ts). */
export async function findGuestRole(db: Db, roleCode: string): Promise<{ roleCode: string; permissions: string[] } | undefined> {
  const [row] = await db.select({ roleCode: role.roleCode, permissions: role.permissions }).from(role).where(eq(role.roleCode, roleCode));
  return row;
}

/** A role's permissions, the row share-locked for the rest of the caller's transaction (a new guest role's check). */
export async function sharedRolePermissions(db: Db, roleCode: string): Promise<string[] | undefined> {
  const [row] = await db.select({ permissions: role.permissions }).from(role).where(eq(role.roleCode, roleCode)).for('share');
  return row?.permissions;
}

/** Every role by code, as the site settings' console offers them for the guest role. */
export function rolesByCode(db: Db): Promise<RoleRow[]> {
  return db.select({ roleCode: role.roleCode, name: role.name, permissions: role.permissions }).from(role).orderBy(role.roleCode);
}
