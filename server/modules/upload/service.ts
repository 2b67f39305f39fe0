import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  ALUMNI_MAX_FILE_SIZE, alumniMessages, allowedExtensions, boardMessages, endpoints, formatBytes, imageExtensions, uploadDefaults,
  type alumniUploadUrlBody, type UploadedFile, type UploadUrlResponse, type uploadUrlQuery,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { uploadTicket } from '../../db/schema';
import { ApiError, badRequest, notFound, payloadTooLarge, unauthorized } from '../../errors';
import { addMs, MINUTE_MS } from '../../lib/clock';
import { toKstIso } from '../../lib/time';
import { canOnBoard, deny, requireBoard } from '@server/modules/board';
import { deleteImportWorkbookRow, fileUrl, findImportWorkbook, insertStoredFile, readAll, thumbnailUrl } from '@server/modules/file';
import { CheckedUpload, feed } from './checked-stream';
import { keptFileName } from './file-name';
import { bytesAre, extensionOf, fileTypes, imageKinds, type FileType } from './sniff';
import { openWorkbook } from './workbook';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'files'>;

/** Where an upload URL points: its entry's path without the token (contract/endpoints.ts `file.upload`). */
export const UPLOAD_PATH = endpoints.file.upload.path.replace(':token', '');
const THUMBNAIL_WIDTH = 480;

const tooLarge = payloadTooLarge;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Only members upload: an upload not yet on a post belongs to its uploader alone (decision 0008). */
function requireMember(caller: Caller): number {
  if (caller.userId === null) throw unauthorized(boardMessages.uploadLoginRequired);
  return caller.userId;
}

function checkExtension(fileName: string, allowed: readonly string[], message?: string): string {
  const ext = extensionOf(fileName);
  if (!allowed.includes(ext)) throw badRequest(message ?? boardMessages.extensionNotAllowed(ext));
  return ext;
}

/** The board's limits when a board is named (and the caller may write there), otherwise the defaults. */
async function limitsFor(deps: Deps, caller: Caller, boardCode: string | undefined) {
  if (!boardCode) return { boardCode: null, maxFileSize: uploadDefaults.maxFileSize, maxImageSize: uploadDefaults.maxImageSize };
  const board = await requireBoard(deps.db, boardCode);
  if (!canOnBoard(caller, board, 'write')) deny(caller);
  return { boardCode: board.boardCode, maxFileSize: board.maxFileSize, maxImageSize: board.maxImageSize, allowAttachments: board.allowAttachments };
}

/** `GET /api/board-item-file/upload-url`, `GET /api/file/upload-url`: a single-use URL, 10 minutes. */
export async function issueUploadUrl(deps: Deps, caller: Caller, query: z.output<typeof uploadUrlQuery>): Promise<UploadUrlResponse> {
  const userId = requireMember(caller);
  checkExtension(query.fileName, allowedExtensions);
  const limits = await limitsFor(deps, caller, query.boardCode);
  if ('allowAttachments' in limits && !limits.allowAttachments) throw badRequest(boardMessages.attachmentsNotAllowed);
  if (query.size === 0) throw badRequest(boardMessages.fileEmpty);
  if (query.size > limits.maxFileSize) throw tooLarge(boardMessages.fileTooLarge(formatBytes(limits.maxFileSize)));
  return insertTicket(deps, {
    userId,
    boardCode: limits.boardCode,
    fileName: query.fileName,
    declaredType: query.contentType,
    declaredSize: query.size,
    maxSize: limits.maxFileSize,
    purpose: 'attachment',
  });
}

type TicketValues = Omit<typeof uploadTicket.$inferInsert, 'tokenHash' | 'createdAt' | 'expiresAt' | 'usedAt'>;

/** Stores a new single-use ticket (only its token's hash) and answers its URL. */
async function insertTicket(deps: Deps, values: TicketValues): Promise<UploadUrlResponse> {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addMs(now, uploadDefaults.uploadUrlTtlMs);
  await deps.db.delete(uploadTicket).where(lt(uploadTicket.expiresAt, addMs(now, -60 * MINUTE_MS)));
  await deps.db.insert(uploadTicket).values({ ...values, tokenHash: tokenHash(token), createdAt: now, expiresAt });
  return { uploadUrl: `${UPLOAD_PATH}${token}`, expiresDate: toKstIso(expiresAt) };
}

/**
 * `POST /api/alumni/upload-url` (the caller is an admin, checked by the alumni module): the same
 * single-use URL as board files, for one .xlsx of at most ALUMNI_MAX_FILE_SIZE to import.
 */
export async function issueImportUploadUrl(deps: Deps, userId: number, body: z.output<typeof alumniUploadUrlBody>): Promise<UploadUrlResponse> {
  checkExtension(body.fileName, ['xlsx'], alumniMessages.onlyXlsx);
  if (body.size === 0) throw badRequest(boardMessages.fileEmpty);
  if (body.size > ALUMNI_MAX_FILE_SIZE) throw tooLarge(boardMessages.fileTooLarge(formatBytes(ALUMNI_MAX_FILE_SIZE)));
  return insertTicket(deps, {
    userId,
    boardCode: null,
    fileName: body.fileName,
    declaredType: body.contentType,
    declaredSize: body.size,
    maxSize: ALUMNI_MAX_FILE_SIZE,
    purpose: 'alumni-import',
  });
}

