import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, feedbackMessages } from '@contract';
import { requireAdmin, requirePermission } from '../../auth/admin';
import type { Caller } from '../../auth/caller';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { sendWorkbook } from '../../lib/xlsx';
import { accessActor } from '@server/modules/access-record';
import { createScreenStatus } from '@server/modules/seo';
import { route } from '../../route';
import * as service from './service';

const tags = ['feedback'];

/** Console reads need STATS_View (also enforced from the entries' rules before the handler). */
function statsViewer(caller: Caller): asserts caller is Caller & { userId: number } {
  requireAdmin(caller);
  requirePermission(caller, 'STATS_View');
}

/**
 * Page satisfaction (만족도 조사, issue 23): any visitor's answer, limited per address as every
 * anonymous write, and the console's summary, comments and export (STATS_View).
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const statusOf = createScreenStatus(deps);

  route(
    app,
    endpoints.feedback.create,
    {
      config: perMinute(deps.config.rateLimits.write),
      docs: {
        tags,
        summary: '만족도 조사 응답 (화면마다 하루 한 번)',
        description: `score 1(매우 불만족)~5(매우 만족), comment는 500자 이내. 같은 방문자가 같은 화면에 같은 날 다시 보내면 409: "${feedbackMessages.alreadyAnswered}"`,
      },
    },
    async (request) => {
      await service.submitFeedback(deps, { address: request.ip, userAgent: request.headers['user-agent'] }, request.body, statusOf);
      return { code: 'SUCCESS' as const, message: feedbackMessages.thanks, data: {} };
    },
  );

  route(app, endpoints.feedback.summary, { docs: { tags, summary: '만족도 조사 화면별 평균·응답 수·분포 (기간)' } }, async (request) => {
    statsViewer(await getCaller(request));
    return { code: 'SUCCESS' as const, data: await service.feedbackSummary(deps, request.query) };
  });

  route(app, endpoints.feedback.comments, { docs: { tags, summary: '만족도 조사 의견 (기간, 최신순)' } }, async (request) => {
    statsViewer(await getCaller(request));
    return { code: 'SUCCESS' as const, data: await service.feedbackComments(deps, request.query) };
  });

  route(
    app,
    endpoints.feedback.exportData,
    { config: perMinute(deps.config.rateLimits.write), docs: { tags, summary: '만족도 조사 엑셀 내려받기 (사유 필수, 접근기록에 남음)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      statsViewer(caller);
      return sendWorkbook(reply, await service.exportFeedback(deps, accessActor(request, caller), request.body));
    },
  );
};
