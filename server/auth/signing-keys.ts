import { createHash, randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecret } from '../db/schema';

/**
 * The keys that sign and verify the server's JWTs (docs/decisions/0017-token-signing-keys.md).
 * Every token names its key in the protected header (`kid`). One key signs; the keys it replaced
 * still verify until the longest-lived token they signed has expired, so a rotation signs nobody
 * out. The ring lives in PostgreSQL (`server_secret` rows named `token-key:<kid>`), so every
 * instance on the database signs and verifies with the same keys; with JWT_SECRET it comes from
 * the environment instead and never touches the database.
 */

/** Longest life of a token signed by these keys: the access token's and the file cookie's 30 minutes. */
export const LONGEST_TOKEN_LIFE_MS = 30 * 60 * 1000;
/** Allowed difference between the clocks of the instance that signed and the one that verifies. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** How old an instance's copy of the ring may get before it reads the database again. */
export const KEY_RING_MAX_AGE_MS = 60 * 1000;
/**
 * A rotated key starts signing this long after it is stored: by then every instance has read it
 * (KEY_RING_MAX_AGE_MS), so no instance sees a token signed by a key it does not know yet.
 */
export const ROTATION_DELAY_MS = 2 * KEY_RING_MAX_AGE_MS;
/** Least time between two unplanned reads of the ring (a token naming a kid this instance has not seen). */
const UNKNOWN_KID_RELOAD_MS = 1000;

const ROW_PREFIX = 'token-key:';

export interface SigningKey {
  kid: string;
  secret: Uint8Array;
  /** When the key starts signing (the first key: the epoch, so it signs whatever a test clock says). */
  signsFrom: Date;
  /** When the last token it may have signed has expired (null: while no newer key has started). */
  verifiesUntil: Date | null;
}

interface StoredKey {
  secret: string;
  signsFrom: string;
}

/** The key that signs at `now`: the newest whose time has come (the oldest if none has). */
function signingKeyAt(keys: readonly SigningKey[], now: Date): SigningKey {
  const sorted = [...keys].sort((a, b) => a.signsFrom.getTime() - b.signsFrom.getTime());
  if (sorted.length === 0) throw new Error('the token key ring is empty');
  return sorted.filter((k) => k.signsFrom.getTime() <= now.getTime()).at(-1) ?? sorted[0]!;
}

/**
 * A key replaced by a newer one verifies until the newer one's start plus a token's life, plus
 * the clock tolerance twice (the signer's clock may be behind, and `exp` itself is checked with
 * the tolerance); then it is retired.
 */
function withRetirement(keys: Array<Omit<SigningKey, 'verifiesUntil'>>): SigningKey[] {
  const sorted = [...keys].sort((a, b) => a.signsFrom.getTime() - b.signsFrom.getTime());
  return sorted.map((key, i) => {
    const next = sorted[i + 1];
    const verifiesUntil = next ? new Date(next.signsFrom.getTime() + LONGEST_TOKEN_LIFE_MS + 2 * CLOCK_TOLERANCE_SECONDS * 1000) : null;
    return { ...key, verifiesUntil };
  });
}

const retiredAt = (key: SigningKey, now: Date) => key.verifiesUntil !== null && key.verifiesUntil.getTime() < now.getTime();

/** Where the ring comes from: the database (rotatable by `npm run rotate-token-key`) or the environment. */
interface KeySource {
  read(): Promise<SigningKey[]>;
}

export class SigningKeyRing {
  private keys: SigningKey[];
  private loadedAt: Date;
  private lastReadMs = performance.now();
  private reading: Promise<void> | null = null;

  constructor(
    private readonly source: KeySource,
    keys: SigningKey[],
    loadedAt: Date,
  ) {
    this.keys = keys;
    this.loadedAt = loadedAt;
  }

  /** The key that signs new tokens at `now`. */
  async signingKey(now: Date): Promise<SigningKey> {
    await this.refreshIfOld(now);
    return signingKeyAt(this.keys, now);
  }

  /**
   * The key a token's `kid` names, if it still verifies at `now` (within the clock tolerance);
   * null for an unknown or retired key. An unknown kid makes the instance read the ring again
   * (at most once a second, so tokens with made-up kids cannot flood the database).
   */
  async verifyingKey(kid: string, now: Date): Promise<SigningKey | null> {
    await this.refreshIfOld(now);
    if (!this.keys.some((k) => k.kid === kid) && performance.now() - this.lastReadMs >= UNKNOWN_KID_RELOAD_MS) await this.read(now);
    const key = this.keys.find((k) => k.kid === kid);
    return key && !retiredAt(key, now) ? key : null;
  }

  private async refreshIfOld(now: Date): Promise<void> {
    const age = now.getTime() - this.loadedAt.getTime();
    if (age >= KEY_RING_MAX_AGE_MS || age < -KEY_RING_MAX_AGE_MS) await this.read(now);
  }

  /**
   * One read at a time. A failed read (database out of reach) keeps the keys already known: the
   * request then fails, or not, on its own merits rather than on the key ring. The copy's age
   * counts from the last read that worked, so the next request tries again, not a minute later.
   */
  private read(now: Date): Promise<void> {
    this.reading ??= (async () => {
      try {
        const keys = await this.source.read();
        if (keys.length > 0) this.keys = keys;
        this.loadedAt = now;
      } catch {
        // Keep the ring we have.
      } finally {
        this.lastReadMs = performance.now();
        this.reading = null;
      }
    })();
    return this.reading;
  }
}

