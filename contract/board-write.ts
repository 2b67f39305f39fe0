import { z } from 'zod';
import { accountMessages, patterns } from './account';
import { boardFile, boardItemListQuery } from './board';

/** Korean sentences of the write side of the boards (issue 4): posts, uploads, comments, export. */
export const boardMessages = {
  titleRequired: '제목을 입력해주세요.',
  titleTooLong: '제목은 200자 이내로 입력해주세요.',
  contentRequired: '내용을 입력해주세요.',
  contentTooLong: '내용이 너무 깁니다.',
  categoryInvalid: '분류를 다시 선택해주세요.',
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
  fileFieldMissing: '업로드할 파일(file)이 없습니다.',
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
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4',
] as const;
export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

const fileIdPattern = /^[0-9a-f-]{36}$/;
export const fileId = z.string().regex(fileIdPattern, '파일 번호가 올바르지 않습니다.');

/** `?fileName&contentType&size` (+ `boardCode` for a board's own limits). */
export const uploadUrlQuery = z.object({
  fileName: z.string().trim().min(1, '파일 이름이 없습니다.').max(200, '파일 이름은 200자 이내여야 합니다.'),
  contentType: z.string().trim().max(200).default('application/octet-stream'),
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** On `/api/board-item-file/upload-url`: the board's file size limit and write right apply. */
  boardCode: z.string().min(1).max(40).optional(),
});
export type UploadUrlQuery = z.input<typeof uploadUrlQuery>;

export const uploadUrlResponse = z.object({
  /** POST `multipart/form-data` with field `file` here; valid 10 minutes, once. */
  uploadUrl: z.string(),
  expiresDate: z.string(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

/** What an upload answers: the stored file (a board file before it has downloads). `url` works for its uploader until a post takes it. */
export const uploadedFile = boardFile.omit({ downloadCount: true });
export type UploadedFile = z.infer<typeof uploadedFile>;

/** `PUT /api/board-item/images?boardCode=`: multipart field `file`, an image for the editor. */
export const editorImageQuery = z.object({ boardCode: z.string().min(1).max(40).optional() });

const title = z
  .string({ error: boardMessages.titleRequired })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  .transform((v) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim())
  .pipe(z.string().min(1, boardMessages.titleRequired).max(200, boardMessages.titleTooLong));
const content = z.string({ error: boardMessages.contentRequired }).max(500_000, boardMessages.contentTooLong);
const captcha = z.object({ captchaId: z.string().max(100), answer: z.string().max(20) });

/** Fields of `PUT /api/board-item/{boardCode}` (create). `content` is HTML, sanitised by the server. */
export const boardItemCreateRequest = z.object({
  title,
  content,
  category: z.string().trim().max(50).nullish(),
  isNotice: z.boolean().optional(),
  showItemToMain: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  /** Attachments in display order: uploads of the caller, or files already on this post. */
  files: z.array(z.object({ id: fileId })).max(50).default([]),
  // Inquiry board (contactus) only:
  name: z.string().trim().max(20, boardMessages.nameTooLong).optional(),
  email: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20).optional(),
  agree: z.boolean().optional(),
  /** Guests on the inquiry board when the site setting useCapcha is on. */
  captcha: captcha.optional(),
});
export type BoardItemCreateRequest = z.input<typeof boardItemCreateRequest>;

/** `PATCH /api/board-item/{boardCode}/{itemNo}`: any subset; `answer` answers an inquiry (manage right). */
export const boardItemUpdateRequest = z.object({
  title: title.optional(),
  content: content.optional(),
  category: z.string().trim().max(50).nullish(),
  isNotice: z.boolean().optional(),
  showItemToMain: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  files: z.array(z.object({ id: fileId })).max(50).optional(),
  name: z.string().trim().max(20, boardMessages.nameTooLong).optional(),
  email: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20).optional(),
  /** Plain text; an empty string withdraws the answer. Managers of an inquiry board only. */
  answer: z.string().max(10_000).optional(),
});
export type BoardItemUpdateRequest = z.input<typeof boardItemUpdateRequest>;

export const boardItemDeleteResponse = z.object({ boardCode: z.string(), itemNo: z.number().int() });

/** Contact-form checks shared with the web form. */
export const contactPatterns = { email: patterns.email, phone: patterns.phone } as const;

// Comments

export const boardItemComment = z.object({
  id: z.number().int(),
  /** Plain text; 삭제된 댓글입니다 for a deleted comment kept because it has replies. */
  content: z.string(),
  writerName: z.string(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The comment this one answers (replies are one level deep); null for a top-level comment. */
  parentId: z.number().int().nullable(),
  /** Whether the caller may edit and delete it (its writer, or a manager of the board). */
  editable: z.boolean(),
  deleted: z.boolean(),
});
export type BoardItemComment = z.infer<typeof boardItemComment>;

export const boardItemCommentListQuery = z.object({
  boardCode: z.string().min(1).max(40),
  itemNo: z.coerce.number().int().min(1).max(2147483647),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export type BoardItemCommentListQuery = z.input<typeof boardItemCommentListQuery>;

/** Comments in thread order: each top-level comment followed by its replies, oldest first. */
export const boardItemCommentPage = z.object({
  content: z.array(boardItemComment),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type BoardItemCommentPage = z.infer<typeof boardItemCommentPage>;

const commentContent = z
  .string({ error: boardMessages.commentRequired })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  .transform((v) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+/g, '').replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, boardMessages.commentRequired).max(2000, boardMessages.commentTooLong));

export const boardItemCommentCreateRequest = z.object({
  content: commentContent,
  parentId: z.number().int().min(1).nullish(),
});
export type BoardItemCommentCreateRequest = z.input<typeof boardItemCommentCreateRequest>;
export const boardItemCommentUpdateRequest = z.object({ content: commentContent });
export type BoardItemCommentUpdateRequest = z.input<typeof boardItemCommentUpdateRequest>;

export const boardItemCommentParams = z.object({
  boardCode: z.string().min(1).max(40),
  itemNo: z.coerce.number().int().min(1).max(2147483647),
  commentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// Export

/** `GET /api/board-item/download-data/{boardCode}?<list query>&reason`: an .xlsx of the list. */
export const boardItemExportQuery = boardItemListQuery.omit({ boardCode: true, page: true, size: true, pinNotices: true }).extend({
  reason: z.string({ error: boardMessages.exportReasonRequired }).trim().min(2, boardMessages.exportReasonRequired).max(200),
});
export type BoardItemExportQuery = z.input<typeof boardItemExportQuery>;
