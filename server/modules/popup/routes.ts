import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, popupMessages as m } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { ApiError } from '../../errors';
import { perMinute } from '../../lib/rate-limit';
import { route } from '../../route';
import { activePopupsAnswer, POPUP_CACHE } from './active';
import * as service from './service';

const tags = ['popup'];

/**
 * Pop-up notices (issue 22): the visitors' read, the same for everyone and cached (active.ts), and
 * the console's list and changes (CONTENT_Manage, enforced from the entries' rules; every change an
 * access record). Every change drops the cached answers here and, by NOTIFY, on every instance.
 */
export const popupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const writeLimit = perMinute(deps.config.rateLimits.write);

  /** Runs a change, then drops the cached answers everywhere (also after an unexpected failure, which may have committed). */
  async function afterChange<T>(change: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await change();
    } catch (err) {
      if (!(err instanceof ApiError)) await deps.boardCaching.changed([POPUP_CACHE]);
      throw err;
    }
    await deps.boardCaching.changed([POPUP_CACHE]);
    return result;
  }

  route(app, endpoints.popup.active, {
    docs: {
      tags,
      summary: '게시 중인 팝업 (screen=home: 첫 화면의 팝업과 모든 화면의 팝업, screen=all: 모든 화면의 팝업만)',
      description: '시작 일시부터 종료 일시 전까지 게시됩니다. 시작·종료 시각이 지나면 저장 없이도 바로 바뀝니다.',
    },
    guestCache: { everyone: (request) => activePopupsAnswer(deps, request.query.screen) },
  });

  route(app, endpoints.adminPopup.list, { docs: { tags, summary: '팝업 목록 (콘텐츠 관리 권한, 종료된 팝업 포함)' } }, async (request) => {
    service.contentManager(await getCaller(request), request.ip);
    return { code: 'SUCCESS' as const, data: await service.list(deps) };
  });

  route(
    app,
    endpoints.adminPopup.create,
    {
      config: writeLimit,
      docs: {
        tags,
        summary: '팝업 등록 (콘텐츠 관리 권한)',
        description: 'body는 게시글과 같은 허용 목록으로 정리됩니다. imageFileId는 PUT /api/board-item/images로 올린 이미지의 id입니다.',
      },
    },
    async (request) => {
      const actor = service.contentManager(await getCaller(request), request.ip);
      const data = await afterChange(() => service.create(deps, actor, request.body));
      return { code: 'SUCCESS' as const, message: m.created, data };
    },
  );

  route(app, endpoints.adminPopup.update, { config: writeLimit, docs: { tags, summary: '팝업 수정 (콘텐츠 관리 권한): 보낸 항목만 바뀝니다' } }, async (request) => {
    const actor = service.contentManager(await getCaller(request), request.ip);
    const data = await afterChange(() => service.update(deps, actor, request.params.id, request.body));
    return { code: 'SUCCESS' as const, message: m.updated, data };
  });

  route(app, endpoints.adminPopup.remove, { config: writeLimit, docs: { tags, summary: '팝업 삭제 (콘텐츠 관리 권한)' } }, async (request) => {
    const actor = service.contentManager(await getCaller(request), request.ip);
    await afterChange(() => service.remove(deps, actor, request.params.id));
    return { code: 'SUCCESS' as const, message: m.deleted, data: { id: request.params.id } };
  });
};
