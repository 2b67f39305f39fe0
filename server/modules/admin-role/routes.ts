import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRoleRequest, errorEnvelope, patchRoleRequest, roleCodeParams, roleList, roleView, successEnvelope } from '@contract';
import type { Caller } from '../../auth/caller';
import { getCaller } from '../../auth/request-caller';
import { accessActor } from '@server/modules/access-record';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const tags = ['admin-role'];

/** Roles and their permissions (issue 9): the system admin only. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Only used after requireSystemAdmin has made sure the caller is signed in.
  const actorOf = (request: Parameters<typeof accessActor>[0], caller: Caller) => () => accessActor(request, caller as Caller & { userId: number });

  app.get(
    '/api/admin/roles',
    { schema: { tags, summary: '권한 목록 (시스템 관리자; 권한 항목과 회원 수)', response: { 200: successEnvelope(roleList), ...errors } } },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.listRoles(deps, await getCaller(request)) }),
  );

  app.patch(
    '/api/admin/roles/:roleCode',
    {
      schema: {
        tags,
        summary: '권한 수정 (이름, 권한 항목; ADMIN_Access가 생기거나 없어지면 기록)',
        params: roleCodeParams,
        body: patchRoleRequest,
        response: { 200: successEnvelope(roleView), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.patchRole(deps, caller, actorOf(request, caller), request.params.roleCode, request.body) };
    },
  );

  app.put(
    '/api/admin/roles',
    {
      schema: {
        tags,
        summary: '권한 만들기',
        body: createRoleRequest,
        response: { 200: successEnvelope(roleView), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      return { code: 'SUCCESS' as const, data: await service.createRole(deps, caller, actorOf(request, caller), request.body) };
    },
  );
};
