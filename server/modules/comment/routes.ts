import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import * as service from './service';
import { route } from '../../route';


/** New and deleted comments change the post's commentCount in cached lists and views: they invalidate its board. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);
  const afterWrite = app.deps.boardCaching.afterWrite;

  route(
    app,
    endpoints.comment.list,
    { docs: { tags: ['comment'], summary: '댓글 목록 (댓글마다 그 답글이 이어짐)' } },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.listComments(app.deps, caller, request.query) };
    },
  );

  route(
    app,
    endpoints.comment.create,
    { config: writeLimit, docs: { tags: ['comment'], summary: '댓글 쓰기 (parentId: 답글, 한 단계까지)' } },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => service.createComment(app.deps, caller, request.params, request.body));
      return { code: 'SUCCESS' as const, data };
    },
  );

  route(
    app,
    endpoints.comment.update,
    { config: writeLimit, docs: { tags: ['comment'], summary: '댓글 수정 (작성자, 관리자)' } },
    async (request) => {
      const caller = await getCaller(request);
      // An edit changes no count, and comments themselves are not cached: nothing to invalidate.
      return { code: 'SUCCESS' as const, data: await service.updateComment(app.deps, caller, request.params, request.body.content) };
    },
  );

  route(
    app,
    endpoints.comment.remove,
    { config: writeLimit, docs: { tags: ['comment'], summary: '댓글 삭제 (작성자, 관리자)' } },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => service.deleteComment(app.deps, caller, request.params));
      return { code: 'SUCCESS' as const, data };
    },
  );
};
