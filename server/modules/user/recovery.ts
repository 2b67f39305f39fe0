import { accountMessages, patterns } from '@contract';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../auth/password';
import { badRequest } from '../../errors';
import { toKstIso } from '../../lib/time';
import { revokeAllOfUser } from '@server/auth/refresh-tokens';
import { normaliseKey, markUsed, attemptPincode, deliverPincode, issuePincode, takeConfirmedToken } from '@server/modules/user-key';
import { maskUserKey } from './mask';
import { checkNewPassword, checkPasswordStrength, identityWords } from './password-policy';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'keys' | 'clock' | 'delivery' | 'config'>;

/** `POST /api/user/find-id`: a confirmed FIND_ID token (e-mail or SMS) shows that person's IDs, masked. */
export async function findIds(deps: Deps, token: string): Promise<{ idList: { userKeyCode: string; createdDate: string }[] }> {
  const now = deps.clock.now();
  const rows = await withTransaction(deps.db, async (tx) => {
    const taken = await takeConfirmedToken(tx, now, token, { purpose: 'FIND_ID' });
    if (!taken.ok) throw badRequest(accountMessages.keyTokenInvalid, { field: 'userKeyToken' });
    return repo.findUsersByVerifiedKey(tx, taken.row.keyType, taken.row.keyCode);
  });
  return { idList: rows.map((r) => ({ userKeyCode: maskUserKey(r.userKeyCode), createdDate: toKstIso(r.createdAt) })) };
}

/**
 * `POST /api/user/reset-password-token`. A member's address gets a real RESET token and a mail;
 * an unknown address gets a token of the same shape that can never reset anything. Both do the
 * same database work under the same send limits, and the mail goes out after the response, so
 * neither the answer nor its timing tells whether the address belongs to a member.
 */
export async function requestPasswordReset(deps: Deps, rawEmail: string): Promise<string> {
  const email = normaliseKey('EMAIL', rawEmail);
  if (!patterns.email.test(email)) throw badRequest(accountMessages.emailFormat, { field: 'email' });
  const userId = await repo.findActiveUserIdByEmail(deps.db, email);
  const issued = await issuePincode(deps, { keyType: 'EMAIL', keyCode: email, purpose: 'RESET', userId });
  if (userId !== null) deps.delivery.queue(() => deliverPincode(deps, 'EMAIL', email, issued.pincode, 'RESET'));
  return issued.token;
}

/** `POST /api/user/reset-password`: the pincode and a new password; every sign-in of the member ends. */
export async function resetPassword(
  deps: Deps,
  input: { userToken: string; pincode: string; password: string; passwordConfirm: string },
): Promise<void> {
  checkNewPassword(input.password, input.passwordConfirm);
  const row = await attemptPincode(deps, input.userToken, input.pincode, ['RESET'], 'userToken');
  // An unknown address's token fails like a wrong pincode, even if its code were guessed.
  if (row.userId === null) throw badRequest(accountMessages.pincodeFailed);
  const userId = row.userId;
  // Whose password it is is known only now; a refusal leaves the pincode usable for another try.
  const member = await repo.findUser(deps.db, userId);
  checkPasswordStrength(input.password, identityWords(member?.userKeyCode, member?.email));
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    if (!(await markUsed(tx, row.id, 'PENDING', now))) throw badRequest(accountMessages.pincodeTokenMissing, { field: 'userToken' });
    if (!(await repo.setPassword(tx, userId, passwordHash, now))) throw badRequest(accountMessages.resetPasswordFailed);
    await revokeAllOfUser(tx, userId, now);
  });
}
