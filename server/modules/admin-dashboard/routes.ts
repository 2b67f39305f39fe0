import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboard, errorEnvelope, successEnvelope } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { dashboard } from './service';

/** The console's first screen (issue 9): counts only, no one's personal data, so nothing is recorded. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: '관리자 대시보드 현황',
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(adminDashboard), 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', 'no-store');
      return { code: 'SUCCESS' as const, data: await dashboard(app.deps) };
    },
  );
};
