import { hash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kstDate } from '../../lib/time';

/**
 * A visitor as counted once a day (issue 23: page satisfaction, visitor statistics), without an
 * address or a cookie: SHA-256 of the day's salt, `visit`, the address and the user agent, 22
 * base64url characters (decision 0048; HMAC-SHA-256 under the salt before it). The salt is
 * random, made by whichever instance asks first on a Korean calendar day, shared by every
 * instance through `daily_salt`, and kept only for its day: making a day's salt
 * deletes every earlier day's, so yesterday's keys can no longer be recomputed from an address
 * (an IPv4 address is too few bits to hide behind a hash without a secret that goes away). A
 * gone day's salt is never made again (daySalt); a process keeps the day before's in memory for
 * the hits of its last seconds that are keyed after midnight (createVisitorKeys).
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
   * page, where the HMAC keyOf then made cost a new visitor's page 6-7 % (measured): the salt, 256
   * random bits gone with its day, is what keeps the address from being found, as in keyOf (which
   * has been made the same way since decision 0048, with a word that keeps the two keys apart).
   */
  viewKeyOf(address: string, userAgent: string | undefined, now: Date): Promise<string>;
  /** viewKeyOf at once when the day's salt is in memory (nearly always), else undefined: then ask viewKeyOf. */
  viewKeyNow(address: string, userAgent: string | undefined, now: Date): string | undefined;
}

/** A day's salt as this process holds it: asked for, and once read, known (for viewKeyNow). */
interface Holding {
  day: string;
  salt: Promise<string>;
  known?: string;
}

export function createVisitorKeys(db: Db): VisitorKeys {
  // The salts of the newest day asked for and of one earlier day. The earlier one is for the hits
  // of a day's last seconds that a flush keys after midnight (visit/counter.ts): by then the next
  // day's salt has deleted it from the table, and asked anew it would have been made again, a
  // second salt for the day (its last visitors counted twice, and a salt in the table past its
  // day). It is held only in memory, until the next day's change replaces it.
  let held: Holding | null = null;
  let earlier: Holding | null = null;

  function saltOf(day: string): Promise<string> {
    if (held?.day === day) return held.salt;
    if (earlier?.day === day) return earlier.salt;
    const holding: Holding = { day, salt: saltOrStandIn(db, day) };
    if (held === null || day > held.day) {
      earlier = held;
      held = holding;
    } else {
      earlier = holding;
    }
    holding.salt.then(
      (value) => {
        holding.known = value;
      },
      // A failed read is not kept: the next visitor asks again.
      () => {
        if (held === holding) held = null;
        if (earlier === holding) earlier = null;
      },
    );
    return holding.salt;
  }

  const keyer = (salt: string) => (address: string, userAgent: string | undefined) => visitKey(salt, address, userAgent);

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

/**
 * A visit's key (decision 0048): a view's key (decision 0044) under a word of its own, so that a
 * visitor's visits and views cannot be joined by their keys.
 */
function visitKey(salt: string, address: string, userAgent: string | undefined): string {
  return saltedKey(`${salt}|visit`, address, userAgent);
}

function viewKey(salt: string, address: string, userAgent: string | undefined): string {
  return saltedKey(salt, address, userAgent);
}

/**
 * SHA-256 of `prefix|address|user agent`, 22 base64url characters, in one call: no Hash or Hmac
 * object, made for every view a guest's page counts and every new visitor a batch of visits keys
 * (in profiles the object's making was 5 µs of a post's page, the HMAC 7-8 µs of a new visitor's).
 */
function saltedKey(prefix: string, address: string, userAgent: string | undefined): string {
  return hash('sha256', `${prefix}|${address}|${userAgent ?? ''}`, 'base64url').slice(0, 22);
}

/**
 * The salt of `day` (daySalt), or, when it is gone, one made for this process alone and never
 * stored: the hits of a day this process never read the salt of, keyed after the next day began
 * (a process started in the day's last seconds). Its keys match no other process's, so such a
 * visitor may be counted twice that hour; a salt made again in the table would do the same on
 * every instance, and outlive its day there.
 */
async function saltOrStandIn(db: Db, day: string): Promise<string> {
  return (await daySalt(db, day)) ?? randomBytes(32).toString('base64url');
}

/**
 * The salt of `day`, made if no instance has made it yet, in one statement: earlier days' salts
 * are deleted in the same statement. Null when the day's salt is gone: a later day's was made,
 * which deleted it, and it is not made again. A day after `day` (an instance whose clock runs
 * ahead) is left alone.
 */
export async function daySalt(db: Db, day: string): Promise<string | null> {
  // Two instances making the first salt of a day at once: the one whose insert waited finds the
  // other's row only in a statement that starts after it was committed, so it asks once more.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const taken = await takeDaySalt(db, day);
    if (taken) return taken.salt;
  }
  throw new Error(`no visitor salt for ${day}`);
}

/**
 * One try: the salt made or found (a null salt: gone, a later day's exists), or undefined when
 * another instance's insert of the day's first salt was not yet visible to this statement.
 * The branches are read in order: the salt made, the one there, the mark of a later day.
 */
async function takeDaySalt(db: Db, day: string): Promise<{ salt: string | null } | undefined> {
  const fresh = randomBytes(32).toString('base64url');
  const result = (await db.execute(sql`
    WITH gone AS (DELETE FROM daily_salt WHERE day < ${day}::date),
    made AS (
      INSERT INTO daily_salt (day, salt)
      SELECT ${day}::date, ${fresh}
      WHERE NOT EXISTS (SELECT 1 FROM daily_salt WHERE day > ${day}::date)
      ON CONFLICT (day) DO NOTHING
      RETURNING salt
    )
    SELECT salt FROM made
    UNION ALL
    SELECT salt FROM daily_salt WHERE day = ${day}::date
    UNION ALL
    SELECT NULL FROM daily_salt WHERE day > ${day}::date
    LIMIT 1`)) as unknown as { rows: { salt: string | null }[] };
  return result.rows[0];
}
