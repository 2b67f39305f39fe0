import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  board, boardItem, boardItemListQuery, boardItemPage, boardItemParams, errorEnvelope, successEnvelope,
} from '../../../contract';
import { getCaller } from '../../app';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const caller = await getCaller(request);
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
    async (request) => {
      const caller = await getCaller(request);
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
    async (request) => {
      const caller = await getCaller(request);
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
    async (request) => {
      const caller = await getCaller(request);
      const visitor = service.visitorKey(caller, request.ip, request.headers['user-agent']);
      return { code: 'SUCCESS' as const, data: await service.readBoardItem(app.deps.db, caller, request.params, visitor) };
    },
  );
};
