// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { boardFile, boardItemListQuery } from './board';
import { boardMessages } from './board-messages';

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
