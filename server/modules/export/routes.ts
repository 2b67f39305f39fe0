import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { sendWorkbook } from '../../lib/xlsx';
import { exportBoardItems } from './service';
import { route } from '../../route';


export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.boardItem.exportData,
    { docs: { tags: ['board'], summary: '게시글 목록 엑셀 내려받기 (관리자, 사유 필수, 기록됨)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      const out = await exportBoardItems(app.deps, caller, request.params.boardCode, request.query, request.ip);
      return sendWorkbook(reply, out);
    },
  );
};
