import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeMemberRoleRequest, errorEnvelope, memberDetail, memberRoleOptions, memberExportRequest, memberIdParams, memberListQuery, memberPage,
  retireMemberRequest, revealMemberRequest, successEnvelope,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import type { Caller } from '../../auth/caller';
import { sendWorkbook } from '../../lib/xlsx';
import { accessActor } from '@server/modules/access-record';
import { exportMembers } from './export';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const tags = ['admin-member'];
const detailAnswer = { 200: successEnvelope(memberDetail), ...errors };

/** The caller and, for the access record, who they are and where they called from. */
async function who(request: FastifyRequest): Promise<{ caller: Caller; actor: () => ReturnType<typeof accessActor> }> {
  const caller = await getCaller(request);
  // Only called after requireAdmin has made sure the caller is signed in.
  return { caller, actor: () => accessActor(request, caller as Caller & { userId: number }) };
}

/** Members in the console (issue 9): every call needs ADMIN_Access and writes an access record. */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: '회원 목록 (관리자; 이메일·휴대폰은 가려서, 최근 가입 순)',
        description: 'keyword는 이름·아이디의 앞부분, 또는 이메일·휴대폰 번호 전체와 맞춰 봅니다. joinedFrom/joinedTo는 가입일(한국 날짜, 포함).',
        querystring: memberListQuery,
        response: { 200: successEnvelope(memberPage), ...errors },
      },
    },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.listMembers(deps, caller, actor, request.query) };
    },
  );

  app.get(
    '/api/admin/users/role-options',
    { schema: { tags, summary: '회원에게 줄 수 있는 권한 목록 (관리자)', response: { 200: successEnvelope(memberRoleOptions), ...errors } } },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.roleOptions(deps, await getCaller(request)) }),
  );

  app.post(
    '/api/admin/users/export-data',
    {
      schema: {
        tags,
        summary: '회원 목록 엑셀 내려받기 (관리자, 사유 필수, 기록됨; 이메일·휴대폰 제외)',
        body: memberExportRequest,
        response: errors,
      },
    },
    async (request, reply) => {
      const { caller, actor } = await who(request);
      const out = await exportMembers(deps, caller, actor, request.body);
      return sendWorkbook(reply, out);
    },
  );

  app.get(
    '/api/admin/users/:id',
    { schema: { tags, summary: '회원 상세 (개인정보는 가려서)', params: memberIdParams, response: detailAnswer } },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.viewMember(deps, caller, actor, request.params.id, null) };
    },
  );

  app.post(
    '/api/admin/users/:id/reveal',
    {
      schema: {
        tags,
        summary: '회원 개인정보 보기 (가리지 않은 이메일·휴대폰·프로필; 사유 선택, 기록됨)',
        params: memberIdParams,
        body: revealMemberRequest,
        response: detailAnswer,
      },
    },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.viewMember(deps, caller, actor, request.params.id, { reason: request.body.reason }) };
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: '회원 권한 변경 (관리자 권한이 생기거나 없어지면 ADMIN_GRANT/ADMIN_REVOKE도 기록)',
        params: memberIdParams,
        body: changeMemberRoleRequest,
        response: detailAnswer,
      },
    },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.changeRole(deps, caller, actor, request.params.id, request.body.roleCode) };
    },
  );

  const actions = [
    ['lock', '회원 잠금 (로그인 불가)', service.lockMember],
    ['unlock', '회원 잠금 해제', service.unlockMember],
    ['clear-lockout', '비밀번호 오류로 인한 로그인 잠금 해제', service.clearLockout],
    ['sign-out', '회원의 모든 로그인 종료', service.signOutMember],
  ] as const;
  for (const [path, summary, action] of actions) {
    app.post(
      `/api/admin/users/:id/${path}`,
      { schema: { tags, summary, params: memberIdParams, response: detailAnswer } },
      async (request) => {
        const { caller, actor } = await who(request);
        return { code: 'SUCCESS' as const, data: await action(deps, caller, actor, request.params.id) };
      },
    );
  }

  app.post(
    '/api/admin/users/:id/retire',
    {
      schema: {
        tags,
        summary: '회원 탈퇴 처리 (개인정보 삭제; 사유 필수)',
        params: memberIdParams,
        body: retireMemberRequest,
        response: detailAnswer,
      },
    },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.retireMember(deps, caller, actor, request.params.id, request.body.reason) };
    },
  );
};
