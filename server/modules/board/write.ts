import type { z } from 'zod';
import {
  boardMessages, contactPatterns, formatBytes, messages,
  type BoardItem, type boardItemCreateRequest, type boardItemUpdateRequest,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../errors';
import { verifyCaptchaIfRequired } from '@server/modules/captcha';
import { canOnBoard } from './policy';
import { htmlToText } from './search-tokens';
import { sanitizeContent } from './sanitize';
import * as repo from './repo';
import { attachFiles, deleteFiles, filesOfItem, findFiles, listFilesOfItems } from '@server/modules/file';
import { canEditItem, deny, requireBoard, toDetail } from './service';
import { answerEmail } from './templates';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings' | 'files' | 'delivery'>;
type CreateInput = z.output<typeof boardItemCreateRequest>;
type UpdateInput = z.output<typeof boardItemUpdateRequest>;

/** Editor images referenced by content: `<img src="/api/file/{id}">` (the sanitiser keeps no others). */
const contentImageId = /<img[^>]*\ssrc="\/api\/file\/(?:thumbnail\/)?([0-9a-f-]{36})/g;
export function contentImageIds(html: string): string[] {
  return [...new Set([...html.matchAll(contentImageId)].map((m) => m[1]!))];
}

/** Sanitised content that still says something: text, an image or a video. */
function cleanContent(html: string): string {
  const content = sanitizeContent(html);
  if (htmlToText(content) === '' && !/<(img|iframe)\b/.test(content)) throw badRequest(boardMessages.contentRequired);
  return content;
}

function checkCategory(board: repo.BoardRow, category: string | null | undefined): string | null {
  const value = category || null;
  // An FAQ list shows questions under their categories (issue 22): one without would sit apart.
  if (value === null && board.listStyle === 'faq' && board.categories.length > 0) throw badRequest(boardMessages.categoryRequired);
  if (value === null) return null;
  if (!board.categories.includes(value)) throw badRequest(boardMessages.categoryInvalid);
  return value;
}

/** Notice and home-page flags are for managers; others may only leave them as they are. */
function checkManagedFlags(
  caller: Caller,
  board: repo.BoardRow,
  wanted: { isNotice?: boolean; showItemToMain?: boolean },
  current: { isNotice: boolean; showItemToMain: boolean },
): void {
  if (canOnBoard(caller, board, 'manage')) return;
  const changes =
    (wanted.isNotice !== undefined && wanted.isNotice !== current.isNotice) ||
    (wanted.showItemToMain !== undefined && wanted.showItemToMain !== current.showItemToMain);
  if (changes) throw forbidden(boardMessages.manageOnly);
}

function checkContact(input: { name?: string; email?: string; phone?: string }, partial: boolean) {
  if (input.name !== undefined || !partial) {
    if (!input.name) throw badRequest(boardMessages.nameRequired);
  }
  if (input.email !== undefined || !partial) {
    if (!input.email || !contactPatterns.email.test(input.email)) throw badRequest(boardMessages.emailFormat);
  }
  if (input.phone && !contactPatterns.phone.test(input.phone)) throw badRequest(boardMessages.phoneFormat);
}

/**
 * The attachments a post will have: the caller's own uploads not yet on a post, or files already
 * on this post; within the board's count and size limits.
 */
async function checkAttachments(
  db: Db,
  caller: Caller,
  board: repo.BoardRow,
  itemId: number | null,
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  if (!board.allowAttachments) throw badRequest(boardMessages.attachmentsNotAllowed);
  if (unique.length > board.maxFiles) throw badRequest(boardMessages.tooManyFiles(board.maxFiles));
  const rows = new Map((await findFiles(db, unique)).map((r) => [r.id, r]));
  for (const id of unique) {
    const row = rows.get(id);
    const onThisPost = row !== undefined && itemId !== null && row.boardItemId === itemId;
    // An address-book workbook waiting for its import is personal data, never a post's file.
    const ownUpload =
      row !== undefined && row.boardItemId === null && row.kind !== 'alumni-import' && caller.userId !== null && row.createdBy === caller.userId;
    if (!onThisPost && !ownUpload) throw badRequest(boardMessages.fileNotYours);
    if (row!.size > board.maxFileSize) throw badRequest(boardMessages.fileTooLarge(formatBytes(board.maxFileSize)));
  }
  return unique;
}

/** Editor images of the content that the caller uploaded and no post holds yet. */
async function ownLooseImages(db: Db, caller: Caller, content: string): Promise<string[]> {
  if (caller.userId === null) return [];
  const rows = await findFiles(db, contentImageIds(content));
  return rows.filter((r) => r.boardItemId === null && r.kind !== 'alumni-import' && r.createdBy === caller.userId).map((r) => r.id);
}

/** The post's picture in lists: its first image attachment, else the first image in its content. */
async function refreshThumbnail(db: Db, itemId: number, content: string, at: Date): Promise<void> {
  const files = await filesOfItem(db, itemId);
  const withThumb = files.filter((f) => f.thumbnailName);
  const fromAttachments = withThumb.find((f) => f.kind === 'attachment');
  const order = contentImageIds(content);
  const fromContent = order.map((id) => withThumb.find((f) => f.id === id && f.kind === 'image')).find(Boolean);
  await repo.updateItem(db, itemId, {
    thumbnailFileId: (fromAttachments ?? fromContent)?.id ?? null,
    fileCount: files.filter((f) => f.kind === 'attachment').length,
    modifiedAt: at,
  });
}

async function detailOf(db: Db, caller: Caller, board: repo.BoardRow, itemNo: number, justWritten = false): Promise<BoardItem> {
  const item = await repo.findItem(db, board.boardCode, itemNo);
  if (!item) throw notFound(messages.boardItemNotFound);
  const files = await listFilesOfItems(db, [item.id]);
  return toDetail(item, files.get(item.id) ?? [], board, caller, undefined, justWritten);
}

/** A member's name (the user module's, handed over by server/app.ts: user imports board). */
export type MemberName = (db: Db, userId: number) => Promise<string | undefined>;

/** `PUT /api/board-item/{boardCode}`: everything in one transaction, so a failure leaves nothing. */
export async function createItem(deps: Deps, caller: Caller, boardCode: string, input: CreateInput, memberName: MemberName): Promise<BoardItem> {
  const { db, clock } = deps;
  const board = await requireBoard(db, boardCode);
  if (!canOnBoard(caller, board, 'write')) deny(caller);
  const inquiry = board.listStyle === 'inquiry';
  const content = cleanContent(input.content);
  const category = checkCategory(board, input.category);
  checkManagedFlags(caller, board, input, { isNotice: false, showItemToMain: true });
  let writerName = caller.userId !== null ? await memberName(db, caller.userId) : undefined;
  if (inquiry) {
    if (input.agree !== true) throw badRequest(boardMessages.agreeRequired);
    checkContact({ ...input, name: input.name || writerName }, false);
    writerName = input.name || writerName;
    if (caller.userId === null) await verifyCaptchaIfRequired(deps, input.captcha);
  }
  if (!writerName) throw badRequest(boardMessages.nameRequired);
  const now = clock.now();
  const created = await withTransaction(db, async (tx) => {
    const fileIds = await checkAttachments(tx, caller, board, null, input.files.map((f) => f.id));
    const imageFileIds = (await ownLooseImages(tx, caller, content)).filter((id) => !fileIds.includes(id));
    const row = await repo.insertItem(tx, {
      boardCode: board.boardCode,
      title: input.title,
      content,
      category,
      writerId: caller.userId,
      writerName,
      isNotice: input.isNotice ?? false,
      showItemToMain: input.showItemToMain ?? true,
      isSecret: inquiry ? true : (input.isSecret ?? false),
      createdAt: now,
      contactEmail: inquiry ? input.email : null,
      contactPhone: inquiry ? input.phone || null : null,
      agreedAt: inquiry ? now : null,
    });
    const taken = (await attachFiles(tx, row.id, fileIds, 'attachment')) + (await attachFiles(tx, row.id, imageFileIds, 'image'));
    if (taken !== fileIds.length + imageFileIds.length) throw badRequest(boardMessages.fileNotYours);
    if (fileIds.length > 0) await repo.refreshFileTokens(tx, row.id);
    await refreshThumbnail(tx, row.id, content, now);
    return row;
  });
  return detailOf(db, caller, board, created.itemNo, true);
}

/**
 * `PATCH /api/board-item/{boardCode}/{itemNo}`: the writer or a manager; `answer` for managers of
 * inquiry boards (an answer marks the inquiry 완료 in the console's queue). `within` runs in the
 * same transaction as the change (the console's access record of an answer).
 */
export async function updateItem(
  deps: Deps,
  caller: Caller,
  params: { boardCode: string; itemNo: number },
  input: UpdateInput,
  within?: (tx: Db) => Promise<void>,
): Promise<BoardItem> {
  const { db, clock } = deps;
  const board = await requireBoard(db, params.boardCode);
  const item = await repo.findItem(db, board.boardCode, params.itemNo);
  if (!item) throw notFound(messages.boardItemNotFound);
  const manages = canOnBoard(caller, board, 'manage');
  const inquiry = board.listStyle === 'inquiry';
  const { answer, ...edit } = input;
  const editsPost = Object.values(edit).some((v) => v !== undefined);
  if (answer !== undefined) {
    if (!manages) deny(caller);
    if (!inquiry) throw badRequest(boardMessages.answerOnlyInquiry);
  }
  if (editsPost || answer === undefined) {
    if (!canEditItem(caller, board, item)) {
      if (caller.userId === null) deny(caller);
      throw forbidden(boardMessages.notWriter);
    }
  }
  checkManagedFlags(caller, board, edit, item);
  const content = edit.content !== undefined ? cleanContent(edit.content) : undefined;
  const category = edit.category !== undefined ? checkCategory(board, edit.category) : undefined;
  if (inquiry) checkContact(edit, true);
  const answerText = answer?.replace(/\r\n?/g, '\n').trim();
  const now = clock.now();
  const removed = await withTransaction(db, async (tx) => {
    let removedNames: string[] = [];
    if (edit.files !== undefined) {
      const fileIds = await checkAttachments(tx, caller, board, item.id, edit.files.map((f) => f.id));
      const current = (await filesOfItem(tx, item.id)).filter((f) => f.kind === 'attachment');
      removedNames = await deleteFiles(tx, current.filter((f) => !fileIds.includes(f.id)).map((f) => f.id));
      if ((await attachFiles(tx, item.id, fileIds, 'attachment')) !== fileIds.length) throw badRequest(boardMessages.fileNotYours);
      await repo.refreshFileTokens(tx, item.id);
    }
    if (content !== undefined) {
      const images = await ownLooseImages(tx, caller, content);
      if ((await attachFiles(tx, item.id, images, 'image')) !== images.length) throw badRequest(boardMessages.fileNotYours);
    }
    await repo.updateItem(tx, item.id, {
      ...(edit.title !== undefined ? { title: edit.title } : {}),
      ...(content !== undefined ? { content } : {}),
      ...(category !== undefined ? { category } : {}),
      ...(edit.isNotice !== undefined ? { isNotice: edit.isNotice } : {}),
      ...(edit.showItemToMain !== undefined ? { showItemToMain: edit.showItemToMain } : {}),
      ...(edit.isSecret !== undefined && !inquiry ? { isSecret: edit.isSecret } : {}),
      ...(inquiry && edit.name ? { writerName: edit.name } : {}),
      ...(inquiry && edit.email ? { contactEmail: edit.email } : {}),
      ...(inquiry && edit.phone !== undefined ? { contactPhone: edit.phone || null } : {}),
      ...(answerText !== undefined
        ? { answer: answerText || null, answeredAt: answerText ? now : null, answeredBy: answerText ? caller.userId : null }
        : {}),
      ...(answerText ? { inquiryStatus: 'DONE' as const } : {}),
      modifiedAt: now,
    });
    await within?.(tx);
    if (edit.files !== undefined || content !== undefined) await refreshThumbnail(tx, item.id, content ?? item.content, now);
    return removedNames;
  });
  removeStored(deps, removed);
  if (answerText) {
    const email = edit.email || item.contactEmail;
    if (email) {
      const mail = answerEmail({ title: edit.title ?? item.title, question: htmlToText(content ?? item.content), answer: answerText });
      deps.delivery.queue(() => deps.delivery.sendEmail(email, mail.subject, mail.text));
    }
  }
  return detailOf(db, caller, board, item.itemNo);
}

/** Soft-deletes a deleted post's comments (the comment module's, handed over by server/app.ts). */
export type RemoveCommentsOfPost = (db: Db, boardItemId: number, at: Date) => Promise<void>;

/** `DELETE /api/board-item/{boardCode}/{itemNo}`: the post and its comments go together. */
export async function deleteItem(
  deps: Deps,
  caller: Caller,
  params: { boardCode: string; itemNo: number },
  removeCommentsOfPost: RemoveCommentsOfPost,
) {
  const { db, clock } = deps;
  const board = await requireBoard(db, params.boardCode);
  const item = await repo.findItem(db, board.boardCode, params.itemNo);
  if (!item) throw notFound(messages.boardItemNotFound);
  if (!canEditItem(caller, board, item)) {
    if (caller.userId === null) deny(caller);
    throw forbidden(boardMessages.notWriter);
  }
  const at = clock.now();
  await withTransaction(db, async (tx) => {
    await repo.softDeleteItem(tx, item.id, at);
    await removeCommentsOfPost(tx, item.id, at);
  });
  return { boardCode: board.boardCode, itemNo: item.itemNo };
}

/** Bytes of files taken off a post; their rows are already gone, so a failure only leaves litter. */
function removeStored(deps: Pick<Deps, 'files'>, names: string[]): void {
  for (const name of names) void deps.files.remove(name).catch(() => undefined);
}