/** `k1`, `k2`...: the database ring numbers its keys, so two rotations at once cannot both succeed. */
const kidNumber = (kid: string) => Number(/^k(\d+)$/.exec(kid)?.[1] ?? 0);

function fromRow(row: { name: string; value: string }): Omit<SigningKey, 'verifiesUntil'> | null {
  try {
    const stored = JSON.parse(row.value) as StoredKey;
    const signsFrom = new Date(stored.signsFrom);
    if (typeof stored.secret !== 'string' || stored.secret.length < 32 || Number.isNaN(signsFrom.getTime())) return null;
    return { kid: row.name.slice(ROW_PREFIX.length), secret: Buffer.from(stored.secret, 'base64url'), signsFrom };
  } catch {
    return null;
  }
}

async function readStoredKeys(db: Db): Promise<SigningKey[]> {
  const rows = await db.select({ name: serverSecret.name, value: serverSecret.value }).from(serverSecret).where(like(serverSecret.name, `${ROW_PREFIX}%`));
  return withRetirement(rows.map(fromRow).filter((k) => k !== null));
}

async function storeKey(db: Db, kid: string, signsFrom: Date, secret: Buffer = randomBytes(32)): Promise<boolean> {
  const value: StoredKey = { secret: secret.toString('base64url'), signsFrom: signsFrom.toISOString() };
  const inserted = await db
    .insert(serverSecret)
    .values({ name: `${ROW_PREFIX}${kid}`, value: JSON.stringify(value) })
    .onConflictDoNothing()
    .returning({ name: serverSecret.name });
  return inserted.length > 0;
}

/**
 * The database ring. On first start it makes `k1` (instances starting together all try; one insert
 * wins and every instance reads the same key) from the secret that signed every token before keys
 * had ids, so that during a rolling upgrade the instances not yet upgraded accept the new tokens.
 */
export async function loadDatabaseKeyRing(db: Db, now: Date, firstSecret: Buffer): Promise<SigningKeyRing> {
  let keys = await readStoredKeys(db);
  if (keys.length === 0) {
    await storeKey(db, 'k1', new Date(0), firstSecret);
    keys = await readStoredKeys(db);
  }
  return new SigningKeyRing({ read: () => readStoredKeys(db) }, keys, now);
}

/**
 * JWT_SECRET signs; JWT_PREVIOUS_SECRET (the one it replaced) only verifies, until the operator
 * removes it. The kid is a digest of the secret, so every instance given the same secret names it
 * alike and a token never reveals the secret.
 */
export function environmentKeyRing(current: string, previous: string | undefined, now: Date): SigningKeyRing {
  const key = (secret: string, signsFrom: Date): SigningKey => ({
    kid: `env-${createHash('sha256').update(secret).digest('base64url').slice(0, 10)}`,
    secret: new TextEncoder().encode(secret),
    signsFrom,
    verifiesUntil: null,
  });
  const keys = [key(current, new Date(1)), ...(previous ? [key(previous, new Date(0))] : [])];
  return new SigningKeyRing({ read: async () => keys }, keys, now);
}

/**
 * The server cannot tell when JWT_PREVIOUS_SECRET may go (it does not know when the last instance
 * restarted with the new JWT_SECRET), so it says so at every start while the secret is set: a
 * forgotten one would verify tokens of a possibly leaked key for good.
 */
export function previousSecretWarning(previous: string | undefined): string | null {
  if (!previous) return null;
  const minutes = Math.ceil((LONGEST_TOKEN_LIFE_MS + 2 * CLOCK_TOLERANCE_SECONDS * 1000) / 60_000);
  return (
    `JWT_PREVIOUS_SECRET is set: tokens it signed are still accepted. Remove it, and restart, ${minutes} minutes after ` +
    'the last instance restarted with the new JWT_SECRET (docs/decisions/0017-token-signing-keys.md).'
  );
}

export interface Rotation {
  kid: string;
  signsFrom: Date;
  /** Keys retired for good and deleted by this rotation. */
  deleted: string[];
}

/**
 * Adds the next key to the database ring. It signs from `now + ROTATION_DELAY_MS` (or at once with
 * `immediately`, after a leak: then every older key is deleted too, and every instance stops
 * accepting them within KEY_RING_MAX_AGE_MS; members whose access token is refused refresh or
 * sign in again). Keys already retired (past their last token's expiry) are deleted.
 */
export async function rotateSigningKey(db: Db, now: Date, opts: { immediately?: boolean } = {}): Promise<Rotation> {
  const existing = await readStoredKeys(db);
  const kid = `k${Math.max(0, ...existing.map((k) => kidNumber(k.kid))) + 1}`;
  const signsFrom = opts.immediately ? now : new Date(now.getTime() + ROTATION_DELAY_MS);
  if (!(await storeKey(db, kid, signsFrom))) throw new Error(`another rotation stored ${kid} at the same time; run it again if a second new key is wanted`);
  const retired = (opts.immediately ? existing : existing.filter((k) => retiredAt(k, now))).map((k) => k.kid);
  for (const old of retired) await db.delete(serverSecret).where(eq(serverSecret.name, `${ROW_PREFIX}${old}`));
  return { kid, signsFrom, deleted: retired };
}

/**
 * A random secret the database keeps under `name`, made by the first instance to ask (instances
 * starting together all try; one insert wins and every instance reads the same value). This file
 * is the repository of `server_secret`: the key ring's rows and these secrets (tokens.ts).
 */
export async function storedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecret)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
  return row!.value;
}
