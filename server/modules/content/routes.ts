import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentBodyMaxBytes, endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { accessActor } from '@server/modules/access-record';
import { perMinute } from '../../lib/rate-limit';
import { route } from '../../route';
import { guestContent, guestContentVersions } from './guest-reads';
import * as service from './service';

const tags = ['content'];
const adminTags = ['admin-content'];

/**
 * The content pages (issue 22). Guests read from the guest cache (guest-reads.ts); signed-in
 * callers from the database, where staff with CONTENT_Manage may also read drafts and future
 * versions (the console's preview). The console's calls are refused by their entries' rule
 * (CONTENT_Manage, server/auth/access.ts) before they get here.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const writeLimit = perMinute(deps.config.rateLimits.write);

  route(
    app,
    endpoints.content.get,
    {
      docs: { tags, summary: '콘텐츠 페이지 (현재 버전, 또는 ?version=N의 이전 버전)' },
      guestCache: { guests: (request) => guestContent(deps, request.params.code, request.query.version) },
    },
    async (request) => {
      const caller = await getCaller(request);
      const { code } = request.params;
      const { version } = request.query;
      const data = service.managesContent(caller) ? await service.managerContent(deps, code, version) : await service.publicContent(deps, code, version);
      return { code: 'SUCCESS' as const, data };
    },
  );

  route(
    app,
    endpoints.content.versions,
    {
      docs: { tags, summary: '콘텐츠 페이지의 게시된 버전과 시행 기간' },
      guestCache: { guests: (request) => guestContentVersions(deps, request.params.code) },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.publicVersions(deps, request.params.code) }),
  );

  route(app, endpoints.adminContent.list, { docs: { tags: adminTags, summary: '콘텐츠 페이지 목록 (현재, 최신, 예약 버전)' } }, async () => ({
    code: 'SUCCESS' as const,
    data: await service.adminList(deps),
  }));

  route(
    app,
    endpoints.adminContent.save,
    {
      docs: { tags: adminTags, summary: '콘텐츠 저장 (새 버전: 바로 게시, 임시 저장 또는 예약 게시)' },
      config: writeLimit,
      // A body up to contentBodyMaxBytes gets through to the service's own 413 and sentence.
      bodyLimit: contentBodyMaxBytes + 64 * 1024,
    },
    async (request) => {
      const caller = await getCaller(request);
      const actor = accessActor(request, caller as typeof caller & { userId: number });
      return { code: 'SUCCESS' as const, data: await service.saveContent(deps, actor, request.params.code, request.body) };
    },
  );

  route(app, endpoints.adminContent.versions, { docs: { tags: adminTags, summary: '콘텐츠 버전 이력 (임시 저장, 예약 포함)' } }, async (request) => ({
    code: 'SUCCESS' as const,
    data: await service.adminVersions(deps, request.params.code),
  }));

  route(app, endpoints.adminContent.version, { docs: { tags: adminTags, summary: '콘텐츠 한 버전 (미리 보기)' } }, async (request) => ({
    code: 'SUCCESS' as const,
    data: await service.adminVersion(deps, request.params.code, request.params.version),
  }));

  route(
    app,
    endpoints.adminContent.restore,
    { docs: { tags: adminTags, summary: '이전 버전 복원 (그 버전의 내용으로 새 버전을 바로 게시)' }, config: writeLimit },
    async (request) => {
      const caller = await getCaller(request);
      const actor = accessActor(request, caller as typeof caller & { userId: number });
      return {
        code: 'SUCCESS' as const,
        data: await service.restoreContent(deps, actor, request.params.code, request.params.version, request.body),
      };
    },
  );
};
