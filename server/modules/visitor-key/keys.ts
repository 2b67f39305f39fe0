import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kstDate } from '../../lib/time';

/**
 * A visitor as counted once a day (issue 23: page satisfaction, visitor statistics), without an
 * address or a cookie: HMAC-SHA-256 of `address|user agent` under the day's salt, 22 base64url
 * characters. The salt is random, made by whichever instance asks first on a Korean calendar day,
 * shared by every instance through `daily_salt`, and kept only for its day: making a day's salt
 * deletes every earlier day's, so yesterday's keys can no longer be recomputed from an address
 * (an IPv4 address is too few bits to hide behind a hash without a secret that goes away).
 */
export interface VisitorKeys {
  /** The key of a visitor on `now`'s Korean calendar day. */
  keyOf(address: string, userAgent: string | undefined, now: Date): Promise<string>;
  /**
   * The keys of `now`'s Korean calendar day, as a synchronous function once its salt is known: a
   * batch of visits keys thousands of visitors with one wait for the salt, not a wait each.
   */
  keyerOf(now: Date): Promise<(address: string, userAgent: string | undefined) => string>;
  /**
   * A guest's key for a post's view on `now`'s day (decision 0044): SHA-256 of the day's salt, the
   * address and the user agent, 22 base64url characters. Made on the reader's path of every post
   * page, where keyOf's HMAC cost a new visitor's page 6-7 % (measured): the salt, 256 random bits
   * gone with its day, is what keeps the address from being found, as in keyOf.
   */
  viewKeyOf(address: string, userAgent: string | undefined, now: Date): Promise<string>;
  /** viewKeyOf at once when the day's salt is in memory (nearly always), else undefined: then ask viewKeyOf. */
  viewKeyNow(address: string, userAgent: string | undefined, now: Date): string | undefined;
}

export function createVisitorKeys(db: Db): VisitorKeys {
  // One salt in memory, the day's; a new day's replaces it (the old one is not kept here either).
  // `known`: the day's salt once read, for viewKeyNow.
  let held: { day: string; salt: Promise<string>; known?: string } | null = null;

  function saltOf(day: string): Promise<string> {
    if (held?.day === day) return held.salt;
    const salt = daySalt(db, day);
    const holding: NonNullable<typeof held> = { day, salt };
    held = holding;
    salt.then(
      (value) => {
        holding.known = value;
      },
      // A failed read is not kept: the next visitor asks again.
      () => {
        if (held === holding) held = null;
      },
    );
    return salt;
  }

  const keyer = (salt: string) => (address: string, userAgent: string | undefined) =>
    createHmac('sha256', salt)
      .update(`${address}|${userAgent ?? ''}`)
      .digest('base64url')
      .slice(0, 22);

  return {
    async keyOf(address, userAgent, now) {
      return keyer(await saltOf(kstDate(now)))(address, userAgent);
    },
    async keyerOf(now) {
      return keyer(await saltOf(kstDate(now)));
    },
    async viewKeyOf(address, userAgent, now) {
      return viewKey(await saltOf(kstDate(now)), address, userAgent);
    },
    viewKeyNow(address, userAgent, now) {
      const day = kstDate(now);
      return held?.day === day && held.known !== undefined ? viewKey(held.known, address, userAgent) : undefined;
    },
  };
}

function viewKey(salt: string, address: string, userAgent: string | undefined): string {
  return createHash('sha256').update(`${salt}|${address}|${userAgent ?? ''}`).digest('base64url').slice(0, 22);
}

/**
 * The salt of `day`, made if no instance has made it yet, in one statement: earlier days' salts
 * are deleted in the same statement. A day after `day` (an instance whose clock runs ahead) is
 * left alone.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  // Two instances making the first salt of a day at once: the one whose insert waited finds the
  // other's row only in a statement that starts after it was committed, so it asks once more.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const salt = await takeDaySalt(db, day);
    if (salt) return salt;
  }
  throw new Error(`no visitor salt for ${day}`);
}

async function takeDaySalt(db: Db, day: string): Promise<string | undefined> {
  const fresh = randomBytes(32).toString('base64url');
  const result = (await db.execute(sql`
    WITH gone AS (DELETE FROM daily_salt WHERE day < ${day}::date),
    made AS (
      INSERT INTO daily_salt (day, salt) VALUES (${day}::date, ${fresh})
      ON CONFLICT (day) DO NOTHING
      RETURNING salt
    )
    SELECT salt FROM made
    UNION ALL
    SELECT salt FROM daily_salt WHERE day = ${day}::date
    LIMIT 1`)) as unknown as { rows: { salt: string }[] };
  return result.rows[0]?.salt;
}
