import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { sendWorkbook } from '../../lib/xlsx';
import { accessActor } from './record';
import { exportAccessRecords, listAccessRecords } from './service';
import { chainHead } from './repo';
import { route } from '../../route';
import { toKstIso } from '../../lib/time';


/**
 * The access records (issue 9, PIPA): read and exported by staff with ADMIN_Access, the privacy
 * officer among them (docs/decisions/0012-access-records.md). Nothing here changes a record.
 */
export const accessRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.accessRecord.list,
    { docs: { tags: ['admin'], summary: '개인정보 접근기록 목록 (관리자, 최신순)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', 'no-store');
      return { code: 'SUCCESS' as const, data: await listAccessRecords(app.deps, request.query) };
    },
  );

  route(
    app,
    endpoints.accessRecord.chainHead,
    { docs: { tags: ['admin'], summary: '접근기록 해시 체인의 현재 끝 (기록 수, 마지막 해시, 조회 시각; 시스템 밖에 적어 두는 값)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', 'no-store');
      const head = await chainHead(app.deps.db);
      return { code: 'SUCCESS' as const, data: { ...head, checkedAt: toKstIso(app.deps.clock.now()) } };
    },
  );

  route(
    app,
    endpoints.accessRecord.exportData,
    { docs: { tags: ['admin'], summary: '개인정보 접근기록 엑셀 내려받기 (관리자, 사유 필수, 기록됨)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      const out = await exportAccessRecords(app.deps, accessActor(request, caller), request.body);
      return sendWorkbook(reply, out);
    },
  );
};
