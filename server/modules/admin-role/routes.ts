import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import type { Caller } from '../../auth/caller';
import { getCaller } from '../../auth/request-caller';
import { accessActor } from '@server/modules/access-record';
import * as service from './service';
import { route } from '../../route';

const tags = ['admin-role'];

/** Roles and their permissions (issue 9): the system admin only. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Only used after requireSystemAdmin has made sure the caller is signed in.
  const actorOf = (request: Parameters<typeof accessActor>[0], caller: Caller) => () => accessActor(request, caller as Caller & { userId: number });

  route(
    app,
    endpoints.adminRole.list,
    { docs: { tags, summary: '권한 목록 (시스템 관리자; 권한 항목과 회원 수)' } },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.listRoles(deps, await getCaller(request)) }),
  );

  route(
    app,
    endpoints.adminRole.update,
    { docs: { tags, summary: '권한 수정 (이름, 권한 항목; ADMIN_Access가 생기거나 없어지면 기록)' } },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.patchRole(deps, caller, actorOf(request, caller), request.params.roleCode, request.body) };
    },
  );

  route(
    app,
    endpoints.adminRole.create,
    { docs: { tags, summary: '권한 만들기' } },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.createRole(deps, caller, actorOf(request, caller), request.body) };
    },
  );
};
