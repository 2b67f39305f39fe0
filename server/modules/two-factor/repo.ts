import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoFactor, twoFactorRecoveryCode } from '../../db/schema';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** The account's factor, by two_factor_pkey. Exported, as the builders below, for the query-plan test. */
export const findQuery = (db: Db, userId: number) => db.select().from(twoFactor).where(eq(twoFactor.userId, userId));

export async function find(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await findQuery(db, userId);
  return row;
}

/** A new secret for an account not yet enrolled (a second start replaces the first); false once enrolled. */
export async function startEnrolment(db: Db, userId: number, secret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, createdAt: now, lastUsedStep: null }, setWhere: isNull(twoFactor.confirmedAt) })
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/**
 * Enrolment finished with the first code's step, for the secret that code was checked against;
 * false when it is no longer pending with that secret (another tab confirmed it, or started again
 * and so replaced the secret: confirming the new one would leave the app holding the old).
 */
export async function confirm(db: Db, userId: number, secret: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ confirmedAt: now, lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.secret, secret), isNull(twoFactor.confirmedAt)))
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/**
 * Takes a code's step as used, once: a step at or before the last one used is refused, so a code
 * (or an older one still in the window) cannot be replayed, even by two requests at once.
 */
export async function spendStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.delete(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.userId, userId));
  await db.insert(twoFactorRecoveryCode).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks the code used, through two_factor_recovery_code_uq; no row when it is unknown or already used. */
export const spendRecoveryCodeQuery = (db: Db, userId: number, codeHash: string, now: Date) =>
  db
    .update(twoFactorRecoveryCode)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCode.userId, userId), eq(twoFactorRecoveryCode.codeHash, codeHash), isNull(twoFactorRecoveryCode.usedAt)))
    .returning({ id: twoFactorRecoveryCode.id });

export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  return (await spendRecoveryCodeQuery(db, userId, codeHash, now)).length === 1;
}

/** The unused codes of the account, counted in the leading user_id part of two_factor_recovery_code_uq. */
export const recoveryCodesLeftQuery = (db: Db, userId: number) =>
  db
    .select({ left: count() })
    .from(twoFactorRecoveryCode)
    .where(and(eq(twoFactorRecoveryCode.userId, userId), isNull(twoFactorRecoveryCode.usedAt)));

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await recoveryCodesLeftQuery(db, userId);
  return row?.left ?? 0;
}

/** The account signs in with its password alone again. */
export async function remove(db: Db, userId: number): Promise<boolean> {
  await db.delete(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.userId, userId));
  const rows = await db.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ userId: twoFactor.userId });
  return rows.length === 1;
}
