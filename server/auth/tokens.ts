import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client';
import { serverSecret } from '../db/schema';

export interface TokenKeys {
  accessKey: Uint8Array;
}

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
const ISSUER = 'nids';

/**
 * The signing key comes from JWT_SECRET, or is made once and kept in the database so that
 * every server instance on the same database accepts the same tokens.
 */
export async function loadTokenKeys(db: Db, jwtSecret?: string): Promise<TokenKeys> {
  if (jwtSecret) return { accessKey: new TextEncoder().encode(jwtSecret) };
  await db
    .insert(serverSecret)
    .values({ name: 'jwt-access', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, 'jwt-access'));
  return { accessKey: new TextEncoder().encode(row!.value) };
}

export async function signAccessToken(keys: TokenKeys, userId: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keys.accessKey);
}

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<{ userId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keys.accessKey, { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
    return { userId: Number(payload.sub) };
  } catch {
    return null;
  }
}
