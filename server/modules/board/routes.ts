import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  board, boardItem, boardItemCreateRequest, boardMenu, boardItemDeleteResponse, boardItemListQuery, boardItemPage, boardItemParams,
  boardItemUpdateRequest, errorEnvelope, successEnvelope,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import { accessActor, recordAccess } from '@server/modules/access-record';
import { perMinute } from '../../lib/rate-limit';
import { boardMenuAnswer, guestBoard, guestList, guestView } from './guest-reads';
import { markPrivate, sendAnswer } from './http-cache';
import * as service from './service';
import * as write from './write';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
/** Writing is limited per client address (RATE_LIMIT_WRITE): a caller over it gets 429. */
const writeErrors = { ...errors, 429: errorEnvelope };
const boardCodeParams = z.object({ boardCode: z.string().min(1).max(40) });

/**
 * Guests (no Authorization header) read from the cache with ETag/304 (guest-reads.ts,
 * http-cache.ts); signed-in callers read the database and get private, uncached answers.
 * Every write invalidates its board's cached answers, here and on other instances (caching.ts).
 */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);
  const { cache } = app.deps.boardCaching;
  const afterWrite = app.deps.boardCaching.afterWrite;

  app.get(
    '/api/board',
    {
      schema: {
        tags: ['board'],
        summary: '모든 게시판 (메뉴용: 코드, 영역, 이름, 목록 형식, 순서)',
        response: { 200: successEnvelope(boardMenu) },
      },
    },
    async (request, reply) => sendAnswer(request, reply, cache, await boardMenuAnswer(app.deps)),
  );

  app.get(
    '/api/board/:boardCode',
    {
      schema: {
        tags: ['board'],
        summary: '게시판 설정과 호출자의 권한',
        params: z.object({ boardCode: z.string().min(1).max(40) }),
        response: { 200: successEnvelope(board), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestBoard(app.deps, caller, request.params.boardCode));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.getBoard(app.deps.db, caller, request.params.boardCode) };
    },
  );

  app.get(
    '/api/board-item',
    {
      schema: {
        tags: ['board'],
        summary: '게시글 목록',
        querystring: boardItemListQuery,
        response: { 200: successEnvelope(boardItemPage), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestList(app.deps, caller, request.query));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.query) };
    },
  );

  app.post(
    '/api/board-item/search',
    {
      schema: {
        tags: ['board'],
        summary: '게시글 검색 (목록과 같은 조건을 본문으로)',
        body: boardItemListQuery,
        response: { 200: successEnvelope(boardItemPage), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestList(app.deps, caller, request.body));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.body) };
    },
  );

  app.get(
    '/api/board-item/:boardCode/:itemNo',
    {
      schema: {
        tags: ['board'],
        summary: '게시글 보기 (방문자마다 하루 한 번 조회수 증가)',
        params: boardItemParams,
        response: { 200: successEnvelope(boardItem), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await getCaller(request);
      const visitor = service.visitorKey(caller, request.ip, request.headers['user-agent']);
      if (caller.userId === null) {
        const { entry, viewCount } = await guestView(app.deps, caller, request.params, visitor);
        return sendAnswer(request, reply, cache, entry, viewCount);
      }
      markPrivate(reply);
      const deps = { db: app.deps.db, views: app.deps.boardCaching.views };
      const { post, staffReadContact } = await service.readBoardItem(deps, caller, request.params, visitor);
      if (staffReadContact && caller.userId !== null) {
        await recordAccess(app.deps.db, accessActor(request, { userId: caller.userId }), app.deps.clock.now(), {
          action: 'INQUIRY_VIEW',
          subjectType: 'inquiry',
          subject: `문의 ${post.itemNo}번 (${post.writerName})`,
        });
      }
      return { code: 'SUCCESS' as const, data: post };
    },
  );

  app.put(
    '/api/board-item/:boardCode',
    {
      config: writeLimit,
      schema: {
        tags: ['board'],
        summary: '게시글 작성',
        description:
          '본문(content)은 HTML로, 서버가 허용 목록으로 정리합니다. 문의 게시판(contactus)은 name, email, phone, agree가 필요하고, ' +
          '비회원은 useCapcha가 켜져 있으면 captcha도 필요합니다. files는 올린 파일의 id입니다.',
        params: boardCodeParams,
        body: boardItemCreateRequest,
        response: { 200: successEnvelope(boardItem), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => write.createItem(app.deps, caller, request.params.boardCode, request.body));
      return { code: 'SUCCESS' as const, data };
    },
  );

  app.patch(
    '/api/board-item/:boardCode/:itemNo',
    {
      config: writeLimit,
      schema: {
        tags: ['board'],
        summary: '게시글 수정 (보낸 항목만), 문의 답변 (answer, 관리 권한)',
        params: boardItemParams,
        body: boardItemUpdateRequest,
        response: { 200: successEnvelope(boardItem), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(
        request.params.boardCode,
        () => write.updateItem(app.deps, caller, request.params, request.body),
        (item) => [item.boardCode],
      );
      return { code: 'SUCCESS' as const, data };
    },
  );

  app.delete(
    '/api/board-item/:boardCode/:itemNo',
    {
      config: writeLimit,
      schema: {
        tags: ['board'],
        summary: '게시글 삭제 (댓글도 함께)',
        params: boardItemParams,
        response: { 200: successEnvelope(boardItemDeleteResponse), ...writeErrors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => write.deleteItem(app.deps, caller, request.params));
      return { code: 'SUCCESS' as const, data };
    },
  );
};
