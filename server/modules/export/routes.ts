import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardItemExportQuery, errorEnvelope } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { sendWorkbook } from '../../lib/xlsx';
import { exportBoardItems } from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/board-item/download-data/:boardCode',
    {
      schema: {
        tags: ['board'],
        summary: '게시글 목록 엑셀 내려받기 (관리자, 사유 필수, 기록됨)',
        params: z.object({ boardCode: z.string().min(1).max(40) }),
        querystring: boardItemExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      const out = await exportBoardItems(app.deps, caller, request.params.boardCode, request.query, request.ip);
      return sendWorkbook(reply, out);
    },
  );
};
