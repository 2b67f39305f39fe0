import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBoard, adminBoardCreate, adminBoardList, adminBoardMessages, adminBoardParams, adminBoardPatch, errorEnvelope, successEnvelope,
} from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { ApiError } from '../../errors';
import { BOARD_MENU_CACHE } from '@server/modules/board';
import * as service from './service';
import { PRIVATE_NO_STORE } from '../../private-answers';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const security = [{ bearer: [] }];

/**
 * The console's boards (issue 9, ADMIN_Access). Board settings are not personal data, so nothing
 * goes to the access records; every change invalidates the board's cached answers and the menu,
 * here and on every instance, so a new board is in its area's menu and routes at once.
 */
export const adminBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { boardCaching } = app.deps;

  /** Runs a change, then invalidates its board and the menu (also after an unexpected failure). */
  async function changing<T extends { boardCode: string }>(boardCode: string, change: () => Promise<T>): Promise<T> {
    try {
      const result = await change();
      await boardCaching.changed([result.boardCode, BOARD_MENU_CACHE]);
      return result;
    } catch (err) {
      if (!(err instanceof ApiError)) await boardCaching.changed([boardCode, BOARD_MENU_CACHE]);
      throw err;
    }
  }

  app.get(
    '/api/admin/boards',
    { schema: { tags: ['admin'], summary: '게시판 목록 (관리자)', security, response: { 200: successEnvelope(adminBoardList), ...errors } } },
    async (request, reply) => {
      requireAdmin(await getCaller(request));
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.listBoards(app.deps.db) };
    },
  );

  app.get(
    '/api/admin/boards/:boardCode',
    {
      schema: {
        tags: ['admin'],
        summary: '게시판 설정 (관리자)',
        security,
        params: adminBoardParams,
        response: { 200: successEnvelope(adminBoard), ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(await getCaller(request));
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: await service.getBoard(app.deps.db, request.params.boardCode) };
    },
  );

  app.put(
    '/api/admin/boards',
    {
      schema: {
        tags: ['admin'],
        summary: '게시판 만들기 (관리자)',
        description: '같은 코드(대소문자 무시)의 게시판이 있으면 409입니다. permissions는 동작마다 허용할 권한 코드입니다.',
        security,
        body: adminBoardCreate,
        response: { 200: successEnvelope(adminBoard), 409: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      requireAdmin(await getCaller(request));
      const data = await changing(request.body.boardCode, () => service.createBoard(app.deps.db, request.body, app.deps.clock.now()));
      return { code: 'SUCCESS' as const, message: adminBoardMessages.created, data };
    },
  );

  app.patch(
    '/api/admin/boards/:boardCode',
    {
      schema: {
        tags: ['admin'],
        summary: '게시판 설정 변경 (관리자, 보낸 항목만)',
        security,
        params: adminBoardParams,
        body: adminBoardPatch,
        response: { 200: successEnvelope(adminBoard), ...errors },
      },
    },
    async (request) => {
      requireAdmin(await getCaller(request));
      const data = await changing(request.params.boardCode, () => service.updateBoard(app.deps.db, request.params.boardCode, request.body));
      return { code: 'SUCCESS' as const, message: adminBoardMessages.saved, data };
    },
  );
};