/** Spends an upload URL: one conditional UPDATE, so it works once and only before it expires. */
export async function spendUploadUrl(deps: Deps, token: string) {
  const now = deps.clock.now();
  const [ticket] = await deps.db
    .update(uploadTicket)
    .set({ usedAt: now })
    .where(and(eq(uploadTicket.tokenHash, tokenHash(token)), isNull(uploadTicket.usedAt), sql`${uploadTicket.expiresAt} > ${now}`))
    .returning();
  if (!ticket) throw badRequest(boardMessages.uploadUrlInvalid);
  return ticket;
}

/**
 * Makes a spent URL usable again after an upload failed on a passing outage (the database or S3
 * out of reach), so the retry the 503 asks for can succeed. Only the spend it undoes: a URL used
 * again meanwhile stays used.
 */
export async function reopenUploadUrl(deps: Deps, ticket: typeof uploadTicket.$inferSelect): Promise<void> {
  await deps.db
    .update(uploadTicket)
    .set({ usedAt: null })
    .where(and(eq(uploadTicket.tokenHash, ticket.tokenHash), eq(uploadTicket.usedAt, ticket.usedAt!)));
}

/** The file part of a multipart request, its bytes not read yet (@fastify/multipart's MultipartFile). */
export interface IncomingFile {
  /** The bytes as they arrive; busboy stops them at the size limit, emits `limit` and sets `truncated`. */
  file: Readable & { truncated?: boolean };
  /** Reads the whole file; rejects with `FST_REQ_FILE_TOO_LARGE` past the limit. */
  toBuffer(): Promise<Buffer>;
}

export async function readLimited(file: IncomingFile, maxSize: number, image = false): Promise<Buffer> {
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(image ? boardMessages.imageTooLarge(formatBytes(maxSize)) : boardMessages.fileTooLarge(formatBytes(maxSize)));
    }
    throw err;
  }
}

/**
 * Removes bytes whose row was never written. Best effort: when the store itself is failing, the
 * bytes stay behind as a file no row names, which no one can download.
 */
async function removeUnrecorded(deps: Deps, names: (string | null)[]): Promise<void> {
  for (const name of names) if (name) await deps.files.remove(name).catch(() => undefined);
}

/**
 * `POST /api/file/upload/{token}`: the file sent to a spent upload URL. An address-book workbook
 * (5 MB) and images (re-encoded by sharp) are read whole, up to the URL's limit; every other
 * attachment streams to the file store as it arrives.
 */
export async function receiveUpload(
  deps: Deps,
  ticket: Pick<typeof uploadTicket.$inferSelect, 'userId' | 'fileName' | 'maxSize' | 'purpose'>,
  part: IncomingFile,
): Promise<UploadedFile> {
  const upload = { userId: ticket.userId, fileName: ticket.fileName };
  if (ticket.purpose === 'alumni-import') return storeImportWorkbook(deps, { ...upload, data: await readLimited(part, ticket.maxSize) });
  const ext = extensionOf(ticket.fileName);
  const type = fileTypes[ext];
  if (!type) throw badRequest(boardMessages.extensionNotAllowed(ext));
  if (imageKinds.has(type.kind)) return storeUpload(deps, { ...upload, data: await readLimited(part, ticket.maxSize), kind: 'attachment' });
  return storeStreamed(deps, { ...upload, ext, type, file: part.file, maxSize: ticket.maxSize });
}

/**
 * An attachment that is not an image, streamed into the store: never whole in memory. The row is
 * written only once every byte is stored; on any failure (too large, wrong type, the store, the
 * database) the stored bytes are removed again, so there is never a row without its file.
 */
async function storeStreamed(
  deps: Deps,
  input: { userId: number; fileName: string; ext: string; type: FileType; file: IncomingFile['file']; maxSize: number },
): Promise<UploadedFile> {
  const overLimit = tooLarge(boardMessages.fileTooLarge(formatBytes(input.maxSize)));
  const checked = new CheckedUpload(input.type.kind);
  // The store may start reading only after an await; a refusal before that is read from `checked.errored`.
  checked.on('error', () => undefined);
  input.file.once('limit', () => checked.destroy(overLimit));
  feed(input.file, checked);
  const storedName = deps.files.newName(`.${input.ext}`);
  const id = randomUUID();
  const name = keptFileName(input.fileName);
  try {
    await deps.files.write(storedName, checked);
    if (input.file.truncated) throw overLimit;
    await insertStoredFile(deps.db, {
      id, boardItemId: null, originalName: name, storedName, contentType: input.type.contentType, size: checked.bytes,
      kind: 'attachment', createdBy: input.userId, createdAt: deps.clock.now(),
    });
  } catch (err) {
    await removeUnrecorded(deps, [storedName]);
    const refusal = [checked.errored, err].find((e) => e instanceof ApiError);
    if (refusal) throw refusal;
    // The request itself broke off (the client went away): not the server's failure.
    if (input.file.errored) throw badRequest();
    throw err;
  }
  return { id, name, size: checked.bytes, contentType: input.type.contentType, url: fileUrl(id), thumbnailUrl: null };
}

