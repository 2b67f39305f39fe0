import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, refreshToken, role, signinFailure } from '../../db/schema';

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

export async function findUserById(db: Db, id: number): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select(userWithRoleColumns)
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(eq(appUser.id, id));
  return row;
}

/**
 * Counts a sign-in attempt before its password (and code) is checked, in one statement that
 * refuses it (null) while the account is locked. Counted after the check instead, a burst of
 * parallel attempts all passed the lock check during argon2's tens of milliseconds before any
 * was counted, so the five-attempt lock bounded nothing within a burst. The fifth in a row locks
 * sign-in until `lockUntil` and starts the count again; `lockedByThis` is that lock's end when
 * this attempt set it. A success clears the count (clearFailedSignins).
 */
export async function reserveSigninAttempt(
  db: Db,
  id: number,
  maxFailures: number,
  lockUntil: Date,
  now: Date,
): Promise<{ lockedByThis: Date | null } | null> {
  const reachesMax = sql`${appUser.failedSigninCount} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(appUser)
    .set({
      failedSigninCount: sql`CASE WHEN ${reachesMax} THEN 0 ELSE ${appUser.failedSigninCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesMax} THEN ${lockUntil}::timestamptz ELSE ${appUser.lockedUntil} END`,
    })
    .where(and(eq(appUser.id, id), or(isNull(appUser.lockedUntil), lte(appUser.lockedUntil, now))))
    .returning({ lockedUntil: appUser.lockedUntil });
  if (!row) return null;
  return { lockedByThis: row.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null };
}

/**
 * Gives back an attempt that turned out to be no failure (a right password whose code is still to
 * come): one fewer in the count, or, when it set the lock, the lock lifted with the count one short.
 */
export async function returnSigninAttempt(db: Db, id: number, maxFailures: number, lockedByThis: Date | null): Promise<void> {
  if (lockedByThis) {
    await db
      .update(appUser)
      .set({ failedSigninCount: maxFailures - 1, lockedUntil: null })
      .where(and(eq(appUser.id, id), eq(appUser.lockedUntil, lockedByThis)));
    return;
  }
  await db
    .update(appUser)
    .set({ failedSigninCount: sql`GREATEST(${appUser.failedSigninCount} - 1, 0)` })
    .where(eq(appUser.id, id));
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

/** A sign-in's end is the caller resolution's too (an administrator's idle limit): it lives in auth/. */
export { revokeFamily } from '@server/auth/sign-in-family';

/** Password reset, password change and retirement end every sign-in of the member. */
export async function revokeAllOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}

/** Ends every sign-in of the account but `keepFamilyId` (issue 12: a second factor set up ends the password-only ones). */
export async function revokeOthersOfUser(db: Db, userId: number, keepFamilyId: string, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt), ne(refreshToken.familyId, keepFamilyId)));
}

/**
 * One failed sign-in, for the console's dashboard (issue 9): who was tried (null for a key no
 * member has), from where, and whether this failure locked the account. One small insert.
 */
export async function insertSigninFailure(db: Db, values: typeof signinFailure.$inferInsert): Promise<void> {
  await db.insert(signinFailure).values(values);
}

/**
 * The account a sign-in key names under the site's authType (spec §3): the ID column
 * (`user_key_code`) on an ID site, the `email` column on an e-mail site and the `mobile` column on
 * a mobile site, so members who joined under an earlier authType sign in with the new key after a
 * switch (the console refuses a switch while an active member lacks it). System administrators
 * (userType Admin) also keep their ID on every authType, so a switch never locks them out.
 * `ambiguous` when a number belongs to more than one account.
 */
export async function findUserBySigninKey(
  db: Db,
  keyType: 'ID' | 'EMAIL' | 'MOBILE',
  typed: string,
): Promise<UserWithRole | 'ambiguous' | undefined> {
  const key = typed.trim();
  const adminId = and(eq(appUser.userType, 'Admin'), eq(appUser.userKeyCode, key));
  const where =
    keyType === 'ID'
      ? eq(appUser.userKeyCode, key)
      : keyType === 'EMAIL'
        ? or(eq(appUser.email, key.toLowerCase()), adminId)
        : or(and(eq(appUser.mobile, key), ne(appUser.status, 'RETIRED')), adminId);
  const rows = await db
    .select(userWithRoleColumns)
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(where)
    .limit(2);
  if (rows.length > 1) return rows.find((r) => r.userType === 'Admin' && r.userKeyCode === key) ?? 'ambiguous';
  return rows[0];
}
