import type { Db } from '../db/client';
import { recordSignInActivity } from './refresh-tokens';
import { MINUTE_MS } from '../lib/clock';

/**
 * Issue 12: an administrator's sign-in ends after ADMIN_IDLE_MINUTES without a request, whatever
 * the token lifetimes say. Activity is the sign-in's live refresh token's `last_seen_at` (any other
 * request), or its `created_at` (the sign-in or the last refresh) until then, written at most once a minute:
 * one small update per admin per minute, not a write per request. The recorded time may so lag
 * the last request by up to a minute; the web app warns and signs out that much early.
 */
const ACTIVITY_WRITE_EVERY_MS = MINUTE_MS;

/** Records a request when the last record is a minute old or more. */
export async function noteAdminActivity(db: Db, sessionId: string, lastActiveAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastActiveAt.getTime() < ACTIVITY_WRITE_EVERY_MS) return;
  await recordSignInActivity(db, sessionId, now);
}

/** Whether a sign-in last active at `lastActiveAt` has been idle past the limit (0: no limit). */
export function idlePastLimit(lastActiveAt: Date, now: Date, idleMs: number): boolean {
  return idleMs > 0 && now.getTime() - lastActiveAt.getTime() >= idleMs;
}

/**
 * The idle limit, told to the web app on every answer to an administrator (and on their sign-in
 * and refresh), so it can warn before the server ends the sign-in. Same origin: no CORS exposure.
 */
export const ADMIN_IDLE_HEADER = 'x-admin-idle-seconds';

export function adminIdleHeaderValue(idleMs: number): string | null {
  return idleMs > 0 ? String(Math.round(idleMs / 1000)) : null;
}
