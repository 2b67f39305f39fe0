/**
 * The account side's sentences and patterns (spec §5, §8), plain values without zod: the browser's
 * first load (the API client, every screen's error messages) needs them, and a module that builds
 * schemas is built whole once any of its exports is used (issue 11). The modules that build
 * schemas import them from here; the contract's index exports them.
 */

/** Validation patterns of spec §5, shared by the forms and the server. */
export const patterns = {
  /** User id: no whitespace (spec §5); 4-20 letters, digits, '.', '_' or '-' so it stays typeable. */
  userId: /^[A-Za-z0-9._-]{4,20}$/,
  noWhitespace: /^\S+$/,
  /** 6 to 16 characters with a letter, a digit and a special character. */
  password: /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S{6,16}$/,
  /** 1 to 4 Hangul syllables. */
  userName: /^[가-힣]{1,4}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** 2-3 digits, 3-4 digits, 4 digits separated by hyphens. */
  phone: /^\d{2,3}-\d{3,4}-\d{4}$/,
  /** HH:mm, also accepted without the colon. */
  time: /^([01]\d|2[0-3]):?[0-5]\d$/,
  pincode: /^\d{6}$/,
} as const;

export const accountMessages = {
  // spec §5
  emailTokenMissing: '이메일 인증을 진행해주세요.',
  idCheckMissing: '아이디 중복 확인을 진행해주세요.',
  pincodeTokenMissing: '인증번호 발송 요청을 다시 해주세요.',
  requiredProfile: (fieldName: string) => `${fieldName} 항목을 확인바랍니다.`,
  phoneFormat: '연락처를 형식에 맞게 입력해주세요.',
  // spec §8
  keyTaken: (keyLabel: string) => `이미 사용 중인 ${keyLabel}입니다.`,
  keyFree: (keyLabel: string) => `사용 가능한 ${keyLabel}입니다.`,
  keyCheckFailed: (keyLabel: string) => `${keyLabel} 중복확인에 실패했습니다.`,
  pincodeSendFailed: '인증번호 발송에 실패했습니다.',
  pincodeOk: '인증에 성공하였습니다.',
  pincodeFailed: '인증에 실패하였습니다.',
  signupFailed: '회원가입의 실패하였습니다.',
  findIdFailed: '에러가 발생했습니다. 관리자에게 문의해주세요.',
  resetPasswordOk: '비밀번호가 재설정 되었습니다.',
  resetPasswordFailed: '비밀번호 재설정이 실패했습니다.',
  // clear Korean messages where the spec is silent
  passwordFormat: '비밀번호는 영문, 숫자, 특수문자를 모두 포함하여 6~16자로 입력해주세요.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordTooCommon: '너무 흔하게 쓰이는 비밀번호입니다. 다른 비밀번호를 입력해주세요.',
  passwordHasUserId: '비밀번호에 아이디나 이메일을 포함할 수 없습니다.',
  passwordHasSiteName: '비밀번호에 사이트 이름이나 주소를 포함할 수 없습니다.',
  passwordKoreanTyped: '한글 단어를 영문 자판으로 입력한 비밀번호(예: dkssud)는 쉽게 추측됩니다. 다른 비밀번호를 입력해주세요.',
  passwordKeyboardWalk: '키보드에서 이어진 글자(예: qwer, 1q2w3e4r)로 만든 비밀번호는 쉽게 추측됩니다. 다른 비밀번호를 입력해주세요.',
  passwordCommonTwist: '흔한 비밀번호의 글자를 바꾸거나 숫자·기호를 덧붙인 비밀번호는 쉽게 추측됩니다. 다른 비밀번호를 입력해주세요.',
  passwordGuessable: '추측하기 쉬운 비밀번호입니다. 더 길게, 여러 단어와 숫자·기호를 섞어 만들어주세요.',
  userNameFormat: '이름은 한글 1~4자로 입력해주세요.',
  userIdFormat: '아이디는 공백 없이 영문, 숫자, ., _, - 4~20자로 입력해주세요.',
  emailFormat: '이메일을 형식에 맞게 입력해주세요.',
  pincodeFormat: '인증번호 6자리를 입력해주세요.',
  pincodeExpired: '인증번호가 만료되었습니다. 인증번호 발송 요청을 다시 해주세요.',
  pincodeTooManyTries: '인증번호를 5회 잘못 입력하셨습니다. 인증번호 발송 요청을 다시 해주세요.',
  pincodeTooSoon: '인증번호는 1분에 한 번만 요청할 수 있습니다. 잠시 후 다시 시도해주세요.',
  pincodeTooMany: '인증번호 요청이 너무 많습니다. 10분 후 다시 시도해주세요.',
  // Find ID (issue 23): the full ID goes to the address just verified, limited as pincodes are.
  fullIdSentEmail: '전체 아이디를 인증하신 이메일로 보냈습니다.',
  fullIdSentMobile: '전체 아이디를 인증하신 휴대폰으로 보냈습니다.',
  fullIdTooSoon: '아이디 안내는 1분에 한 번만 보낼 수 있습니다. 잠시 후 다시 시도해주세요.',
  fullIdTooMany: '아이디 안내 요청이 너무 많습니다. 10분 후 다시 시도해주세요.',
  keyTokenInvalid: '인증 정보가 만료되었거나 올바르지 않습니다. 인증을 다시 진행해주세요.',
  accountLocked: '비밀번호를 5회 잘못 입력하여 10분 동안 로그인할 수 없습니다.',
  captchaFailed: '자동입력 방지 문자가 일치하지 않습니다.',
  currentPasswordWrong: '현재 비밀번호가 일치하지 않습니다.',
  retired: '회원 탈퇴가 완료되었습니다.',
  termsRequired: '이용약관과 개인정보 수집·이용에 동의해주세요.',
  mobileTokenMissing: '휴대폰 인증을 진행해주세요.',
  sessionExpired: '로그인 정보가 만료되었거나 올바르지 않습니다. 다시 로그인해주세요.',
  /** Shown instead of a retired member's name (on their posts and record). */
  retiredMemberName: '탈퇴한 회원',
} as const;

/** What each key type is called in the messages of spec §8 ({아이디/이메일/번호}). */
export const keyLabels = { ID: '아이디', EMAIL: '이메일', MOBILE: '번호' } as const;
