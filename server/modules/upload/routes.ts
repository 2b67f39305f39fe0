import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardMessages, editorImageQuery, errorEnvelope, successEnvelope, uploadedFile, uploadUrlQuery, uploadUrlResponse,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { badRequest } from '../../errors';
import { temporaryFailure } from '../../lib/temporary-failure';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope, 429: errorEnvelope };

/** The one file of a multipart request, in field `file`, limited to `maxSize` bytes; not read yet. */
async function filePart(request: FastifyRequest, maxSize: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest(boardMessages.fileFieldMissing);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxSize, files: 1, fields: 10, parts: 12 } });
  } catch {
    throw badRequest(boardMessages.fileFieldMissing);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(boardMessages.fileFieldMissing);
  return part;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);

  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });

  for (const url of ['/api/board-item-file/upload-url', '/api/file/upload-url']) {
    app.get(
      url,
      {
        config: writeLimit,
        schema: {
          tags: ['file'],
          summary: '파일 올릴 주소 받기 (10분 동안 한 번)',
          description:
            '회원만 올릴 수 있습니다. 받은 uploadUrl로 multipart/form-data의 file 필드를 POST하면 파일 정보가 돌아옵니다. ' +
            'boardCode를 주면 그 게시판의 크기 제한과 쓰기 권한이 적용됩니다.',
          querystring: uploadUrlQuery,
          response: { 200: successEnvelope(uploadUrlResponse), ...errors },
        },
      },
      async (request) => {
        const caller = await getCaller(request);
        return { code: 'SUCCESS' as const, data: await service.issueUploadUrl(app.deps, caller, request.query) };
      },
    );
  }

  app.post(
    `${service.UPLOAD_PATH}:token`,
    {
      config: writeLimit,
      schema: {
        tags: ['file'],
        summary: '파일 올리기 (upload-url이 준 주소, multipart/form-data의 file 필드)',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, boardMessages.uploadUrlInvalid) }),
        response: { 200: successEnvelope(uploadedFile), ...errors },
      },
    },
    async (request) => {
      const ticket = await service.spendUploadUrl(app.deps, request.params.token);
      try {
        const stored = await service.receiveUpload(app.deps, ticket, await filePart(request, ticket.maxSize));
        return { code: 'SUCCESS' as const, data: stored };
      } catch (err) {
        // The client is told to try again (503, Retry-After): let this URL serve that try.
        if (temporaryFailure(err)) await service.reopenUploadUrl(app.deps, ticket).catch(() => undefined);
        throw err;
      }
    },
  );

  app.put(
    '/api/board-item/images',
    {
      config: writeLimit,
      schema: {
        tags: ['board'],
        summary: '본문 이미지 올리기 (multipart/form-data의 file 필드) — 본문에 넣을 URL을 돌려줍니다',
        querystring: editorImageQuery,
        response: { 200: successEnvelope(uploadedFile), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const { userId, maxImageSize } = await service.editorImageLimits(app.deps, caller, request.query.boardCode);
      const part = await filePart(request, maxImageSize);
      const data = await service.readLimited(part, maxImageSize, true);
      service.checkImageName(part.filename);
      const stored = await service.storeUpload(app.deps, { userId, fileName: part.filename, data, kind: 'image' });
      return { code: 'SUCCESS' as const, data: stored };
    },
  );
};
