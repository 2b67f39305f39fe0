import { accountMessages } from '@contract';
import type { AppDeps } from '../../deps';
import { verifyPassword } from '../../auth/password';
import { accountLocked, badRequest, type ApiError } from '../../errors';
import { addMs, MINUTE_MS } from '../../lib/clock';
import * as repo from './repo';
import { oneAtATime } from './one-at-a-time';

/** Five wrong passwords or codes in a row lock sign-in for ten minutes. */
export const MAX_FAILED_SIGNINS = 5;
export const SIGNIN_LOCK_MS = 10 * MINUTE_MS;

export const accountLockedError = accountLocked;

/**
 * Counts an attempt at the account's password before it is checked (repo.reserveSigninAttempt);
 * null while the account is locked. Sign-in and every re-authentication share this one count.
 */
export function reserveAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number) {
  const now = deps.clock.now();
  return repo.reserveSigninAttempt(deps.db, userId, MAX_FAILED_SIGNINS, addMs(now, SIGNIN_LOCK_MS), now);
}

/** Gives back an attempt that was no failure (a right password whose code is still to come). */
export function returnAttempt(deps: Pick<AppDeps, 'db'>, userId: number, attempt: { lockedByThis: Date | null }) {
  return repo.returnSigninAttempt(deps.db, userId, MAX_FAILED_SIGNINS, attempt.lockedByThis);
}

/** A second factor checked with the password: the check (which may spend the code) and the refusal when it fails. */
export interface SecondFactorCheck {
  matches(): Promise<boolean>;
  refusal(): ApiError;
}

/**
 * The caller's own password, asked again before a password, key or second-factor change or a
 * retirement (issue 12), and for a change of the second factor itself also a current code of it.
 * It counts with sign-in attempts: a stolen session cannot try passwords or codes beside the lock
 * (five wrong in a row lock sign-in and these checks alike), and a right one clears the count as a
 * sign-in does. The code is checked only after a right password, so a wrong password spends none.
 */
export function confirmOwnPassword(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: { id: number; passwordHash: string },
  password: string,
  secondFactor?: SecondFactorCheck,
  /** The request field the password came in (a wrong one is refused with it as the envelope's `field`). */
  passwordField = 'password',
): Promise<void> {
  return oneAtATime(user.id, async () => {
    const attempt = await reserveAttempt(deps, user.id);
    if (!attempt) throw accountLockedError();
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw attempt.lockedByThis ? accountLockedError() : badRequest(accountMessages.currentPasswordWrong, { field: passwordField });
    }
    if (secondFactor && !(await secondFactor.matches())) {
      throw attempt.lockedByThis ? accountLockedError() : secondFactor.refusal();
    }
    await repo.clearFailedSignins(deps.db, user.id);
  });
}
