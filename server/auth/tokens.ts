import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client';
import { serverSecret } from '../db/schema';

export interface TokenKeys {
  accessKey: Uint8Array;
  /** HMAC key for pincode hashes, derived from the same secret. */
  pincodeKey: Buffer;
}

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const ISSUER = 'nids';

function keysFrom(secret: Uint8Array): TokenKeys {
  return {
    accessKey: secret,
    pincodeKey: Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'nids pincode', 32)),
  };
}

/**
 * The signing key comes from JWT_SECRET, or is made once and kept in the database so that
 * every server instance on the same database accepts the same tokens.
 */
export async function loadTokenKeys(db: Db, jwtSecret?: string): Promise<TokenKeys> {
  if (jwtSecret) return keysFrom(new TextEncoder().encode(jwtSecret));
  await db
    .insert(serverSecret)
    .values({ name: 'jwt-access', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, 'jwt-access'));
  return keysFrom(new TextEncoder().encode(row!.value));
}

/**
 * What a signed token may be used for. `access`: the bearer token of every API call. `file`: the
 * HttpOnly cookie that lets the browser itself (an `<img>`, a download link) read files of boards
 * a guest may not read; it is accepted by the file routes only (server/auth/file-cookie.ts).
 */
export type TokenUse = 'access' | 'file';

/** The one place signed tokens are made: a JWT of 30 minutes with its use in `typ`. */
export async function signAccessToken(keys: TokenKeys, userId: number, now = new Date(), use: TokenUse = 'access'): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: use })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keys.accessKey);
}

/**
 * The member a live token of this use was made for, and when it was issued (whole seconds: a
 * "sign out everywhere" refuses tokens issued before it, server/auth/caller.ts); null for anything
 * else (expired, forged, other use).
 */
export async function verifyAccessToken(
  keys: TokenKeys,
  token: string,
  now = new Date(),
  use: TokenUse = 'access',
): Promise<{ userId: number; issuedAt: Date } | null> {
  try {
    const { payload } = await jwtVerify(token, keys.accessKey, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
    if (payload.typ !== use || !payload.sub || !/^\d+$/.test(payload.sub) || typeof payload.iat !== 'number') return null;
    return { userId: Number(payload.sub), issuedAt: new Date(payload.iat * 1000) };
  } catch {
    return null;
  }
}

/** A random opaque token (refresh, key and reset tokens): 32 bytes, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: their SHA-256, so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A pincode's stored form: HMAC with the server key, bound to its token row so equal codes differ. */
export function hashPincode(keys: TokenKeys, tokenHash: string, pincode: string): string {
  return createHmac('sha256', keys.pincodeKey).update(`${tokenHash}:${pincode}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
