import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages, changePasswordRequest, changeUserKeyRequest, errorEnvelope, findIdRequest, findIdResponse,
  patchUserRequest, resetPasswordRequest, resetPasswordTokenRequest, resetPasswordTokenResponse, retireRequest,
  signupRequest, signupResponse, successEnvelope, userDetail, userIdParams,
} from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import * as myPage from './my-page';
import * as recovery from './recovery';
import { signup } from './signup';

const errors = {
  400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope,
};
const done = successEnvelope(z.object({}));

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.deps.config.rateLimits;

  app.post(
    '/api/user/signup',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '회원가입',
        description: '이메일(휴대폰 로그인이면 휴대폰 번호도) 확인 토큰이 필요합니다. 새 회원은 MEMBER 역할입니다.',
        body: signupRequest,
        response: { 200: successEnvelope(signupResponse), ...errors },
      },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await signup(app.deps, request.body) }),
  );

  app.post(
    '/api/user/find-id',
    {
      config: perMinute(limits.find),
      schema: {
        tags: ['user'],
        summary: '아이디 찾기',
        description: 'FIND_ID 용도로 확인된 이메일 또는 휴대폰 토큰(한 번 사용). 아이디는 일부 가려서 보여줍니다.',
        // An empty token gets the account sentence, not a schema error.
        body: findIdRequest.extend({ userKeyToken: z.string().max(200) }),
        response: { 200: successEnvelope(findIdResponse), ...errors },
      },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await recovery.findIds(app.deps, request.body.userKeyToken) }),
  );

  app.post(
    '/api/user/reset-password-token',
    {
      config: perMinute(limits.find),
      schema: {
        tags: ['user'],
        summary: '비밀번호 재설정 인증번호 요청',
        description: '회원의 이메일이면 인증번호를 보냅니다. 어느 주소든 같은 모양의 응답을 같은 시간에 돌려줍니다.',
        body: resetPasswordTokenRequest,
        response: { 200: successEnvelope(resetPasswordTokenResponse), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: { userToken: await recovery.requestPasswordReset(app.deps, request.body.email) },
    }),
  );

  app.post(
    '/api/user/reset-password',
    {
      config: perMinute(limits.find),
      schema: {
        tags: ['user'],
        summary: '비밀번호 재설정',
        body: resetPasswordRequest.extend({ userToken: z.string().max(200) }),
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await recovery.resetPassword(app.deps, request.body);
      return { code: 'SUCCESS' as const, message: accountMessages.resetPasswordOk, data: {} };
    },
  );

  app.post(
    '/api/user/retire',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '회원 탈퇴 (본인)',
        security: [{ bearer: [] }],
        body: retireRequest,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await myPage.retire(app.deps, await getCaller(request), request.body);
      return { code: 'SUCCESS' as const, message: accountMessages.retired, data: {} };
    },
  );

  app.get(
    '/api/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: '회원 정보 (본인 또는 관리자)',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: successEnvelope(userDetail), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.getUser(app.deps, await getCaller(request), request.params.id, request.ip),
    }),
  );

  app.patch(
    '/api/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: '회원 정보 수정 (이름, 추가 항목)',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: patchUserRequest,
        response: { 200: successEnvelope(userDetail), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.updateUser(app.deps, await getCaller(request), request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/api/user/change-password/:id',
    {
      config: perMinute(limits.signin),
      schema: {
        tags: ['user'],
        summary: '비밀번호 변경',
        description: 'currentPassword는 요청한 사람의 비밀번호입니다(관리자가 다른 회원의 비밀번호를 바꿀 때는 관리자 비밀번호). 그 회원의 모든 로그인이 끝납니다.',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: changePasswordRequest,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await myPage.changePassword(app.deps, await getCaller(request), request.params.id, request.body, request.ip);
      return { code: 'SUCCESS' as const, data: {} };
    },
  );

  app.post(
    '/api/user/change-user-key/:id',
    {
      config: perMinute(limits.pincode),
      schema: {
        tags: ['user'],
        summary: '이메일 또는 휴대폰 번호 변경',
        description: 'CHANGE_KEY 용도로 확인된 새 주소의 토큰이 필요합니다.',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: changeUserKeyRequest,
        response: { 200: successEnvelope(userDetail), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.changeUserKey(app.deps, await getCaller(request), request.params.id, request.body, request.ip),
    }),
  );
};
