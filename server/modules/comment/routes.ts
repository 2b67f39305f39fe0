import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardItemComment, boardItemCommentCreateRequest, boardItemCommentListQuery, boardItemCommentPage, boardItemCommentParams,
  boardItemCommentUpdateRequest, boardItemParams, errorEnvelope, successEnvelope,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
/** Writing is limited per client address (RATE_LIMIT_WRITE): a caller over it gets 429. */
const writeErrors = { ...errors, 429: errorEnvelope };

/** New and deleted comments change the post's commentCount in cached lists and views: they invalidate its board. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);
  const afterWrite = app.deps.boardCaching.afterWrite;

  app.get(
    '/api/board-item-comment',
    {
      schema: {
        tags: ['comment'],
        summary: '댓글 목록 (댓글마다 그 답글이 이어짐)',
        querystring: boardItemCommentListQuery,
        response: { 200: successEnvelope(boardItemCommentPage), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.listComments(app.deps, caller, request.query) };
    },
  );

  app.put(
    '/api/board-item-comment/:boardCode/:itemNo',
    {
      config: writeLimit,
      schema: {
        tags: ['comment'],
        summary: '댓글 쓰기 (parentId: 답글, 한 단계까지)',
        params: boardItemParams,
        body: boardItemCommentCreateRequest,
        response: { 200: successEnvelope(boardItemComment), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => service.createComment(app.deps, caller, request.params, request.body));
      return { code: 'SUCCESS' as const, data };
    },
  );

  app.patch(
    '/api/board-item-comment/:boardCode/:itemNo/:commentId',
    {
      config: writeLimit,
      schema: {
        tags: ['comment'],
        summary: '댓글 수정 (작성자, 관리자)',
        params: boardItemCommentParams,
        body: boardItemCommentUpdateRequest,
        response: { 200: successEnvelope(boardItemComment), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      // An edit changes no count, and comments themselves are not cached: nothing to invalidate.
      return { code: 'SUCCESS' as const, data: await service.updateComment(app.deps, caller, request.params, request.body.content) };
    },
  );

  app.delete(
    '/api/board-item-comment/:boardCode/:itemNo/:commentId',
    {
      config: writeLimit,
      schema: {
        tags: ['comment'],
        summary: '댓글 삭제 (작성자, 관리자)',
        params: boardItemCommentParams,
        response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => service.deleteComment(app.deps, caller, request.params));
      return { code: 'SUCCESS' as const, data };
    },
  );
};
