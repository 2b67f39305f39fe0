import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import type { Caller } from '../../auth/caller';
import { sendWorkbook } from '../../lib/xlsx';
import { accessActor } from '@server/modules/access-record';
import { exportMembers } from './export';
import * as service from './service';
import { route } from '../../route';

const tags = ['admin-member'];

/** The caller and, for the access record, who they are and where they called from. */
async function who(request: FastifyRequest): Promise<{ caller: Caller; actor: () => ReturnType<typeof accessActor> }> {
  const caller = await getCaller(request);
  // Only called after requireAdmin has made sure the caller is signed in.
  return { caller, actor: () => accessActor(request, caller as Caller & { userId: number }) };
}

/** Members in the console (issue 9): every call needs ADMIN_Access and writes an access record. */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  route(
    app,
    endpoints.adminMember.list,
    {
      docs: {
        tags,
        summary: '회원 목록 (관리자; 이메일·휴대폰은 가려서, 최근 가입 순)',
        description: 'keyword는 이름·아이디의 앞부분, 또는 이메일·휴대폰 번호 전체와 맞춰 봅니다. joinedFrom/joinedTo는 가입일(한국 날짜, 포함).',
      },
    },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.listMembers(deps, caller, actor, request.query) };
    },
  );

  route(
    app,
    endpoints.adminMember.roleOptions,
    { docs: { tags, summary: '회원에게 줄 수 있는 권한 목록 (관리자)' } },
    async (request) => ({ code: 'SUCCESS' as const, data: await service.roleOptions(deps, await getCaller(request)) }),
  );

  route(
    app,
    endpoints.adminMember.exportData,
    { docs: { tags, summary: '회원 목록 엑셀 내려받기 (관리자, 사유 필수, 기록됨; 이메일·휴대폰 제외)' } },
    async (request, reply) => {
      const { caller, actor } = await who(request);
      const out = await exportMembers(deps, caller, actor, request.body);
      return sendWorkbook(reply, out);
    },
  );

  route(
    app,
    endpoints.adminMember.get,
    { docs: { tags, summary: '회원 상세 (개인정보는 가려서)' } },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.viewMember(deps, caller, actor, request.params.id, null) };
    },
  );

  route(
    app,
    endpoints.adminMember.reveal,
    { docs: { tags, summary: '회원 개인정보 보기 (가리지 않은 이메일·휴대폰·프로필; 사유 선택, 기록됨)' } },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.viewMember(deps, caller, actor, request.params.id, { reason: request.body.reason }) };
    },
  );

  route(
    app,
    endpoints.adminMember.changeRole,
    { docs: { tags, summary: '회원 권한 변경 (관리자 권한이 생기거나 없어지면 ADMIN_GRANT/ADMIN_REVOKE도 기록)' } },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.changeRole(deps, caller, actor, request.params.id, request.body.roleCode) };
    },
  );

  const actions = [
    [endpoints.adminMember.lock, '회원 잠금 (로그인 불가)', service.lockMember],
    [endpoints.adminMember.unlock, '회원 잠금 해제', service.unlockMember],
    [endpoints.adminMember.clearLockout, '비밀번호 오류로 인한 로그인 잠금 해제', service.clearLockout],
    [endpoints.adminMember.signOut, '회원의 모든 로그인 종료', service.signOutMember],
  ] as const;
  for (const [entry, summary, action] of actions) {
    route(
      app,
      entry,
      { docs: { tags, summary } },
      async (request) => {
        const { caller, actor } = await who(request);
        return { code: 'SUCCESS' as const, data: await action(deps, caller, actor, request.params.id) };
      },
    );
  }

  route(
    app,
    endpoints.adminMember.retire,
    { docs: { tags, summary: '회원 탈퇴 처리 (개인정보 삭제; 사유 필수)' } },
    async (request) => {
      const { caller, actor } = await who(request);
      return { code: 'SUCCESS' as const, data: await service.retireMember(deps, caller, actor, request.params.id, request.body.reason) };
    },
  );
};
