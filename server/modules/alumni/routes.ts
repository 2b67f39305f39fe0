import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alumniCreateBody, alumniCreated, alumniExportBody, alumniIdParams, alumniImportBody, alumniImportPreview,
  alumniImportPreviewBody, alumniImportReport, alumniListQuery, alumniMessages, alumniPage, alumniPatchBody,
  alumniUploadUrlBody, alumniUploadUrlResponse, errorEnvelope, successEnvelope,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { sendWorkbook } from '../../lib/xlsx';
import { issueImportUploadUrl } from '@server/modules/upload';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const tags = ['alumni'];
const done = (message: string) => ({ code: 'SUCCESS' as const, message });

/**
 * The address book (spec §7 `/api/alumni...`, issue 9): only for ADMIN_Access (guests 401,
 * members 403), every personal-data action written to the access records.
 */
export const alumniRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const actorOf = async (request: FastifyRequest) => service.adminActor(await getCaller(request), request.ip);

  app.get(
    '/api/alumni',
    {
      schema: {
        tags,
        summary: '주소록 목록 (관리자, 검색어: 이름·소속·부서·이메일·연락처)',
        querystring: alumniListQuery,
        response: { 200: successEnvelope(alumniPage), ...errors },
      },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.list(deps, await actorOf(request), request.query) }),
  );

  app.put(
    '/api/alumni',
    {
      schema: {
        tags,
        summary: '주소록 등록 (관리자); 이미 있는 이메일은 409',
        body: alumniCreateBody,
        response: { 200: successEnvelope(alumniCreated), ...errors },
      },
    },
    async (request) => {
      const id = await service.create(deps, await actorOf(request), request.body);
      return { ...done(alumniMessages.created), data: { id } };
    },
  );

  app.patch(
    '/api/alumni/:id',
    {
      schema: {
        tags,
        summary: '주소록 수정 (관리자): 보낸 항목만 바뀝니다',
        params: alumniIdParams,
        body: alumniPatchBody,
        response: { 200: successEnvelope(alumniCreated), ...errors },
      },
    },
    async (request) => {
      await service.update(deps, await actorOf(request), request.params.id, request.body);
      return { ...done(alumniMessages.updated), data: { id: request.params.id } };
    },
  );

  app.delete(
    '/api/alumni/:id',
    {
      schema: { tags, summary: '주소록 삭제 (관리자)', params: alumniIdParams, response: { 200: successEnvelope(alumniCreated), ...errors } },
    },
    async (request) => {
      await service.remove(deps, await actorOf(request), request.params.id);
      return { ...done(alumniMessages.deleted), data: { id: request.params.id } };
    },
  );

  app.post(
    '/api/alumni/export-data',
    {
      schema: {
        tags,
        summary: '주소록 엑셀 내려받기 (관리자, 사유 필수, 기록됨): 검색어에 맞는 주소록 .xlsx',
        body: alumniExportBody,
        response: errors,
      },
    },
    async (request, reply) => {
      const out = await service.exportData(deps, await actorOf(request), request.body);
      return sendWorkbook(reply, out);
    },
  );

  app.post(
    '/api/alumni/upload-url',
    {
      config: perMinute(deps.config.rateLimits.write),
      schema: {
        tags,
        summary: '가져올 엑셀(.xlsx) 올릴 주소 받기 (관리자, 10분 동안 한 번, 5 MB까지)',
        description: '받은 uploadUrl로 multipart/form-data의 file 필드를 POST하면 파일 정보(id)가 돌아옵니다. 내용이 엑셀 통합 문서인지 확인합니다.',
        body: alumniUploadUrlBody,
        response: { 200: successEnvelope(alumniUploadUrlResponse), ...errors, 413: errorEnvelope },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return { code: 'SUCCESS' as const, data: await issueImportUploadUrl(deps, actor.userId, request.body) };
    },
  );

  app.post(
    '/api/alumni/import-preview',
    {
      schema: {
        tags,
        summary: '올린 엑셀의 처음 10행 미리보기 (관리자)',
        body: alumniImportPreviewBody,
        response: { 200: successEnvelope(alumniImportPreview), ...errors },
      },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.preview(deps, await actorOf(request), request.body.fileId) }),
  );

  app.post(
    '/api/alumni/import-data',
    {
      schema: {
        tags,
        summary: '올린 엑셀 가져오기 (관리자, 사유 필수, 기록됨): 행별 결과',
        description:
          '이메일로 기존 주소록과 맞춥니다. mode가 allOrNothing(기본)이면 잘못된 행이 하나라도 있을 때 아무것도 바꾸지 않고(applied: false), ' +
          'skipInvalid이면 올바른 행만 반영합니다. 어느 쪽이든 200과 함께 잘못된 행을 모두 알려주며, 올린 파일은 지워집니다.',
        body: alumniImportBody,
        response: { 200: successEnvelope(alumniImportReport), ...errors },
      },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.importData(deps, await actorOf(request), request.body) }),
  );
};
