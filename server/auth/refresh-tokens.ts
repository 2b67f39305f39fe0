import { and, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withTransaction } from '../db/transaction';
import { appUser, refreshToken, role, twoFactor } from '../db/schema';
import type { TokenSession } from './tokens';

/**
 * The repository of `refresh_token`: every statement on that table is here (docs/decisions/0022).
 * A sign-in is a family of refresh tokens (`family_id`, the access token's `sid`); it lives in
 * auth/ because resolving a caller reads it and ends an administrator's idle sign-in
 * (auth/caller.ts), and auth/ depends on no module. The session module signs in and out with it;
 * the two-factor, user and admin-member modules end sign-ins with it; housekeeping prunes it.
 */

export type RefreshTokenRow = typeof refreshToken.$inferSelect;

export async function insertRefreshToken(db: Db, values: typeof refreshToken.$inferInsert): Promise<void> {
  await db.insert(refreshToken).values(values);
}

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

/** Housekeeping: every refresh token that expired before `cutoff`; answers how many went. */
export async function deleteExpiredRefreshTokens(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(refreshToken).where(lt(refreshToken.expiresAt, cutoff)).returning({ id: refreshToken.id });
  return gone.length;
}

/**
 * Holds the member's row until the transaction ends. Every change to a member's sign-ins takes it
 * first: ending sign-ins here, and exchanging a refresh token (spend one, store the next) or
 * storing a sign-in, which take it while reading the member (user/repo.ts holdUserById, the same
 * lock). They then run one after the other, and each statement sees what the one before stored.
 * Without it a revocation waiting on the token an exchange is spending goes on, once the exchange
 * commits, without the token it stored (a statement sees only rows committed before it began): a
 * copied token presented during its owner's refresh, or a sign-out during one, left the new token
 * alive. FOR NO KEY UPDATE conflicts with itself and with changes to the member's row, not with
 * the key-share lock a stored token's foreign key takes. A read of `app_user`, as memberQuery's is.
 */
export function memberHoldQuery(db: Db, userId: number) {
  return db.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, userId)).for('no key update');
}

/** Revokes the live tokens `where` picks, after holding the member (memberHoldQuery); its own transaction, or a savepoint in the caller's. */
function revokeHeld(db: Db, userId: number, where: SQL | undefined, now: Date): Promise<void> {
  return withTransaction(db, async (tx) => {
    await memberHoldQuery(tx, userId);
    await tx
      .update(refreshToken)
      .set({ revokedAt: now })
      .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt), where));
  });
}

/** Ends one sign-in: every live refresh token of its family. */
export function revokeFamily(db: Db, signin: { userId: number; familyId: string }, now: Date): Promise<void> {
  return revokeHeld(db, signin.userId, eq(refreshToken.familyId, signin.familyId), now);
}

/** Password reset, password change and retirement end every sign-in of the member. */
export function revokeAllOfUser(db: Db, userId: number, now: Date): Promise<void> {
  return revokeHeld(db, userId, undefined, now);
}

/** Ends every sign-in of the account but `keepFamilyId` (issue 12: a second factor set up ends the password-only ones). */
export function revokeOthersOfUser(db: Db, userId: number, keepFamilyId: string, now: Date): Promise<void> {
  return revokeHeld(db, userId, ne(refreshToken.familyId, keepFamilyId), now);
}

/** An administrator's request seen at `now` (auth/admin-idle.ts decides when it is worth a write). */
export async function recordSignInActivity(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ lastSeenAt: now })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt), isNull(refreshToken.usedAt)));
}

/**
 * The account, its role and the sign-in's one live refresh token (neither spent nor revoked: a
 * refresh spends one and stores the next in one transaction, so a family has one or none), found
 * through refresh_token_family_idx. `lastActiveAt` is that token's last recorded activity, and
 * null when the sign-in has ended; `twoFactor`, whether the account has a confirmed second factor.
 * It runs on every signed-in request, so it is one statement: it joins `app_user`, `role` and
 * `two_factor` (read only; their owners are the user, admin-role and two-factor modules).
 * Exported for the query-plan test.
 */
export function memberQuery(db: Db, claims: TokenSession) {
  return db
    .select({
      id: appUser.id,
      userType: appUser.userType,
      status: appUser.status,
      roleCode: role.roleCode,
      permissions: role.permissions,
      lastActiveAt: sql<Date | null>`coalesce(${refreshToken.lastSeenAt}, ${refreshToken.createdAt})`.mapWith(refreshToken.createdAt),
      twoFactor: sql<boolean>`${twoFactor.confirmedAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .leftJoin(twoFactor, eq(twoFactor.userId, appUser.id))
    .leftJoin(
      refreshToken,
      and(
        eq(refreshToken.familyId, claims.sessionId),
        eq(refreshToken.userId, appUser.id),
        isNull(refreshToken.revokedAt),
        isNull(refreshToken.usedAt),
      ),
    )
    .where(eq(appUser.id, claims.userId));
}
