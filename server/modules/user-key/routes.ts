import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMessages, endpoints } from '@contract';
import { perMinute } from '../../lib/rate-limit';
import { keyLabel } from './keys';
import * as service from './service';
import type { KeyInUse } from './service';
import { route } from '../../route';


/** `keyInUse` comes from the user module, through the composition root (server/app.ts). */
export const userKeyRoutes: FastifyPluginAsyncZod<{ keyInUse: KeyInUse }> = async (app, { keyInUse }) => {
  const limits = app.deps.config.rateLimits;

  route(
    app,
    endpoints.userKey.checkExists,
    { config: perMinute(limits.check), docs: { tags: ['user-key'], summary: '아이디·이메일·휴대폰 번호 사용 여부' } },
    async (request) => {
      const { userKeyType, userKeyCode } = request.body;
      const exists = await service.checkExists(app.deps, keyInUse, userKeyType, userKeyCode);
      const label = keyLabel(userKeyType);
      return {
        code: 'SUCCESS' as const,
        message: exists ? accountMessages.keyTaken(label) : accountMessages.keyFree(label),
        data: { exists },
      };
    },
  );

  route(
    app,
    endpoints.userKey.check,
    {
      config: perMinute(limits.pincode),
      docs: {
        tags: ['user-key'],
        summary: '인증번호 발송 (이메일 또는 문자)',
        description: '6자리 인증번호를 보내고 확인 전 토큰을 돌려줍니다. 5분 동안 유효, 같은 주소로 1분에 한 번, 10분에 다섯 번까지.',
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: { userKeyToken: await service.sendPincode(app.deps, keyInUse, request.body) },
    }),
  );

  route(
    app,
    endpoints.userKey.confirm,
    {
      config: perMinute(limits.pincode),
      docs: { tags: ['user-key'], summary: '인증번호 확인', description: '맞으면 그 주소에 묶인 확인 토큰(30분, 한 번 사용)을 돌려줍니다. 틀린 입력은 다섯 번까지.' },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      message: accountMessages.pincodeOk,
      data: { userKeyToken: await service.confirmPincode(app.deps, request.body.userKeyToken, request.body.pincode) },
    }),
  );
};
