import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, searchMessages as m } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import { route } from '../../route';
import { RecentKeys } from '../../lib/recent-keys';
import * as service from './service';

const tags = ['search'];

/**
 * The site-wide search (issue 23, docs/decisions/0035-site-search.md): results from the boards
 * the caller may read, the content pages and the FAQ; the popular terms of the last 7 days; and
 * the console's list of them, where staff with CONTENT_Manage hide a term.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The searches this process has already counted today: the same visitor asking the same again
  // (reloading, going back) costs no write; the table's key still counts each once across
  // instances and restarts.
  const counted = new RecentKeys(10_000);

  route(
    app,
    endpoints.search.query,
    {
      // A question not asked before reads every board searched (kept answers cost nothing): a
      // scraper asking thousands must not take the database from readers.
      config: perMinute(deps.config.rateLimits.search),
      docs: {
        tags,
        summary: '통합검색: 읽을 수 있는 게시판의 글(제목·내용·작성자·첨부파일 이름), 콘텐츠 페이지, FAQ',
        description: 'group 없이: 그룹마다 건수와 처음 3건. group과 함께: 그 그룹의 한 페이지. 건수는 1,000건까지 정확하고 넘으면 capped입니다.',
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      const data = await service.search(deps, caller, request.query);
      // Counting toward the popular terms must never fail a search.
      await service.recordSearch(deps, counted, request.query, request.ip, request.headers['user-agent']).catch((err: unknown) => {
        request.log.warn({ err }, 'search term not counted');
      });
      return { code: 'SUCCESS' as const, data };
    },
  );

  route(app, endpoints.search.popular, { docs: { tags, summary: '인기 검색어: 최근 7일 동안 많은 방문자가 찾은 검색어 (숨긴 검색어 제외)' } }, async () => {
    return { code: 'SUCCESS' as const, data: await service.popular(deps) };
  });

  route(app, endpoints.adminSearch.popular, { docs: { tags, summary: '인기 검색어 관리 목록 (콘텐츠 관리 권한): 최근 7일, 숨긴 검색어 포함' } }, async (request) => {
    service.contentManager(await getCaller(request));
    return { code: 'SUCCESS' as const, data: await service.consoleList(deps) };
  });

  route(
    app,
    endpoints.adminSearch.hide,
    { config: perMinute(deps.config.rateLimits.write), docs: { tags, summary: '인기 검색어 숨기기·다시 보이기 (콘텐츠 관리 권한)' } },
    async (request) => {
      const staff = service.contentManager(await getCaller(request));
      const data = await service.setHidden(deps, staff, request.body.term, request.body.hidden);
      return { code: 'SUCCESS' as const, message: request.body.hidden ? m.hidden : m.shown, data };
    },
  );
};
