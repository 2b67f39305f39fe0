import { accountMessages, patterns } from './account-messages';

// Plain values without zod (issue 11): the list and the post show these sentences and limits, and a
// module that builds schemas is built whole once any of its exports is used, zod with it, at the
// screen's first load. board-write.ts builds the schemas from them.

/** Korean sentences of the write side of the boards (issue 4): posts, uploads, comments, export. */
export const boardMessages = {
  titleRequired: '제목을 입력해주세요.',
  titleTooLong: '제목은 200자 이내로 입력해주세요.',
  contentRequired: '내용을 입력해주세요.',
  contentTooLong: '내용이 너무 깁니다.',
  categoryInvalid: '분류를 다시 선택해주세요.',
  /** FAQ boards with categories (issue 22): every question sits under one. */
  categoryRequired: '분류를 선택해주세요.',
  nameRequired: '이름을 입력해주세요.',
  nameTooLong: '이름은 20자 이내로 입력해주세요.',
  emailFormat: accountMessages.emailFormat,
  phoneFormat: accountMessages.phoneFormat,
  agreeRequired: '개인정보 수집·이용에 동의해주세요.',
  manageOnly: '공지, 메인 노출 설정은 관리자만 할 수 있습니다.',
  notWriter: '작성자와 관리자만 수정하거나 삭제할 수 있습니다.',
  answerOnlyInquiry: '답변은 문의 게시판에서만 등록할 수 있습니다.',
  answerRequired: '답변 내용을 입력해주세요.',
  inquirySent: '문의가 접수되었습니다. 답변은 입력하신 이메일로 알려드립니다.',
  deleted: '게시글이 삭제되었습니다.',
  // uploads
  uploadLoginRequired: '파일 첨부는 로그인 후 이용할 수 있습니다.',
  attachmentsNotAllowed: '이 게시판에는 파일을 첨부할 수 없습니다.',
  extensionNotAllowed: (ext: string) => `첨부할 수 없는 파일 형식입니다 (${ext || '확장자 없음'}).`,
  typeMismatch: '파일 내용이 확장자와 일치하지 않습니다. 올바른 파일인지 확인해주세요.',
  notAnImage: '이미지 파일(JPG, PNG, GIF, WEBP)만 올릴 수 있습니다.',
  fileTooLarge: (limit: string) => `파일 크기는 ${limit} 이하여야 합니다.`,
  imageTooLarge: (limit: string) => `이미지 크기는 ${limit} 이하여야 합니다.`,
  fileEmpty: '빈 파일은 첨부할 수 없습니다.',
  tooManyFiles: (max: number) => `파일은 ${max}개까지 첨부할 수 있습니다.`,
  uploadUrlInvalid: '업로드 주소가 만료되었거나 이미 사용되었습니다. 파일을 다시 선택해주세요.',
  fileFieldMissing: '업로드할 파일이 없습니다.',
  fileNotYours: '첨부할 수 없는 파일입니다. 파일을 다시 올려주세요.',
  // comments
  commentRequired: '댓글 내용을 입력해주세요.',
  commentTooLong: '댓글은 2000자 이내로 입력해주세요.',
  commentsDisabled: '댓글을 사용하지 않는 게시판입니다.',
  commentNotFound: '존재하지 않거나 삭제된 댓글입니다.',
  replyDepth: '답글에는 답글을 달 수 없습니다.',
  commentNotWriter: '작성자와 관리자만 댓글을 수정하거나 삭제할 수 있습니다.',
  deletedComment: '삭제된 댓글입니다.',
  // export
  exportReasonRequired: '내려받는 사유를 입력해주세요.',
  exportAdminsOnly: '목록 내려받기는 관리자만 할 수 있습니다.',
} as const;

/** Words of a few bytes in Korean: 20 MB, 500 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export const uploadDefaults = {
  maxFiles: 5,
  maxFileSize: 20 * 1024 * 1024,
  maxImageSize: 10 * 1024 * 1024,
  /** An upload URL is valid this long, and only once. */
  uploadUrlTtlMs: 10 * 60 * 1000,
} as const;

/** Extensions a file may have (checked again against the type its bytes show). */
export const allowedExtensions = [
  'pdf', 'hwp', 'hwpx', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'zip',
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'vtt',
] as const;
export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** Contact-form checks shared with the web form. */
export const contactPatterns = { email: patterns.email, phone: patterns.phone } as const;
