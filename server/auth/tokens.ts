import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import type { Db } from '../db/client';
import { CLOCK_TOLERANCE_SECONDS, LONGEST_TOKEN_LIFE_MS, environmentKeyRing, loadDatabaseKeyRing, storedSecret, type SigningKeyRing } from './signing-keys';

export interface TokenKeys {
  /** The keys that sign and verify JWTs, each named by a `kid` (server/auth/signing-keys.ts). */
  signing: SigningKeyRing;
  /** HMAC key for pincode hashes; it does not rotate with the signing keys (pincodes live 5 minutes). */
  pincodeKey: Buffer;
}

export const ACCESS_TOKEN_TTL_SECONDS = LONGEST_TOKEN_LIFE_MS / 1000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const TOKEN_ISSUER = 'nids';
/** The only algorithm a token may name: an HMAC key can never verify an `alg: none` or RSA token. */
const ALGORITHMS = ['HS256'];

function pincodeKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', new TextEncoder().encode(secret), Buffer.alloc(0), 'nids pincode', 32));
}

/**
 * The signing keys come from JWT_SECRET (and JWT_PREVIOUS_SECRET), or from the key ring kept in
 * the database so that every server instance on the same database signs and accepts the same
 * tokens; the ring's first key is `jwt-access`, the signing key before keys had ids. The pincode
 * key is derived from JWT_SECRET, or from a database secret of its own (`pincode-key`): not from a
 * signing key, so `rotate-token-key --now` after a leak of one leaves no pincode key leaked, and
 * pincodes survive a rotation.
 */
export async function loadTokenKeys(db: Db, jwtSecret?: string, jwtPreviousSecret?: string, now = new Date()): Promise<TokenKeys> {
  if (jwtSecret) return { signing: environmentKeyRing(jwtSecret, jwtPreviousSecret, now), pincodeKey: pincodeKeyFrom(jwtSecret) };
  const firstSigningSecret = await storedSecret(db, 'jwt-access');
  return { signing: await loadDatabaseKeyRing(db, now, Buffer.from(firstSigningSecret)), pincodeKey: pincodeKeyFrom(await storedSecret(db, 'pincode-key')) };
}

/**
 * What a signed token may be used for. `access`: the bearer token of every API call. `file`: the
 * HttpOnly cookie that lets the browser itself (an `<img>`, a download link) read files of boards
 * a guest may not read; it is accepted by the file routes only (server/auth/file-cookie.ts).
 * (Refresh tokens are not JWTs: opaque random values, kept hashed in the database, so an access
 * token is never a refresh token and the reverse.)
 */
export type TokenUse = 'access' | 'file';

/**
 * Each use has its own audience and header type as well as its `typ` claim, so a token made for
 * one use fails every check of another (RFC 8725 §3.11, RFC 9068 for `at+jwt`).
 */
const USES: Record<TokenUse, { audience: string; headerType: string }> = {
  access: { audience: 'nids-api', headerType: 'at+jwt' },
  file: { audience: 'nids-file', headerType: 'file+jwt' },
};

/**
 * Whom a token speaks for: the member, and the sign-in it belongs to (the refresh-token family,
 * `sid`), so that ending the sign-in ends its access tokens and file cookie too (server/auth/caller.ts).
 */
export interface TokenSession {
  userId: number;
  sessionId: string;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The one place signed tokens are made: a JWT of 30 minutes with its use in `typ`, `aud` and the header, its key in `kid`. */
export async function signAccessToken(keys: TokenKeys, session: TokenSession, now = new Date(), use: TokenUse = 'access'): Promise<string> {
  const key = await keys.signing.signingKey(now);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: use, sid: session.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: USES[use].headerType, kid: key.kid })
    .setSubject(String(session.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(USES[use].audience)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key.secret);
}

/**
 * The member and sign-in a live token of this use was made for; null for
 * anything else: another algorithm (`none`, RS256...), a kid unknown or retired, a bad signature, another
 * issuer, audience or use, expired or not yet valid beyond the clock tolerance, issued in the future.
 */
export async function verifyAccessToken(
  keys: TokenKeys,
  token: string,
  now = new Date(),
  use: TokenUse = 'access',
): Promise<TokenSession | null> {
  try {
    const header = decodeProtectedHeader(token);
    if (typeof header.kid !== 'string' || typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg)) return null;
    const key = await keys.signing.verifyingKey(header.kid, now);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key.secret, {
      algorithms: ALGORITHMS,
      issuer: TOKEN_ISSUER,
      audience: USES[use].audience,
      typ: USES[use].headerType,
      requiredClaims: ['sub', 'sid', 'iat', 'exp', 'nbf'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    // maxTokenAge also makes jose refuse an `iat` in the future (beyond the tolerance).
    const { typ, sub, sid, iat } = payload;
    if (typ !== use || !sub || !/^\d{1,15}$/.test(sub) || typeof sid !== 'string' || !SESSION_ID.test(sid) || typeof iat !== 'number') return null;
    return { userId: Number(sub), sessionId: sid };
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
