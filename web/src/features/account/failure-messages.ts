import { accountMessages, messages } from '@contract';
import { ApiRequestError, errorCodeOf } from '../../lib/api';
import { secondLine } from '../../lib/second-line';

/**
 * Which Korean sentence a failed account call shows (spec §8), chosen by the answer's `code` and
 * `field`, never by its sentence. The spec fixes one sentence per failure; where the server
 * refused by a rule about one field of the form (the password's pattern, a taken key, an expired
 * pincode: the answer names the field), that more precise sentence is shown instead. The fixed
 * failure sentences themselves (회원가입의 실패하였습니다., 인증에 실패하였습니다.) name no field.
 */

/** The server's sentence when its refusal names a field of the form (a rule of spec §5), else null. */
function fieldRuleSentence(error: unknown): string | null {
  return error instanceof ApiRequestError && error.field !== undefined ? error.message : null;
}

/**
 * Refusals whose sentence says why in the member's terms without naming a field: a lock
 * (NOT_ACCEPTABLE), an ended session, too many requests (a pincode asked for too soon), no connection.
 */
const reasonCodes: ReadonlySet<ApiRequestError['code']> = new Set(['NOT_ACCEPTABLE', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS', 'NETWORK_ERROR']);

/**
 * Spec §8 login failures, by code, word for word. The server's reason (a locked account, a wrong
 * captcha) is shown under it with `failureDetail`.
 */
export function signinFailureMessage(error: unknown): string {
  switch (errorCodeOf(error)) {
    case 'INVALID_CREDENTIAL':
      return messages.loginInvalidCredential;
    case 'NOT_FOUND':
      return messages.loginNotFound;
    case 'NOT_ACCEPTABLE':
      return messages.loginNotAcceptable;
    default:
      return messages.loginFailed;
  }
}

/** Spec §8 "회원가입의 실패하였습니다." (the spec's own wording), unless the server named the rule (and field) that failed. */
export function signupFailureMessage(error: unknown): string {
  return fieldRuleSentence(error) ?? accountMessages.signupFailed;
}

export function resetPasswordFailureMessage(error: unknown): string {
  return fieldRuleSentence(error) ?? accountMessages.resetPasswordFailed;
}

/**
 * The extra line shown under a fixed failure sentence (alert texts stay exactly the spec's): the
 * server's own reason when it has one (a rule about a field, a lock, too many requests, an expired
 * pincode, no connection), else none.
 */
export function failureDetail(error: unknown, shown: string): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const reason = error.field !== undefined || reasonCodes.has(error.code) ? error.message : null;
  return secondLine(shown, reason);
}
