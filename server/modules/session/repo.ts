import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, refreshToken, role } from '../../db/schema';

export const userWithRoleColumns = {
  id: appUser.id,
  userKeyCode: appUser.userKeyCode,
  name: appUser.name,
  userType: appUser.userType,
  status: appUser.status,
  passwordHash: appUser.passwordHash,
  lockedUntil: appUser.lockedUntil,
  failedSigninCount: appUser.failedSigninCount,
  roleCode: role.roleCode,
  permissions: role.permissions,
};
export interface UserWithRole {
  id: number;
  userKeyCode: string;
  name: string;
  userType: 'Member' | 'Admin';
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  passwordHash: string;
  lockedUntil: Date | null;
  failedSigninCount: number;
  roleCode: string;
  permissions: string[];
}

export async function findUserByKey(db: Db, userKeyCode: string): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select(userWithRoleColumns)
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(eq(appUser.userKeyCode, userKeyCode));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select(userWithRoleColumns)
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(eq(appUser.id, id));
  return row;
}

/**
 * Counts a wrong password in one statement (safe across requests and server instances); the
 * fifth in a row locks sign-in until `lockUntil` and starts the count again.
 */
export async function recordFailedSignin(db: Db, id: number, maxFailures: number, lockUntil: Date): Promise<Date | null> {
  const [row] = await db
    .update(appUser)
    .set({
      failedSigninCount: sql`CASE WHEN ${appUser.failedSigninCount} + 1 >= ${maxFailures} THEN 0 ELSE ${appUser.failedSigninCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${appUser.failedSigninCount} + 1 >= ${maxFailures} THEN ${lockUntil}::timestamptz ELSE ${appUser.lockedUntil} END`,
    })
    .where(eq(appUser.id, id))
    .returning({ lockedUntil: appUser.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function clearFailedSignins(db: Db, id: number): Promise<void> {
  await db.update(appUser).set({ failedSigninCount: 0, lockedUntil: null }).where(eq(appUser.id, id));
}

export async function insertRefreshToken(db: Db, values: typeof refreshToken.$inferInsert): Promise<void> {
  await db.insert(refreshToken).values(values);
}

export type RefreshTokenRow = typeof refreshToken.$inferSelect;

/** Spends a live refresh token (one statement, so two requests cannot both spend it). */
export async function spendRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .update(refreshToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshToken.tokenHash, tokenHash),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        sql`${refreshToken.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, tokenHash));
  return row;
}

/** A member's refresh tokens past their expiry: removed at each sign-in. */
export async function pruneRefreshTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db.delete(refreshToken).where(and(eq(refreshToken.userId, userId), sql`${refreshToken.expiresAt} < ${now}`));
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/** Password reset, password change and retirement end every sign-in of the member. */
export async function revokeAllOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}
