import { randomBytes, randomUUID } from 'node:crypto';
import { SigningKeyRing, type SigningKey } from '../auth/signing-keys';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_MS, signAccessToken, type TokenKeys, type TokenSession, type TokenUse } from '../auth/tokens';
import type { Db } from '../db/client';
import { refreshToken } from '../db/schema';

/**
 * A sign-in as the database records it (one live refresh token of a new family) without going
 * through the sign-in route: for members made with `insertMember`, who have no password.
 */
export async function startSession(db: Db, userId: number, now = new Date()): Promise<TokenSession> {
  const sessionId = randomUUID();
  await db.insert(refreshToken).values({
    tokenHash: hashToken(newOpaqueToken()),
    userId,
    familyId: sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return { userId, sessionId };
}

/** An access token (or file cookie) of a new sign-in of `userId`, as sign-in would issue it. */
export async function sessionToken(db: Db, keys: TokenKeys, userId: number, now = new Date(), use: TokenUse = 'access'): Promise<string> {
  return signAccessToken(keys, await startSession(db, userId, now), now, use);
}

/**
 * Keys an attacker could hold: a ring with one key of a random secret under the kid the server
 * uses (`k1` by default), so a token signed with it differs from a real one only by its signature.
 */
export function foreignKeys(real: TokenKeys, kid = 'k1'): TokenKeys {
  const key: SigningKey = { kid, secret: randomBytes(32), signsFrom: new Date(0), verifiesUntil: null };
  return { ...real, signing: new SigningKeyRing({ read: async () => [key] }, [key], new Date()) };
}
