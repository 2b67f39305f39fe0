/**
 * Korean sentences shown to people. Those fixed by the spec (§5, §8) are copied character for
 * character; keep them here so web and server say the same thing.
 */
export const messages = {
  // spec §8 login failures
  loginInvalidCredential: '계정 정보가 일치하지 않습니다. 다시 입력해주세요.',
  loginNotFound: '회원 정보가 없습니다.',
  loginNotAcceptable: '로그인에 실패했습니다. 관리자에게 문의해주세요.',
  loginFailed: '로그인에 실패했습니다.',
  // generic API errors
  badRequest: '요청 값이 올바르지 않습니다.',
  unauthorized: '로그인이 필요합니다.',
  forbidden: '접근 권한이 없습니다.',
  notFound: '요청하신 정보를 찾을 수 없습니다.',
  apiNotFound: '존재하지 않는 API 경로입니다.',
  boardNotFound: '존재하지 않는 게시판입니다.',
  boardItemNotFound: '존재하지 않거나 삭제된 게시글입니다.',
  fileNotFound: '파일을 찾을 수 없습니다.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  internalError: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  /** After a server failure's message, before its request id (the `requestId` of a 5xx envelope). */
  reportErrorNumber: '문제가 계속되면 오류 번호를 알려 주세요',
  secretItem: '비밀글입니다',
} as const;