/**
 * Checks the bytes against the extension, re-encodes images (metadata such as GPS position is
 * dropped), makes a WebP thumbnail, and stores everything under server-made names.
 */
export async function storeUpload(
  deps: Deps,
  input: { userId: number; fileName: string; data: Buffer; kind: 'attachment' | 'image' },
): Promise<UploadedFile> {
  if (input.data.length === 0) throw badRequest(boardMessages.fileEmpty);
  const ext = extensionOf(input.fileName);
  const type = fileTypes[ext];
  if (!type) throw badRequest(boardMessages.extensionNotAllowed(ext));
  if (!bytesAre(input.data, type.kind)) throw badRequest(boardMessages.typeMismatch);
  let data = input.data;
  let thumbnail: Buffer | null = null;
  let width: number | null = null;
  let height: number | null = null;
  if (imageKinds.has(type.kind)) {
    try {
      const animated = type.kind === 'gif' || type.kind === 'webp';
      const image = sharp(input.data, { animated, limitInputPixels: 50_000_000 }).rotate();
      const encoded =
        type.kind === 'png' ? image.png() : type.kind === 'jpeg' ? image.jpeg({ quality: 90 }) : type.kind === 'gif' ? image.gif() : image.webp();
      const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
      data = out;
      width = info.width;
      height = info.pageHeight ?? info.height;
      thumbnail = await sharp(out).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    } catch {
      throw badRequest(boardMessages.typeMismatch);
    }
  }
  const storedName = deps.files.newName(`.${ext}`);
  const thumbnailName = thumbnail ? deps.files.newName('.webp') : null;
  const id = randomUUID();
  const name = keptFileName(input.fileName);
  try {
    await deps.files.write(storedName, data);
    if (thumbnail && thumbnailName) await deps.files.write(thumbnailName, thumbnail);
    await insertStoredFile(deps.db, {
      id,
      boardItemId: null,
      originalName: name,
      storedName,
      contentType: type.contentType,
      size: data.length,
      thumbnailName,
      width,
      height,
      kind: input.kind,
      createdBy: input.userId,
      createdAt: deps.clock.now(),
    });
  } catch (err) {
    await removeUnrecorded(deps, [storedName, thumbnailName]);
    throw err;
  }
  return { id, name, size: data.length, contentType: type.contentType, url: fileUrl(id), thumbnailUrl: thumbnailName ? thumbnailUrl(id) : null };
}

/** The limits of `PUT /api/board-item/images` for this caller and board. */
export async function editorImageLimits(deps: Deps, caller: Caller, boardCode: string | undefined) {
  const userId = requireMember(caller);
  const limits = await limitsFor(deps, caller, boardCode);
  return { userId, maxImageSize: limits.maxImageSize };
}

export function checkImageName(fileName: string): void {
  checkExtension(fileName, imageExtensions, boardMessages.notAnImage);
}

/**
 * An address-book workbook sent to an `alumni-import` URL: only .xlsx, and its bytes must open
 * as a workbook (upload/workbook.ts). Kept as kind `alumni-import`, which no post shows and the
 * import deletes; housekeeping removes one never imported after a day, like any loose upload.
 */
export async function storeImportWorkbook(deps: Deps, input: { userId: number; fileName: string; data: Buffer }): Promise<UploadedFile> {
  if (input.data.length === 0) throw badRequest(boardMessages.fileEmpty);
  checkExtension(input.fileName, ['xlsx'], alumniMessages.onlyXlsx);
  await openWorkbook(input.data);
  const storedName = deps.files.newName('.xlsx');
  const id = randomUUID();
  const name = keptFileName(input.fileName);
  const contentType = fileTypes.xlsx!.contentType;
  try {
    await deps.files.write(storedName, input.data);
    await insertStoredFile(deps.db, {
      id, boardItemId: null, originalName: name, storedName, contentType, size: input.data.length,
      kind: 'alumni-import', createdBy: input.userId, createdAt: deps.clock.now(),
    });
  } catch (err) {
    await removeUnrecorded(deps, [storedName]);
    throw err;
  }
  return { id, name, size: input.data.length, contentType, url: fileUrl(id), thumbnailUrl: null };
}

/** The bytes of an import workbook this admin uploaded (404 when it is gone or someone else's). */
export async function readImportWorkbook(deps: Deps, fileId: string, userId: number): Promise<{ name: string; data: Buffer }> {
  const row = await findImportWorkbook(deps.db, fileId, userId);
  const data = row && (await readAll(deps.files, row.storedName));
  if (!row || !data) throw notFound(alumniMessages.importFileGone);
  return { name: row.name, data };
}

/**
 * Deletes an import workbook's row (in the caller's transaction, if any); returns its stored
 * name, whose bytes the caller removes after commit (`files.remove`).
 */
export async function deleteImportWorkbook(db: Deps['db'], fileId: string): Promise<string | null> {
  return deleteImportWorkbookRow(db, fileId);
}
