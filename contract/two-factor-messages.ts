import type { ErrorCode } from './error-code-values';

/**
 * Administrators' two-factor sign-in (issue 12): the sentences and codes, without zod, because the
 * sign-in screen needs them and is not a console chunk.
 */
export const twoFactorCodes = {
  /** Sign-in: the password was right and the account needs its authenticator code. */
  required: 'TWO_FACTOR_REQUIRED',
  /** Sign-in or confirmation: the code (or recovery code) did not match. */
  invalid: 'INVALID_OTP',
  /** Console: two-factor sign-in is required by the site settings and this account has none yet. */
  setupRequired: 'TWO_FACTOR_SETUP_REQUIRED',
} as const satisfies Record<string, ErrorCode>;

export const twoFactorMessages = {
  codeRequired: '인증 앱에 표시된 6자리 인증 코드를 입력해주세요.',
  codeInvalid: '인증 코드가 맞지 않습니다. 인증 앱의 새 코드나 복구 코드를 입력해주세요.',
  changeCodeRequired: '인증 앱에 표시된 6자리 인증 코드나 복구 코드를 입력해주세요.',
  setupRequired: '관리자 2단계 인증이 필수로 설정되어 있습니다. 인증 앱을 등록해야 관리자 기능을 쓸 수 있습니다.',
  alreadyEnabled: '2단계 인증이 이미 설정되어 있습니다.',
  notEnrolling: '2단계 인증 등록을 먼저 시작해주세요.',
  enrolmentRestarted: '다른 화면에서 등록을 다시 시작해 QR 코드가 바뀌었습니다. 새 QR 코드로 처음부터 등록해주세요.',
  notEnabled: '2단계 인증이 설정되어 있지 않습니다.',
  enabled: '2단계 인증을 설정했습니다. 복구 코드를 안전한 곳에 보관해주세요.',
  disabled: '2단계 인증을 해제했습니다.',
  recoveryCodesRenewed: '새 복구 코드를 만들었습니다. 이전 복구 코드는 더 이상 쓸 수 없습니다.',
  requiredCannotDisable: '관리자 2단계 인증이 필수로 설정되어 있어 해제할 수 없습니다.',
  enableOwnFirst: '관리자 2단계 인증을 필수로 하려면 먼저 본인의 2단계 인증을 설정해주세요.',
  resetDone: '2단계 인증을 초기화했습니다. 이 계정은 다음 로그인부터 인증 코드 없이 들어오며, 필수 설정이 켜져 있으면 다시 등록해야 합니다.',
} as const;

/** Ten recovery codes, each shown once, `xxxxx-xxxxx` in the base32 alphabet. */
export const RECOVERY_CODE_COUNT = 10;
