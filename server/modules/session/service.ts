import { randomUUID } from 'node:crypto';
import { accountMessages, type LoginUser, type TokenPair, type UserKeyType } from '@contract';
import type { AppDeps } from '../../deps';
import { verifyPassword } from '../../auth/password';
import { isAdmin } from '../../auth/caller';
import { idlePastLimit } from '../../auth/admin-idle';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_MS, signAccessToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { ApiError, invalidCredential, invalidOtp, memberNotFound, notAcceptable, twoFactorRequired, unauthorized } from '../../errors';
import { addMs } from '../../lib/clock';
import { verifyCaptchaIfRequired } from '@server/modules/captcha';
import { normaliseKey } from '@server/modules/user-key';
import * as refreshTokens from '@server/auth/refresh-tokens';
import {
  accountLockedError, clearFailedSignins, findUserBySigninKey, holdUserById, insertSigninFailure, oneAtATime, reserveAttempt, returnAttempt,
  type UserWithRole,
} from '@server/modules/user';
import { confirmedFactor, verifySecondFactor } from '@server/modules/two-factor';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'keys' | 'clock' | 'settings' | 'config' | 'fieldEncryption'>;


export function toLoginUser(user: UserWithRole): LoginUser {
  return {
    id: user.id,
    userKeyCode: user.userKeyCode,
    name: user.name,
    userType: user.userType,
    role: { roleCode: user.roleCode, permissions: user.permissions },
  };
}

/**
 * Tokens as issued: the pair the client gets, and the sign-in they belong to (the refresh-token
 * family, also in the access token's `sid`) for the file cookie made beside them.
 */
export type IssuedTokens = TokenPair & { sessionId: string };

/** A new access token and the next refresh token of `familyId` (a new family for a new sign-in). */
export async function issueTokens(deps: Deps, db: Db, user: UserWithRole, familyId: string = randomUUID()): Promise<IssuedTokens> {
  const now = deps.clock.now();
  const refreshToken = newOpaqueToken();
  await refreshTokens.insertRefreshToken(db, {
    tokenHash: hashToken(refreshToken),
    userId: user.id,
    familyId,
    createdAt: now,
    expiresAt: addMs(now, REFRESH_TOKEN_TTL_MS),
  });
  const accessToken = await signAccessToken(deps.keys, { userId: user.id, sessionId: familyId }, now);
  return { accessToken, refreshToken, user: toLoginUser(user), sessionId: familyId };
}

/**
 * `POST /api/user/signin`. The key is the one the site's authType names (server/modules/user/repo.ts, findUserBySigninKey):
 * after a switch, members sign in with their e-mail or number; the administrator's ID keeps working.
 * Every refused attempt past the CAPTCHA (no such member, blocked, locked out, wrong password)
 * leaves a `signin_failure` row for the console's dashboard; `address` is the client's.
 */
export async function signin(
  deps: Deps,
  input: { userKeyType: UserKeyType; userKeyCode: string; password: string; captcha?: { captchaId: string; answer: string }; otp?: string },
  address: string,
): Promise<IssuedTokens> {
  await verifyCaptchaIfRequired(deps, input.captcha);
  const userKeyCode = normaliseKey(input.userKeyType, input.userKeyCode);
  const now = deps.clock.now();
  const failed = async (userId: number | null, error: ApiError, locked = false): Promise<never> => {
    await insertSigninFailure(deps.db, { at: now, userId, userKeyCode: userKeyCode.slice(0, 200), address, locked });
    throw error;
  };
  // The key column follows the site's authType, not the type the client sent (it may hold a stale setting).
  const { signinKeyType } = await deps.settings.authentication();
  const found = await findUserBySigninKey(deps.db, signinKeyType, input.userKeyCode);
  if (found === 'ambiguous') return failed(null, notAcceptable());
  const user = found;
  if (!user) return failed(null, memberNotFound());
  // LOCKED (blocked by an administrator) and RETIRED: spec §8 NOT_ACCEPTABLE.
  if (user.status !== 'ACTIVE') return failed(user.id, notAcceptable());
  const checked = await oneAtATime(user.id, () => checkSignin(deps, user, input.password, input.otp, now, failed));
  // The sign-in is stored with the member held (holdUserById: refresh-tokens.ts memberHoldQuery's lock),
  // and only if they are still as checked: a password change or reset, a block or a retirement that
  // committed after the check ended every sign-in there was, and would not see this one. So does a
  // second factor confirmed after a check that found none (its set-up ends the password-only
  // sign-ins, holding the member): this sign-in is then asked for its code, as it would have been.
  const issued = await withTransaction(deps.db, async (tx): Promise<IssuedTokens | ApiError> => {
    const current = await holdUserById(tx, user.id);
    if (current?.status !== 'ACTIVE') return notAcceptable();
    if (current.passwordHash !== user.passwordHash) return invalidCredential();
    if (!checked.secondFactor && (await confirmedFactor({ ...deps, db: tx }, user.id))) throw twoFactorRequired();
    await refreshTokens.pruneRefreshTokens(tx, user.id, now);
    return issueTokens(deps, tx, current);
  });
  return issued instanceof ApiError ? failed(user.id, issued) : issued;
}

