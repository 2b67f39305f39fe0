import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessRecordExportRequest, accessRecordListQuery, accessRecordPage, errorEnvelope, successEnvelope } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { sendWorkbook } from '../../lib/xlsx';
import { accessActor } from './record';
import { exportAccessRecords, listAccessRecords } from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

/**
 * The access records (issue 9, PIPA): read and exported by staff with ADMIN_Access, the privacy
 * officer among them (docs/decisions/0012-access-records.md). Nothing here changes a record.
 */
export const accessRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/access-records',
    {
      schema: {
        tags: ['admin'],
        summary: '개인정보 접근기록 목록 (관리자, 최신순)',
        security: [{ bearer: [] }],
        querystring: accessRecordListQuery,
        response: { 200: successEnvelope(accessRecordPage), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', 'no-store');
      return { code: 'SUCCESS' as const, data: await listAccessRecords(app.deps, request.query) };
    },
  );

  app.post(
    '/api/admin/access-records/export-data',
    {
      schema: {
        tags: ['admin'],
        summary: '개인정보 접근기록 엑셀 내려받기 (관리자, 사유 필수, 기록됨)',
        security: [{ bearer: [] }],
        body: accessRecordExportRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      const out = await exportAccessRecords(app.deps, accessActor(request, caller), request.body);
      return sendWorkbook(reply, out);
    },
  );
};
