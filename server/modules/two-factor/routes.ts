import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope, memberIdParams, successEnvelope, twoFactorChangeRequest, twoFactorConfirmRequest, twoFactorEnrolment, twoFactorMessages, twoFactorPasswordRequest,
  twoFactorRecoveryCodes, twoFactorStatus,
} from '@contract';
import { requireAdmin, requireAdminOrEnrolling, requireSystemAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import * as service from './service';

const tags = ['admin'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };
const security = [{ bearer: [] }];

/**
 * Administrators' two-factor sign-in (issue 12): their own status, enrolment with a QR code,
 * recovery codes, turning it off; and a system administrator's reset of another account's.
 * The paths are under /api/admin, so the console's guard runs first (server/auth/admin.ts); the
 * first three also let in an administrator who must enrol before the console opens.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Codes and passwords are guessed here otherwise: the same budget as sign-in.
  const limited = perMinute(deps.config.rateLimits.signin);

  app.get(
    '/api/admin/two-factor',
    { schema: { tags, summary: '내 2단계 인증 상태', security, response: { 200: successEnvelope(twoFactorStatus), ...errors } } },
    async (request) => {
      const caller = await getCaller(request);
      requireAdminOrEnrolling(caller);
      return { code: 'SUCCESS' as const, data: await service.status(deps, caller) };
    },
  );

  app.post(
    '/api/admin/two-factor/enrolment',
    {
      config: limited,
      schema: {
        tags,
        summary: '2단계 인증 등록 시작 (비밀번호 확인 후 새 비밀 키와 QR 코드)',
        security,
        body: twoFactorPasswordRequest,
        response: { 200: successEnvelope(twoFactorEnrolment), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdminOrEnrolling(caller);
      return { code: 'SUCCESS' as const, data: await service.startEnrolment(deps, caller, request.body.password) };
    },
  );

  app.post(
    '/api/admin/two-factor/confirmation',
    {
      config: limited,
      schema: {
        tags,
        summary: '2단계 인증 등록 완료 (인증 앱의 첫 코드 확인, 복구 코드 10개 발급, 이 로그인 말고는 모두 로그아웃)',
        security,
        body: twoFactorConfirmRequest,
        response: { 200: successEnvelope(twoFactorRecoveryCodes), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdminOrEnrolling(caller);
      const recoveryCodes = await service.confirmEnrolment(deps, caller, request.body.code);
      return { code: 'SUCCESS' as const, message: twoFactorMessages.enabled, data: { recoveryCodes } };
    },
  );

  app.post(
    '/api/admin/two-factor/recovery-codes',
    {
      config: limited,
      schema: {
        tags,
        summary: '복구 코드 새로 만들기 (비밀번호와 현재 인증 코드 또는 복구 코드 확인; 이전 코드는 모두 무효)',
        security,
        body: twoFactorChangeRequest,
        response: { 200: successEnvelope(twoFactorRecoveryCodes), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      const recoveryCodes = await service.renewRecoveryCodes(deps, caller, request.body);
      return { code: 'SUCCESS' as const, message: twoFactorMessages.recoveryCodesRenewed, data: { recoveryCodes } };
    },
  );

  app.post(
    '/api/admin/two-factor/disable',
    {
      config: limited,
      schema: {
        tags,
        summary: '2단계 인증 해제 (비밀번호와 현재 인증 코드 또는 복구 코드 확인; 필수 설정이 켜져 있으면 거절)',
        security,
        body: twoFactorChangeRequest,
        response: { 200: successEnvelope(z.object({})), ...errors },
      },
    },
    async (request) => {
      const caller = await getCaller(request);
      requireAdmin(caller);
      await service.disable(deps, caller, request.body);
      return { code: 'SUCCESS' as const, message: twoFactorMessages.disabled, data: {} };
    },
  );

  app.post(
    '/api/admin/users/:id/two-factor-reset',
    {
      schema: {
        tags,
        summary: '회원의 2단계 인증 초기화 (시스템 관리자; 그 계정의 로그인은 모두 끝남)',
        security,
        params: memberIdParams,
        response: { 200: successEnvelope(z.object({})), ...errors },
      },
    },
    async (request) => {
      requireSystemAdmin(await getCaller(request));
      await service.resetFor(deps, request.params.id);
      return { code: 'SUCCESS' as const, message: twoFactorMessages.resetDone, data: {} };
    },
  );
};
