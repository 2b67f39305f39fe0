import { accountMessages, patterns } from '@contract';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../auth/password';
import { badRequest } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { fullIdEmail, fullIdSms } from '@server/modules/delivery';
import { revokeAllOfUser } from '@server/auth/refresh-tokens';
import { normaliseKey, markUsed, attemptPincode, deliverPincode, issuePincode, limitIdSends, takeConfirmedToken } from '@server/modules/user-key';
import { maskUserKey } from './mask';
import { checkNewPassword, checkPasswordStrength, identityWords, siteWordsOf } from './password-policy';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'keys' | 'clock' | 'delivery' | 'config' | 'settings'>;

type FoundIds = { idList: { userKeyCode: string; createdDate: string }[]; sentTo: 'EMAIL' | 'MOBILE' | null };

/**
 * `POST /api/user/find-id`: a confirmed FIND_ID token (e-mail or SMS) shows that person's IDs,
 * masked, and sends them in full to the address the token proves, and only there (issue 23): the
 * screen may be read over a shoulder, the mailbox or phone is the person's. The sends are limited
 * as pincodes are (limitIdSends); the message goes after the response, like the reset mail, and
 * the outbox records it.
 */
export async function findIds(deps: Deps, token: string): Promise<FoundIds> {
  const now = deps.clock.now();
  const { key, rows } = await withTransaction(deps.db, async (tx) => {
    const taken = await takeConfirmedToken(tx, now, token, { purpose: 'FIND_ID' });
    if (!taken.ok) throw badRequest(accountMessages.keyTokenInvalid, { field: 'userKeyToken' });
    await limitIdSends(tx, deps, now, taken.row);
    return { key: taken.row, rows: await repo.findUsersByVerifiedKey(tx, taken.row.keyType, taken.row.keyCode) };
  });
  if (rows.length > 0) deps.delivery.queue(() => sendFullIds(deps, key.keyType, key.keyCode, rows));
  return {
    idList: rows.map((r) => ({ userKeyCode: maskUserKey(r.userKeyCode), createdDate: toKstIso(r.createdAt) })),
    sentTo: rows.length > 0 ? key.keyType : null,
  };
}

function sendFullIds(deps: Deps, keyType: 'EMAIL' | 'MOBILE', keyCode: string, rows: { userKeyCode: string; createdAt: Date }[]): Promise<void> {
  if (keyType === 'EMAIL') {
    const { subject, text } = fullIdEmail(rows.map((r) => ({ userKeyCode: r.userKeyCode, joined: kstDate(r.createdAt) })));
    return deps.delivery.sendEmail(keyCode, subject, text);
  }
  return deps.delivery.sendSms(keyCode, fullIdSms(rows));
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
  const site = await siteWordsOf(deps.settings);
  checkNewPassword(input.password, input.passwordConfirm, [], site);
  const row = await attemptPincode(deps, input.userToken, input.pincode, ['RESET'], 'userToken');
  // An unknown address's token fails like a wrong pincode, even if its code were guessed.
  if (row.userId === null) throw badRequest(accountMessages.pincodeFailed);
  const userId = row.userId;
  // Whose password it is is known only now; a refusal leaves the pincode usable for another try.
  const member = await repo.findUser(deps.db, userId);
  checkPasswordStrength(input.password, identityWords(member?.userKeyCode, member?.email), site);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    if (!(await markUsed(tx, row.id, 'PENDING', now))) throw badRequest(accountMessages.pincodeTokenMissing, { field: 'userToken' });
    if (!(await repo.setPassword(tx, userId, passwordHash, now))) throw badRequest(accountMessages.resetPasswordFailed);
    await revokeAllOfUser(tx, userId, now);
  });
}
