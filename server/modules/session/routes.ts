import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { errorEnvelope, refreshRequest, signinRequest, successEnvelope, tokenPair, type TokenPair } from '@contract';
import { clearFileCookie, setFileCookie } from '../../auth/file-cookie';
import { perMinute } from '../../lib/rate-limit';
import { ADMIN_IDLE_HEADER, adminIdleHeaderValue } from '../../auth/admin-idle';
import { isAdmin } from '../../auth/caller';
import * as service from './service';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.deps.config.rateLimits;
  const secure = app.deps.config.https;
  /** Every new token pair comes with a new file cookie of the same sign-in (server/auth/file-cookie.ts). */
  const withFileCookie = async (reply: FastifyReply, { sessionId, ...pair }: service.IssuedTokens) => {
    await setFileCookie(reply, app.deps.keys, { userId: pair.user.id, sessionId }, app.deps.clock.now(), secure);
    const idle = adminIdleHeaderValue(app.deps.config.adminIdleMs);
    const { user } = pair;
    if (idle && isAdmin({ userId: user.id, userType: user.userType, permissions: user.role.permissions })) reply.header(ADMIN_IDLE_HEADER, idle);
    return { code: 'SUCCESS' as const, data: pair satisfies TokenPair };
  };

  app.post(
    '/api/user/signin',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '로그인',
        description:
          '실패 코드: INVALID_CREDENTIAL(비밀번호 불일치), NOT_FOUND(회원 없음), NOT_ACCEPTABLE(잠김·탈퇴·차단). 비밀번호를 연속 5회 틀리면 10분 동안 잠깁니다.',
        body: signinRequest,
        response: { 200: successEnvelope(tokenPair), ...errors },
      },
    },
    async (request, reply) => withFileCookie(reply, await service.signin(app.deps, request.body, request.ip)),
  );

  app.post(
    '/api/user/signin-by-refresh-token',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '토큰 갱신 (갱신 토큰은 한 번만 쓰이고 새로 발급됩니다)',
        body: refreshRequest,
        response: { 200: successEnvelope(tokenPair), ...errors },
      },
    },
    async (request, reply) => withFileCookie(reply, await service.refresh(app.deps, request.body.refreshToken)),
  );

  app.post(
    '/api/user/signout',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '로그아웃 (이 로그인의 갱신 토큰을 모두 폐기)',
        body: refreshRequest,
        response: { 200: successEnvelope(z.object({})), ...errors },
      },
    },
    async (request, reply) => {
      clearFileCookie(reply, secure);
      await service.signout(app.deps, request.body.refreshToken);
      return { code: 'SUCCESS' as const, data: {} };
    },
  );
};
