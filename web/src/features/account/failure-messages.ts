import { accountMessages, keyLabels, messages } from '@contract';

/**
 * Which Korean sentence a failed account call shows (spec §8). The spec fixes one sentence per
 * failure; where the server answered with one of the catalogue's validation sentences (it already
 * speaks the spec's words), that more precise sentence is shown instead.
 */

function errorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

const fixedSentences = new Set<string>(
  (Object.values(accountMessages) as unknown[]).filter((value): value is string => typeof value === 'string'),
);
const keyLabelAlternatives = Object.values(keyLabels).join('|');
const sentencePatterns = [
  /^.+ 항목을 확인바랍니다\.$/,
  new RegExp(`^이미 사용 중인 (${keyLabelAlternatives})입니다\\.$`),
];

/** The failure sentences themselves are not "more precise" answers. */
const generic = new Set<string>([
  accountMessages.signupFailed,
  accountMessages.findIdFailed,
  accountMessages.resetPasswordFailed,
  accountMessages.pincodeSendFailed,
  accountMessages.pincodeFailed,
  accountMessages.retiredMemberName,
]);

/** A sentence of the account catalogue (spec §5 validation or a documented account rule). */
export function isAccountSentence(message: string): boolean {
  if (generic.has(message)) return false;
  return fixedSentences.has(message) || sentencePatterns.some((pattern) => pattern.test(message));
}

/**
 * Spec §8 login failures, by code, word for word. The server's reason (a locked account, a wrong
 * captcha) is shown under it with `failureDetail`.
 */
export function signinFailureMessage(error: unknown): string {
  switch (errorCode(error)) {
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

/** Spec §8 "회원가입의 실패하였습니다." (the spec's own wording), unless a validation sentence came back. */
export function signupFailureMessage(error: unknown): string {
  const text = errorText(error);
  return isAccountSentence(text) ? text : accountMessages.signupFailed;
}

export function resetPasswordFailureMessage(error: unknown): string {
  const text = errorText(error);
  return isAccountSentence(text) ? text : accountMessages.resetPasswordFailed;
}

/**
 * The extra line shown under a fixed failure sentence (alert texts stay exactly the spec's):
 * the server's own reason when it is one of ours (too many requests, expired pincode), else none.
 */
export function failureDetail(error: unknown, shown: string): string | null {
  const text = errorText(error);
  if (!text || text === shown) return null;
  const known = isAccountSentence(text) || text === messages.tooManyRequests || errorCode(error) === 'NETWORK_ERROR';
  return known ? text : null;
}
