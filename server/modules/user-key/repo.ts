import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userKeyToken } from '../../db/schema';

export type KeyTokenRow = typeof userKeyToken.$inferSelect;

/** Pincodes sent to one key since each of two moments (the send limits). */
export async function countSends(
  db: Db,
  keyType: 'EMAIL' | 'MOBILE',
  keyCode: string,
  since: { short: Date; long: Date },
): Promise<{ short: number; long: number }> {
  const [row] = await db
    .select({
      short: sql<number>`count(*) FILTER (WHERE ${userKeyToken.createdAt} > ${since.short})::int`,
      long: sql<number>`count(*)::int`,
    })
    .from(userKeyToken)
    .where(
      and(eq(userKeyToken.keyType, keyType), eq(userKeyToken.keyCode, keyCode), sql`${userKeyToken.createdAt} > ${since.long}`),
    );
  return row ?? { short: 0, long: 0 };
}

/** Serialises pincode sends to one key across requests and server instances, until the transaction ends. */
export async function lockKey(tx: Db, keyType: string, keyCode: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`user-key:${keyType}:${keyCode}`}, 0))`);
}

export async function insertToken(db: Db, values: typeof userKeyToken.$inferInsert): Promise<number> {
  const [row] = await db.insert(userKeyToken).values(values).returning({ id: userKeyToken.id });
  return row!.id;
}

export async function findToken(db: Db, tokenHash: string): Promise<KeyTokenRow | undefined> {
  const [row] = await db.select().from(userKeyToken).where(eq(userKeyToken.tokenHash, tokenHash));
  return row;
}

/** Counts one pincode attempt; null when the token has no attempts left or is no longer pending. */
export async function countAttempt(db: Db, id: number, maxTries: number): Promise<number | null> {
  const [row] = await db
    .update(userKeyToken)
    .set({ tries: sql`${userKeyToken.tries} + 1` })
    .where(and(eq(userKeyToken.id, id), eq(userKeyToken.status, 'PENDING'), lt(userKeyToken.tries, maxTries)))
    .returning({ tries: userKeyToken.tries });
  return row ? row.tries : null;
}

/** PENDING → CONFIRMED under a new token value; false if another request got there first. */
export async function markConfirmed(db: Db, id: number, tokenHash: string, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(userKeyToken)
    .set({ status: 'CONFIRMED', tokenHash, confirmedAt: now, expiresAt })
    .where(and(eq(userKeyToken.id, id), eq(userKeyToken.status, 'PENDING')))
    .returning({ id: userKeyToken.id });
  return rows.length === 1;
}

/** Marks a token USED if it is still usable (`fromStatus`, unexpired); false if it is not. */
export async function markUsed(db: Db, id: number, fromStatus: 'PENDING' | 'CONFIRMED', now: Date): Promise<boolean> {
  const rows = await db
    .update(userKeyToken)
    .set({ status: 'USED', usedAt: now })
    .where(and(eq(userKeyToken.id, id), eq(userKeyToken.status, fromStatus), sql`${userKeyToken.expiresAt} > ${now}`))
    .returning({ id: userKeyToken.id });
  return rows.length === 1;
}

export async function deleteToken(db: Db, id: number): Promise<void> {
  await db.delete(userKeyToken).where(eq(userKeyToken.id, id));
}

/** Tokens expired for a day serve no limit or audit: removed as new ones are made. */
export async function pruneTokens(db: Db, before: Date): Promise<void> {
  await db.delete(userKeyToken).where(lt(userKeyToken.expiresAt, before));
}

/** A retiring member's traces (user/my-page.ts): their pincode tokens, and any sent to their addresses. */
export async function deleteTokensOfMember(db: Db, userId: number, addresses: { email: string | null; mobile: string | null }): Promise<void> {
  await db.delete(userKeyToken).where(eq(userKeyToken.userId, userId));
  if (addresses.email) {
    await db.delete(userKeyToken).where(and(eq(userKeyToken.keyType, 'EMAIL'), eq(userKeyToken.keyCode, addresses.email)));
  }
  if (addresses.mobile) {
    await db.delete(userKeyToken).where(and(eq(userKeyToken.keyType, 'MOBILE'), eq(userKeyToken.keyCode, addresses.mobile)));
  }
}

/**
 * Find-ID answers spent on one key since each of two moments, the one being spent (`exceptId`)
 * aside: each sends the full IDs to the key (issue 23), limited as pincode sends are.
 */
export async function countIdSends(
  db: Db,
  keyType: 'EMAIL' | 'MOBILE',
  keyCode: string,
  exceptId: number,
  since: { short: Date; long: Date },
): Promise<{ short: number; long: number }> {
  const [row] = await db
    .select({
      short: sql<number>`count(*) FILTER (WHERE ${userKeyToken.usedAt} > ${since.short})::int`,
      long: sql<number>`count(*)::int`,
    })
    .from(userKeyToken)
    .where(
      and(
        eq(userKeyToken.keyType, keyType),
        eq(userKeyToken.keyCode, keyCode),
        eq(userKeyToken.purpose, 'FIND_ID'),
        eq(userKeyToken.status, 'USED'),
        sql`${userKeyToken.id} <> ${exceptId}`,
        sql`${userKeyToken.usedAt} > ${since.long}`,
      ),
    );
  return row ?? { short: 0, long: 0 };
}
