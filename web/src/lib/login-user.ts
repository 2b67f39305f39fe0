import type { LoginUser } from '@contract';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The stored `loginUser` item read as contract's `loginUser` schema reads it (the fields it names,
 * nothing else), or null when it does not fit. Written out rather than `loginUser.safeParse` because
 * the session is read on every screen's first load, and the schema would put zod (about 30 KB over
 * the wire) into that load for one check; login-user.test.ts holds it to the schema.
 */
export function readLoginUser(value: unknown): LoginUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, userKeyCode, name, userType, role } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(id) || !isString(userKeyCode) || !isString(name)) return null;
  if (userType !== 'Member' && userType !== 'Admin') return null;
  if (typeof role !== 'object' || role === null) return null;
  const { roleCode, permissions } = role as Record<string, unknown>;
  if (!isString(roleCode) || !Array.isArray(permissions) || !permissions.every(isString)) return null;
  return { id: id as number, userKeyCode, name, userType, role: { roleCode, permissions: [...permissions] } };
}
