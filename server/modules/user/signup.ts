import { accountMessages, patterns, type SignupRequest, type UserKeyType } from '@contract';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../auth/password';
import { badRequest } from '../../errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { ROLE_MEMBER } from '../../seed/base';
import { verifyCaptchaIfRequired } from '@server/modules/captcha';
import { keyLabel, normaliseKey, takeConfirmedToken, validKey } from '@server/modules/user-key';
import { conflict } from '../../errors';
import { checkNewPassword, identityWords, siteWordsOf } from './password-policy';
import { validateProfile } from './profile';
import * as repo from './repo';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings'>;
type SignupInput = Omit<SignupRequest, 'profile'> & {
  profile: { name: string; email: string; mobile?: string } & Record<string, unknown>;
};

/** `field`: where the name came in (`profile.name` at sign-up, `name` on My Page). */
export function checkName(name: string, field: string): void {
  if (!patterns.userName.test(name)) throw badRequest(accountMessages.userNameFormat, { field });
}

/** A key taken by another account, reported as the form reports it: "이미 사용 중인 {아이디/이메일/번호}입니다." */
export function keyTakenError(err: unknown, fallback: UserKeyType): Error | null {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  const type: UserKeyType = constraint === 'app_user_email_uq' ? 'EMAIL' : fallback;
  return conflict(accountMessages.keyTaken(keyLabel(type)), { field: type === fallback ? 'userKeyCode' : 'profile.email' });
}

/**
 * `POST /api/user/signup`: every rule of spec §5 again on the server, with the form's sentences.
 * The key must fit the site's authType; the e-mail (and, for mobile sign-in, the number) must
 * carry a confirmed SIGNUP token for exactly that address, spent in the transaction that
 * inserts the account.
 */
export async function signup(deps: Deps, input: SignupInput): Promise<{ userName: string }> {
  await verifyCaptchaIfRequired(deps, input.captcha);
  // PIPA: no account without recorded consent to the terms and the privacy notice (the form has
  // both boxes; the API asks for `agreeTerms: true`, and its time is kept on the account).
  if (input.agreeTerms !== true) throw badRequest(accountMessages.termsRequired, { field: 'agreeTerms' });
  const auth = await deps.settings.authentication();
  const type = input.userKeyType;
  if (type !== auth.signinKeyType) throw badRequest(accountMessages.signupFailed);

  const keyCode = validKey(type, input.userKeyCode);
  const { name, email: rawEmail, mobile: rawMobile, ...extra } = input.profile;
  checkNewPassword(input.password, undefined, identityWords(keyCode, rawEmail), await siteWordsOf(deps.settings));
  checkName(name, 'profile.name');
  const email = normaliseKey('EMAIL', rawEmail);
  if (!patterns.email.test(email)) throw badRequest(accountMessages.emailFormat, { field: 'profile.email' });
  const mobile = rawMobile?.trim() || null;
  if (mobile !== null && !patterns.phone.test(mobile)) throw badRequest(accountMessages.phoneFormat, { field: 'profile.mobile' });
  if (type === 'MOBILE' && mobile === null) throw badRequest(accountMessages.phoneFormat, { field: 'profile.mobile' });
  if ((type === 'EMAIL' && keyCode !== email) || (type === 'MOBILE' && keyCode !== mobile)) {
    throw badRequest(accountMessages.signupFailed);
  }
  const profile = validateProfile(auth.userProfiles, extra);
  if (!profile.ok) throw badRequest(profile.message, { field: profile.field });

  if (!input.userKeyTokenForEmail) throw badRequest(accountMessages.emailTokenMissing, { field: 'userKeyTokenForEmail' });
  if (type === 'MOBILE' && !input.userKeyTokenForMobile) throw badRequest(accountMessages.mobileTokenMissing, { field: 'userKeyTokenForMobile' });
  // Taken at submit time, whether or not the form ran its check (docs/decisions/0006).
  if (await repo.keyInUse(deps.db, type, keyCode)) throw conflict(accountMessages.keyTaken(keyLabel(type)), { field: 'userKeyCode' });
  if (type !== 'EMAIL' && (await repo.keyInUse(deps.db, 'EMAIL', email))) throw conflict(accountMessages.keyTaken(keyLabel('EMAIL')), { field: 'profile.email' });

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    await withTransaction(deps.db, async (tx) => {
      const emailToken = await takeConfirmedToken(tx, now, input.userKeyTokenForEmail, { purpose: 'SIGNUP', keyType: 'EMAIL', keyCode: email });
      if (!emailToken.ok) {
        throw badRequest(emailToken.reason === 'missing' ? accountMessages.emailTokenMissing : accountMessages.keyTokenInvalid, { field: 'userKeyTokenForEmail' });
      }
      if (type === 'MOBILE') {
        const mobileToken = await takeConfirmedToken(tx, now, input.userKeyTokenForMobile, { purpose: 'SIGNUP', keyType: 'MOBILE', keyCode });
        if (!mobileToken.ok) {
          throw badRequest(mobileToken.reason === 'missing' ? accountMessages.mobileTokenMissing : accountMessages.keyTokenInvalid, { field: 'userKeyTokenForMobile' });
        }
      }
      await repo.insertUser(tx, {
        userKeyCode: keyCode,
        userType: 'Member',
        roleCode: ROLE_MEMBER,
        name,
        email,
        mobile,
        passwordHash,
        profile: profile.profile,
        termsAgreedAt: now,
        createdAt: now,
        modifiedAt: now,
      });
    });
  } catch (err) {
    throw keyTakenError(err, type) ?? err;
  }
  return { userName: name };
}
