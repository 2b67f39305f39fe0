import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { accessActor, recordAccess } from '@server/modules/access-record';
import { perMinute } from '../../lib/rate-limit';
import { boardMenuAnswer, guestBoard, guestList, guestView } from './guest-reads';
import * as service from './service';
import * as write from './write';
import { route } from '../../route';


/**
 * The read routes declare their guest reads (guest-reads.ts) with route()'s `guestCache` option:
 * server/guest-answers.ts answers a guest (no bearer token) from the cache with ETag/304, and
 * hands anyone signed in to the handler here, with a private, uncached answer; the board menu is
 * the same for everyone and comes from the cache for all. Every write invalidates its board's
 * cached answers, here and on other instances (caching.ts).
 */
/**
 * What board's routes use of modules that import board (server/app.ts hands them over): the
 * comment module's removal of a deleted post's comments, the user module's member names.
 */
export interface BoardRouteOptions {
  removeCommentsOfPost: write.RemoveCommentsOfPost;
  memberName: write.MemberName;
}

export const boardRoutes: FastifyPluginAsyncZod<BoardRouteOptions> = async (app, { removeCommentsOfPost, memberName }) => {
  const writeLimit = perMinute(app.deps.config.rateLimits.write);
  const afterWrite = app.deps.boardCaching.afterWrite;

  route(app, endpoints.board.menu, {
    docs: { tags: ['board'], summary: '모든 게시판 (메뉴용: 코드, 영역, 이름, 목록 형식, 순서)' },
    guestCache: { everyone: () => boardMenuAnswer(app.deps) },
  });

  route(
    app,
    endpoints.board.get,
    {
      docs: { tags: ['board'], summary: '게시판 설정과 호출자의 권한' },
      guestCache: { guests: (request, guest) => guestBoard(app.deps, guest, request.params.boardCode) },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.getBoard(app.deps.db, caller, request.params.boardCode) };
    },
  );

  route(
    app,
    endpoints.boardItem.list,
    {
      docs: { tags: ['board'], summary: '게시글 목록' },
      guestCache: { guests: (request, guest) => guestList(app.deps, guest, request.query) },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.query) };
    },
  );

  // A POST (its entry is noStore), whose guests still read the list's cached answers.
  route(
    app,
    endpoints.boardItem.search,
    {
      docs: { tags: ['board'], summary: '게시글 검색 (목록과 같은 조건을 본문으로)' },
      guestCache: { guests: (request, guest) => guestList(app.deps, guest, request.body) },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.listBoardItems(app.deps.db, caller, request.body) };
    },
  );

  route(
    app,
    endpoints.boardItem.view,
    {
      docs: { tags: ['board'], summary: '게시글 보기 (방문자마다 하루 한 번 조회수 증가)' },
      guestCache: {
        guests: (request, guest) =>
          guestView(app.deps, guest, request.params, () =>
            service.visitorKey(app.deps.visitorKeys, guest, request.ip, request.headers['user-agent'], app.deps.clock.now()),
          ),
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const visitor = () => service.visitorKey(app.deps.visitorKeys, caller, request.ip, request.headers['user-agent'], app.deps.clock.now());
      const deps = { db: app.deps.db, views: app.deps.boardCaching.views };
      const { post, staffReadContact } = await service.readBoardItem(deps, caller, request.params, visitor, app.deps.clock.now());
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
      const data = await afterWrite(request.params.boardCode, () => write.createItem(app.deps, caller, request.params.boardCode, request.body, memberName));
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
      const data = await afterWrite(request.params.boardCode, () => write.deleteItem(app.deps, caller, request.params, removeCommentsOfPost));
      return { code: 'SUCCESS' as const, data };
    },
  );
};
