import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { endpoints, messages, type BoardPermissionRoles } from '@contract';
import { isAdmin, type Caller } from '../../auth/caller';
import { getFileCaller } from '../../auth/request-caller';
import type { Db } from '../../db/client';
import { countDownload, findFileWithPost, type StoredFileRow } from './repo';
import { notFound } from '../../errors';
import { contentDisposition } from '../../lib/content-disposition';
import type { FileStore } from './store';
import { route } from '../../route';

/**
 * Types a browser may show inline; everything else (SVG, HTML, office files...) downloads.
 * WebVTT is read by a video's <track>, which takes it only as text/vtt; with nosniff no browser
 * runs it as anything else.
 */
const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/vtt']);

type FileRow = StoredFileRow;

/**
 * Whether the caller may read (or download) a file attached to this post of this board; throws
 * when not. The board module's rules (board/service.ts, checkPostFileAccess), which server/app.ts
 * hands over: the board module imports this one.
 */
export type PostFileAccess = (
  caller: Caller,
  board: { listStyle: string; permissions: BoardPermissionRoles },
  item: { writerId: number | null; isSecret: boolean },
  action: 'read' | 'download',
) => void;

/**
 * A file follows the post it belongs to (issue 2): shown to whoever may read the post, downloaded
 * by whoever may also download on that board; before it is attached, only its uploader sees it.
 */
async function loadReadableFile(
  db: Db,
  postFileAccess: PostFileAccess,
  caller: Caller,
  id: string,
  action: 'read' | 'download' = 'read',
): Promise<FileRow> {
  const row = await findFileWithPost(db, id);
  if (!row) throw notFound(messages.fileNotFound);
  const { file, item, board: b } = row;
  // An address-book workbook is read only by its import (access-recorded), never served as a file.
  if (file.kind === 'alumni-import') throw notFound(messages.fileNotFound);
  // A pop-up's image is shown to every visitor while its pop-up exists (deleted with it).
  if (file.kind === 'popup') return file;
  if (!item || !b) {
    // Not attached to a post yet: only its uploader (or an admin) may fetch it.
    if (isAdmin(caller) || (caller.userId !== null && caller.userId === file.createdBy)) return file;
    throw notFound(messages.fileNotFound);
  }
  if (item.deletedAt) throw notFound(messages.fileNotFound);
  postFileAccess(caller, b, item, action);
  return file;
}

async function sendStored(reply: FastifyReply, files: FileStore, storedName: string, contentType: string, disposition: string) {
  const bytes = await files.read(storedName);
  if (!bytes) throw notFound(messages.fileNotFound);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', disposition)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(bytes);
}


export const fileRoutes: FastifyPluginAsyncZod<{ postFileAccess: PostFileAccess }> = async (app, { postFileAccess }) => {
  const { db, files } = app.deps;
  // A store that cannot be used stops the start with the operator's message (FILES_DIR not
  // writable, S3 bucket unreachable) instead of failing each upload later.
  app.addHook('onReady', () => files.check());
  app.addHook('onClose', async () => files.close());

  async function sendThumbnail(reply: FastifyReply, caller: Caller, id: string) {
    const file = await loadReadableFile(db, postFileAccess, caller, id);
    if (!file.thumbnailName) throw notFound('미리보기 이미지가 없습니다.');
    return sendStored(reply, files, file.thumbnailName, 'image/webp', contentDisposition('inline', `${file.originalName}.webp`));
  }

  // No automatic HEAD: Fastify would read the whole file (from S3 too) to throw it away, and a
  // guest could make it do so for any public attachment, over and over.
  route(
    app,
    endpoints.file.get,
    { exposeHeadRoute: false, docs: { tags: ['file'], summary: '파일 내려받기·보기' } },
    async (request, reply) => {
      const caller = await getFileCaller(request);
      if (request.query.thumbnail === 'true') return sendThumbnail(reply, caller, request.params.id);
      const wantsDownload = request.query.download === 'true';
      const file = await loadReadableFile(db, postFileAccess, caller, request.params.id, wantsDownload ? 'download' : 'read');
      const download = wantsDownload || !inlineTypes.has(file.contentType);
      if (download) {
        await countDownload(db, file.id);
      }
      const contentType = inlineTypes.has(file.contentType) ? file.contentType : 'application/octet-stream';
      return sendStored(reply, files, file.storedName, contentType, contentDisposition(download ? 'attachment' : 'inline', file.originalName));
    },
  );

  route(
    app,
    endpoints.file.thumbnail,
    { exposeHeadRoute: false, docs: { tags: ['file'], summary: '이미지 미리보기' } },
    async (request, reply) => sendThumbnail(reply, await getFileCaller(request), request.params.id),
  );
};
