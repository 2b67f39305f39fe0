import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, visitStatsMessages } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { badRequest } from '../../errors';
import { perMinute } from '../../lib/rate-limit';
import { sendWorkbook } from '../../lib/xlsx';
import { route } from '../../route';
import { isScreenPath } from '@contract/visit-screens';
import { exportVisits, requireStatsViewer, visitSeries, visitTop } from './service';

const tags = ['visit'];

/**
 * Navigations a minute from one address (an IPv6 /64): ten a second, since many readers may share
 * one address (a hospital's network) and a refused beacon only goes uncounted. A limit of its own,
 * not RATE_LIMIT_WRITE: every reader sends these, and none of them writes anything a reader sees.
 */
export const BEACONS_PER_MINUTE = 600;

/**
 * Visitor statistics (issue 23): the beacon the web app sends on each in-app navigation (page loads
 * are counted by server/web.ts) and the console's figures (STATS_View).
 */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // navigator.sendBeacon sends a string as text/plain: in this plugin only, text/plain is read as
  // JSON (a small body; the schema then validates it as any JSON body).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest(), undefined);
    }
  });

  route(
    app,
    endpoints.visit.record,
    {
      config: perMinute(BEACONS_PER_MINUTE),
      bodyLimit: 4096,
      docs: {
        tags,
        summary: '화면 이동 집계 (navigator.sendBeacon, text/plain 또는 application/json)',
        description: '웹 앱 안에서 화면을 옮길 때마다 보냅니다. 첫 화면은 서버가 HTML을 보낼 때 셉니다. 주소와 쿠키는 남기지 않습니다.',
      },
    },
    async (request, reply) => {
      const { path, referrer } = request.body;
      if (!isScreenPath(path)) throw badRequest(visitStatsMessages.notAScreen, { field: 'path' });
      deps.visits.record({
        at: deps.clock.now(),
        address: request.ip,
        userAgent: request.headers['user-agent'],
        path,
        referrer,
        host: request.host,
      });
      return reply.status(204).send(null);
    },
  );

  route(app, endpoints.visitStats.series, { docs: { tags, summary: '방문 통계: 일별·시간대별 페이지뷰와 방문자 (이전 기간과 비교)' } }, async (request) => {
    requireStatsViewer(await getCaller(request));
    return { code: 'SUCCESS' as const, data: await visitSeries(deps, request.query) };
  });

  route(
    app,
    endpoints.visitStats.top,
    { docs: { tags, summary: '방문 통계: 많이 본 화면·게시글, 유입 경로, 기기, 브라우저 (이전 기간과 비교)' } },
    async (request) => {
      requireStatsViewer(await getCaller(request));
      return { code: 'SUCCESS' as const, data: await visitTop(deps, request.query) };
    },
  );

  route(app, endpoints.visitStats.exportData, { docs: { tags, summary: '방문 통계 엑셀 내려받기 (집계 수치만, 개인정보 없음)' } }, async (request, reply) => {
    requireStatsViewer(await getCaller(request));
    return sendWorkbook(reply, await exportVisits(deps, request.query));
  });
};
