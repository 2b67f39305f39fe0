import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshToken } from '../db/schema';

/**
 * Ends one sign-in: every live refresh token of its family. Here rather than in the session module
 * because resolving a caller ends an administrator's idle sign-in too (auth/caller.ts), and auth/
 * depends on no module; the session module re-exports it.
 */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}
