import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, inquiryDetail, inquiryListQuery, inquiryPage, inquiryParams, inquiryPatch, successEnvelope } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { accessActor } from '@server/modules/access-record';
import * as service from './service';
import { PRIVATE_NO_STORE } from '../../private-answers';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const security = [{ bearer: [] }];

/**
 * The contact-us board as the console's queue (issue 9, ADMIN_Access). Inquirers' contact details
 * are personal data: every read and change writes one access record in its own transaction.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/inquiries',
    {
      schema: {
        tags: ['admin'],
        summary: '문의 목록 (관리자, 상태·검색어로 거르기)',
        security,
        querystring: inquiryListQuery,
        response: { 200: successEnvelope(inquiryPage), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.listInquiries(app.deps, accessActor(request, caller), request.query) };
    },
  );

  app.get(
    '/api/admin/inquiries/:itemNo',
    {
      schema: {
        tags: ['admin'],
        summary: '문의 보기 (관리자, 연락처 포함)',
        security,
        params: inquiryParams,
        response: { 200: successEnvelope(inquiryDetail), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.readInquiry(app.deps, accessActor(request, caller), request.params.itemNo) };
    },
  );

  app.patch(
    '/api/admin/inquiries/:itemNo',
    {
      config: perMinute(app.deps.config.rateLimits.write),
      schema: {
        tags: ['admin'],
        summary: '문의 답변 또는 처리 상태 변경 (관리자)',
        description: 'answer를 보내면 답변을 저장하고 작성자에게 이메일로 알리며 상태는 완료(DONE)가 됩니다. status만 보내면 상태만 바꿉니다.',
        security,
        params: inquiryParams,
        body: inquiryPatch,
        response: { 200: successEnvelope(inquiryDetail), 429: errorEnvelope, ...errors },
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
