import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, menuMessages } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { accessActor } from '@server/modules/access-record';
import { route } from '../../route';
import { menuAnswer, saveMenu } from './service';

/**
 * The header menu (issue 22): read by everyone from the guest cache, saved from the console by
 * staff with CONTENT_Manage (the entry's rule, enforced before the body is read by
 * server/auth/access.ts).
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  route(app, endpoints.menu.get, {
    docs: {
      tags: ['menu'],
      summary: '헤더 메뉴 (숨긴 항목 포함, hidden으로 표시)',
      description: '게시판 링크의 path는 게시판의 영역에서 만들어지고, boardArea가 있는 메뉴에는 다른 항목에 놓이지 않은 그 영역의 게시판이 뒤에 붙습니다. revision은 저장할 때 보냅니다.',
    },
    guestCache: { everyone: () => menuAnswer(deps) },
  });

  route(
    app,
    endpoints.adminMenu.update,
    {
      docs: {
        tags: ['menu'],
        summary: '헤더 메뉴 저장 (CONTENT_Manage)',
        description: '메뉴 전체를 보냅니다. revision이 현재와 다르면(다른 관리자가 먼저 저장) 409입니다. 기존 항목은 id를 그대로 보내고, 새 항목의 id는 클라이언트가 정합니다.',
      },
      config: perMinute(deps.config.rateLimits.write),
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      const data = await saveMenu(deps, accessActor(request, caller), request.body);
      return { code: 'SUCCESS' as const, message: menuMessages.saved, data };
    },
  );
};
