import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { accessActor } from '@server/modules/access-record';
import * as service from './service';
import { PRIVATE_NO_STORE } from '../../private-answers';
import { route } from '../../route';


/**
 * The contact-us board as the console's queue (issue 9, ADMIN_Access). Inquirers' contact details
 * are personal data: every read and change writes one access record in its own transaction.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.inquiry.list,
    { docs: { tags: ['admin'], summary: '문의 목록 (관리자, 상태·검색어로 거르기)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.listInquiries(app.deps, accessActor(request, caller), request.query) };
    },
  );

  route(
    app,
    endpoints.inquiry.get,
    { docs: { tags: ['admin'], summary: '문의 보기 (관리자, 연락처 포함)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.readInquiry(app.deps, accessActor(request, caller), request.params.itemNo) };
    },
  );

  route(
    app,
    endpoints.inquiry.update,
    {
      config: perMinute(app.deps.config.rateLimits.write),
      docs: {
        tags: ['admin'],
        summary: '문의 답변 또는 처리 상태 변경 (관리자)',
        description: 'answer를 보내면 답변을 저장하고 작성자에게 이메일로 알리며 상태는 완료(DONE)가 됩니다. status만 보내면 상태만 바꿉니다.',
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      const { detail, message } = await service.patchInquiry(app.deps, caller, accessActor(request, caller), request.params.itemNo, request.body);
      return { code: 'SUCCESS' as const, message, data: detail };
    },
  );
};
