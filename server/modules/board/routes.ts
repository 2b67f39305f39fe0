import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { accessActor, recordAccess } from '@server/modules/access-record';
import { perMinute } from '../../lib/rate-limit';
import { boardMenuAnswer, guestBoard, guestList, guestView } from './guest-reads';
import { markPrivate, sendAnswer } from './http-cache';
import * as service from './service';
import * as write from './write';
import { route } from '../../route';


/**
 * Guests (no Authorization header) read from the cache with ETag/304 (guest-reads.ts,
 * http-cache.ts); signed-in callers read the database and get private, uncached answers.
 * Every write invalidates its board's cached answers, here and on other instances (caching.ts).
 */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);
  const { cache } = app.deps.boardCaching;
  const afterWrite = app.deps.boardCaching.afterWrite;

  route(
    app,
    endpoints.board.menu,
    { docs: { tags: ['board'], summary: '모든 게시판 (메뉴용: 코드, 영역, 이름, 목록 형식, 순서)' } },
    async (request, reply) => sendAnswer(request, reply, cache, await boardMenuAnswer(app.deps)),
  );

  route(
    app,
    endpoints.board.get,
    { docs: { tags: ['board'], summary: '게시판 설정과 호출자의 권한' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestBoard(app.deps, caller, request.params.boardCode));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.getBoard(app.deps.db, caller, request.params.boardCode) };
    },
  );

  route(
    app,
    endpoints.boardItem.list,
    { docs: { tags: ['board'], summary: '게시글 목록' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestList(app.deps, caller, request.query));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.query) };
    },
  );

  route(
    app,
    endpoints.boardItem.search,
    { docs: { tags: ['board'], summary: '게시글 검색 (목록과 같은 조건을 본문으로)' } },
    async (request, reply) => {
      const caller = await getCaller(request);
      if (caller.userId === null) return sendAnswer(request, reply, cache, await guestList(app.deps, caller, request.body));
      markPrivate(reply);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.body) };
    },
  );

  route(
    app,
    endpoints.boardItem.view,
    { docs: { tags: ['board'], summary: '게시글 보기 (방문자마다 하루 한 번 조회수 증가)' } },
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

  route(
    app,
    endpoints.boardItem.create,
    {
      config: writeLimit,
      docs: {
        tags: ['board'],
        summary: '게시글 작성',
        description:
          '본문(content)은 HTML로, 서버가 허용 목록으로 정리합니다. 문의 게시판(contactus)은 name, email, phone, agree가 필요하고, ' +
          '비회원은 useCapcha가 켜져 있으면 captcha도 필요합니다. files는 올린 파일의 id입니다.',
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => write.createItem(app.deps, caller, request.params.boardCode, request.body));
      return { code: 'SUCCESS' as const, data };
    },
  );

  route(
    app,
    endpoints.boardItem.update,
    { config: writeLimit, docs: { tags: ['board'], summary: '게시글 수정 (보낸 항목만), 문의 답변 (answer, 관리 권한)' } },
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

  route(
    app,
    endpoints.boardItem.remove,
    { config: writeLimit, docs: { tags: ['board'], summary: '게시글 삭제 (댓글도 함께)' } },
    async (request) => {
      const caller = await getCaller(request);
      const data = await afterWrite(request.params.boardCode, () => write.deleteItem(app.deps, caller, request.params));
      return { code: 'SUCCESS' as const, data };
    },
  );
};
