import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { route } from '../../route';
import { memberActivity } from './service';

/** My page's activity tabs (issue 23): a member's posts, comments and inquiries. */
export const memberActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.memberActivity.list,
    {
      docs: {
        tags: ['user'],
        summary: '회원 활동 내역 (내가 쓴 글, 내 댓글, 내 문의)',
        description: '본인, 또는 회원 관리 권한(ADMIN_Access)이 있는 관리자. 관리자가 다른 회원의 내역을 보면 접근기록(MEMBER_ACTIVITY_VIEW)이 남습니다. 최신순.',
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await memberActivity(app.deps, await getCaller(request), request.params.id, request.query, request.ip),
    }),
  );
};