/**
 * The password (and code) of a sign-in, one check of an account at a time (oneAtATime). Each
 * attempt is counted before its check, so parallel attempts cannot outrun the lock
 * (user/repo.ts, reserveSigninAttempt); a success clears the count.
 */
async function checkSignin(
  deps: Deps,
  user: UserWithRole,
  password: string,
  otp: string | undefined,
  now: Date,
  failed: (userId: number, error: ApiError, locked?: boolean) => Promise<never>,
): Promise<{ secondFactor: boolean }> {
  const attempt = await reserveAttempt(deps, user.id);
  if (!attempt) return failed(user.id, accountLockedError());
  // The attempt that reached the limit is answered with the lock, whatever was wrong.
  const refuse = (error: ApiError) => (attempt.lockedByThis ? failed(user.id, accountLockedError(), true) : failed(user.id, error));
  if (!(await verifyPassword(user.passwordHash, password))) return refuse(invalidCredential());
  const factor = await confirmedFactor(deps, user.id);
  if (factor) {
    // A right password tells the client to ask for the code; it is no failure and counts none.
    if (!otp) {
      await returnAttempt(deps, user.id, attempt);
      throw twoFactorRequired();
    }
    // Wrong codes count with wrong passwords: five lock the account, so six digits cannot be tried through.
    if (!(await verifySecondFactor(deps, factor, otp, now))) return refuse(invalidOtp('signin'));
  }
  await clearFailedSignins(deps.db, user.id);
  return { secondFactor: factor !== null };
}

/**
 * `POST /api/user/signin-by-refresh-token`: spends the token and issues the next of its family.
 * A spent token presented again means it was copied: the whole family is revoked, so the newest
 * token stops working too.
 */
export async function refresh(deps: Deps, token: string): Promise<IssuedTokens> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  // Spending the old token and storing the next one happen together or not at all, with the
  // member held (holdUserById: refresh-tokens.ts memberHoldQuery's lock), so a revocation comes wholly
  // before or after.
  const pair = await withTransaction(deps.db, async (tx): Promise<IssuedTokens | null> => {
    const presented = await refreshTokens.findRefreshToken(tx, tokenHash);
    const user = presented && (await holdUserById(tx, presented.userId));
    if (!user) return null;
    const spent = await refreshTokens.spendRefreshToken(tx, tokenHash, now);
    if (!spent) {
      // Read again under the hold: an exchange that finished while this one waited spent it.
      const known = await refreshTokens.findRefreshToken(tx, tokenHash);
      if (known?.usedAt && !known.revokedAt) await refreshTokens.revokeFamily(tx, known, now);
      return null;
    }
    if (user.status !== 'ACTIVE' || adminSigninIdle(user, spent, now, deps.config.adminIdleMs)) {
      await refreshTokens.revokeFamily(tx, spent, now);
      return null;
    }
    return issueTokens(deps, tx, user, spent.familyId);
  });
  if (!pair) throw unauthorized(accountMessages.sessionExpired);
  return pair;
}

/**
 * An administrator's sign-in idle past ADMIN_IDLE_MINUTES cannot be renewed (server/auth/admin-idle.ts).
 * The token just spent was the sign-in's live one: its activity is the sign-in's.
 */
function adminSigninIdle(user: UserWithRole, spent: refreshTokens.RefreshTokenRow, now: Date, idleMs: number): boolean {
  return isAdmin({ userId: user.id, userType: user.userType, permissions: user.permissions }) && idlePastLimit(spent.lastSeenAt ?? spent.createdAt, now, idleMs);
}

/** `POST /api/user/signout`: ends the sign-in the token belongs to (every token of its family). */
export async function signout(deps: Deps, token: string): Promise<void> {
  const known = await refreshTokens.findRefreshToken(deps.db, hashToken(token));
  if (known) await refreshTokens.revokeFamily(deps.db, known, deps.clock.now());
}
