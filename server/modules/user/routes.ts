import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMessages, endpoints } from '@contract';
import { getCaller } from '../../auth/request-caller';
import { perMinute } from '../../lib/rate-limit';
import * as myPage from './my-page';
import * as recovery from './recovery';
import { signup } from './signup';
import { route } from '../../route';


export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.deps.config.rateLimits;

  route(
    app,
    endpoints.user.signup,
    {
      config: perMinute(limits.signin),
      docs: { tags: ['user'], summary: '회원가입', description: '이메일(휴대폰 로그인이면 휴대폰 번호도) 확인 토큰이 필요합니다. 새 회원은 MEMBER 역할입니다.' },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await signup(app.deps, request.body) }),
  );

  route(
    app,
    endpoints.user.findId,
    {
      config: perMinute(limits.find),
      docs: { tags: ['user'], summary: '아이디 찾기', description: 'FIND_ID 용도로 확인된 이메일 또는 휴대폰 토큰(한 번 사용). 아이디는 일부 가려서 보여주고, 전체 아이디는 그 토큰이 증명한 이메일 또는 휴대폰으로만 보냅니다(sentTo). 보내기는 인증번호처럼 1분에 한 번, 10분에 다섯 번까지입니다.' },
    },
    async (request) => ({ code: 'SUCCESS' as const, data: await recovery.findIds(app.deps, request.body.userKeyToken) }),
  );

  route(
    app,
    endpoints.user.resetPasswordToken,
    {
      config: perMinute(limits.find),
      docs: { tags: ['user'], summary: '비밀번호 재설정 인증번호 요청', description: '회원의 이메일이면 인증번호를 보냅니다. 어느 주소든 같은 모양의 응답을 같은 시간에 돌려줍니다.' },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: { userToken: await recovery.requestPasswordReset(app.deps, request.body.email) },
    }),
  );

  route(
    app,
    endpoints.user.resetPassword,
    { config: perMinute(limits.find), docs: { tags: ['user'], summary: '비밀번호 재설정' } },
    async (request) => {
      await recovery.resetPassword(app.deps, request.body);
      return { code: 'SUCCESS' as const, message: accountMessages.resetPasswordOk, data: {} };
    },
  );

  route(
    app,
    endpoints.user.retire,
    { config: perMinute(limits.signin), docs: { tags: ['user'], summary: '회원 탈퇴 (본인)' } },
    async (request) => {
      await myPage.retire(app.deps, await getCaller(request), request.body);
      return { code: 'SUCCESS' as const, message: accountMessages.retired, data: {} };
    },
  );

  route(
    app,
    endpoints.user.get,
    { docs: { tags: ['user'], summary: '회원 정보 (본인 또는 관리자)' } },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.getUser(app.deps, await getCaller(request), request.params.id, request.ip),
    }),
  );

  route(
    app,
    endpoints.user.update,
    { docs: { tags: ['user'], summary: '회원 정보 수정 (이름, 추가 항목)' } },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.updateUser(app.deps, await getCaller(request), request.params.id, request.body, request.ip),
    }),
  );

  route(
    app,
    endpoints.user.changePassword,
    {
      config: perMinute(limits.signin),
      docs: {
        tags: ['user'],
        summary: '비밀번호 변경',
        description: 'currentPassword는 요청한 사람의 비밀번호입니다(관리자가 다른 회원의 비밀번호를 바꿀 때는 관리자 비밀번호). 그 회원의 모든 로그인이 끝납니다.',
      },
    },
    async (request) => {
      await myPage.changePassword(app.deps, await getCaller(request), request.params.id, request.body, request.ip);
      return { code: 'SUCCESS' as const, data: {} };
    },
  );

  route(
    app,
    endpoints.user.changeUserKey,
    {
      config: perMinute(limits.pincode),
      docs: { tags: ['user'], summary: '이메일 또는 휴대폰 번호 변경', description: 'CHANGE_KEY 용도로 확인된 새 주소의 토큰이 필요합니다.' },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: await myPage.changeUserKey(app.deps, await getCaller(request), request.params.id, request.body, request.ip),
    }),
  );
};
