import { accountMessages, twoFactorMessages as m, type TwoFactorChangeRequest, type TwoFactorEnrolment, type TwoFactorStatus } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { badRequest, conflict, invalidOtp, notFound } from '../../errors';
import { revokeAllOfUser, revokeOthersOfUser } from '@server/auth/refresh-tokens';
import { confirmOwnPassword, findUserById } from '@server/modules/user';
import * as repo from './repo';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newSecret, normaliseRecoveryCode, otpauthUrl, qrSvg } from './totp';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings' | 'fieldEncryption'>;
type FactorDeps = Pick<AppDeps, 'db' | 'fieldEncryption'>;

/** What the row's sealed secret is bound to: the account (a value copied to another row does not open). */
export const secretContext = (userId: number) => `two_factor:${userId}`;

/** The authenticator secret of a factor's row, opened. */
const secretOf = (deps: FactorDeps, row: repo.TwoFactorRow) => deps.fieldEncryption.open(row.secret, secretContext(row.userId));
type SignedIn = Caller & { userId: number };

/** A wrong authenticator or recovery code on a change: 400 INVALID_OTP about the field `code`. */
const invalidCode = () => invalidOtp('change');

/** What is stored of new recovery codes: their hashes, as sign-in computes them from what is typed. */
const hashesOf = (codes: string[]) => codes.map((code) => hashRecoveryCode(normaliseRecoveryCode(code)!));

/** The caller's own password, asked again before their second factor changes (issue 12); wrong ones count towards the sign-in lock. */
async function checkPassword(deps: Deps, caller: SignedIn, password: string) {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw badRequest(accountMessages.currentPasswordWrong, { field: 'password' });
  await confirmOwnPassword(deps, user, password);
  return user;
}

export async function status(deps: Deps, caller: SignedIn): Promise<TwoFactorStatus> {
  const [row, required] = await Promise.all([repo.find(deps.db, caller.userId), deps.settings.adminTwoFactorRequired()]);
  const enabledAt = row?.confirmedAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await repo.recoveryCodesLeft(deps.db, caller.userId) : 0,
    required,
    setupRequired: caller.twoFactorSetupRequired === true,
  };
}

/** A new secret, pending until its first code is confirmed; the QR code names the site and the sign-in key. */
export async function startEnrolment(deps: Deps, caller: SignedIn, password: string): Promise<TwoFactorEnrolment> {
  const user = await checkPassword(deps, caller, password);
  const secret = newSecret();
  const sealed = deps.fieldEncryption.seal(secret, secretContext(caller.userId));
  if (!(await repo.startEnrolment(deps.db, caller.userId, sealed, deps.clock.now()))) throw conflict(m.alreadyEnabled);
  const url = otpauthUrl(secret, (await deps.settings.info()).siteName, user.userKeyCode);
  return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
}

/**
 * The first code proves the app holds the secret. Then ten recovery codes, shown this once, and
 * every other sign-in of the account ends: each was made with the password alone.
 */
export async function confirmEnrolment(deps: Deps, caller: SignedIn, code: string): Promise<string[]> {
  const row = await repo.find(deps.db, caller.userId);
  if (!row) throw badRequest(m.notEnrolling);
  if (row.confirmedAt) throw conflict(m.alreadyEnabled);
  const now = deps.clock.now();
  const step = matchingStep(secretOf(deps, row), code, now);
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  await withTransaction(deps.db, async (tx) => {
    if (!(await repo.confirm(tx, caller.userId, row.secret, step, now))) {
      const current = await repo.find(tx, caller.userId);
      throw conflict(current?.confirmedAt ? m.alreadyEnabled : m.enrolmentRestarted);
    }
    await repo.replaceRecoveryCodes(tx, caller.userId, hashesOf(codes), now);
    if (caller.sessionId) await revokeOthersOfUser(tx, caller.userId, caller.sessionId, now);
  });
  return codes;
}

/**
 * Before the factor itself changes: the password and a current code of it (the app's, or a recovery
 * code, which is used up), counted together with sign-in attempts.
 */
async function checkPasswordAndCode(deps: Deps, caller: SignedIn, { password, code }: TwoFactorChangeRequest): Promise<void> {
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw badRequest(accountMessages.currentPasswordWrong, { field: 'password' });
  const factor = await confirmedFactor(deps, caller.userId);
  if (!factor) throw badRequest(m.notEnabled);
  await confirmOwnPassword(deps, user, password, { matches: () => verifySecondFactor(deps, factor, code, deps.clock.now()), refusal: invalidCode });
}

/** New recovery codes replace the old ones, used or not. */
export async function renewRecoveryCodes(deps: Deps, caller: SignedIn, request: TwoFactorChangeRequest): Promise<string[]> {
  await checkPasswordAndCode(deps, caller, request);
  const codes = newRecoveryCodes();
  await withTransaction(deps.db, async (tx) => {
    await repo.replaceRecoveryCodes(tx, caller.userId, hashesOf(codes), deps.clock.now());
  });
  return codes;
}

/** Back to the password alone; not while the settings require a second factor. */
export async function disable(deps: Deps, caller: SignedIn, request: TwoFactorChangeRequest): Promise<void> {
  if (await deps.settings.adminTwoFactorRequired()) throw conflict(m.requiredCannotDisable);
  await checkPasswordAndCode(deps, caller, request);
  if (!(await repo.remove(deps.db, caller.userId))) throw badRequest(m.notEnabled);
}

/**
 * A system administrator resets another account's second factor (a lost phone and lost recovery
 * codes): it is removed and every sign-in of the account ends.
 */
export async function resetFor(deps: Deps, userId: number): Promise<void> {
  const now = deps.clock.now();
  const removed = await withTransaction(deps.db, async (tx) => {
    const gone = await repo.remove(tx, userId);
    if (gone) await revokeAllOfUser(tx, userId, now);
    return gone;
  });
  if (!removed) throw notFound(m.notEnabled);
}

/** The account's confirmed second factor, if it has one (sign-in asks for a code only then). */
export async function confirmedFactor(deps: FactorDeps, userId: number): Promise<repo.TwoFactorRow | null> {
  const row = await repo.find(deps.db, userId);
  return row?.confirmedAt ? row : null;
}

/**
 * Sign-in's second step: the app's current code (each step good once) or an unused recovery code
 * (then used up). False for anything else.
 */
export async function verifySecondFactor(deps: FactorDeps, factor: repo.TwoFactorRow, input: string, now: Date): Promise<boolean> {
  const code = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(secretOf(deps, factor), code, now);
    return step !== null && (await repo.spendStep(deps.db, factor.userId, step));
  }
  const recovery = normaliseRecoveryCode(code);
  return recovery !== null && (await repo.spendRecoveryCode(deps.db, factor.userId, hashRecoveryCode(recovery), now));
}
