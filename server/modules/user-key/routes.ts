import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages, checkExistsRequest, checkExistsResponse, errorEnvelope, keyCheckRequest, keyConfirmRequest,
  successEnvelope, userKeyTokenResponse,
} from '@contract';
import { perMinute } from '../../lib/rate-limit';
import { keyLabel } from './keys';
import * as service from './service';

const errors = { 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope, 502: errorEnvelope };

export const userKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.deps.config.rateLimits;

  app.post(
    '/api/user-key/check-exists',
    {
      config: perMinute(limits.check),
      schema: {
        tags: ['user-key'],
        summary: '아이디·이메일·휴대폰 번호 사용 여부',
        body: checkExistsRequest,
        response: { 200: successEnvelope(checkExistsResponse), ...errors },
      },
    },
    async (request) => {
      const { userKeyType, userKeyCode } = request.body;
      const exists = await service.checkExists(app.deps, userKeyType, userKeyCode);
      const label = keyLabel(userKeyType);
      return {
        code: 'SUCCESS' as const,
        message: exists ? accountMessages.keyTaken(label) : accountMessages.keyFree(label),
        data: { exists },
      };
    },
  );

  app.post(
    '/api/user-key/check',
    {
      config: perMinute(limits.pincode),
      schema: {
        tags: ['user-key'],
        summary: '인증번호 발송 (이메일 또는 문자)',
        description: '6자리 인증번호를 보내고 확인 전 토큰을 돌려줍니다. 5분 동안 유효, 같은 주소로 1분에 한 번, 10분에 다섯 번까지.',
        body: keyCheckRequest,
        response: { 200: successEnvelope(userKeyTokenResponse), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      data: { userKeyToken: await service.sendPincode(app.deps, request.body) },
    }),
  );

  app.post(
    '/api/user-key/confirm',
    {
      config: perMinute(limits.pincode),
      schema: {
        tags: ['user-key'],
        summary: '인증번호 확인',
        description: '맞으면 그 주소에 묶인 확인 토큰(30분, 한 번 사용)을 돌려줍니다. 틀린 입력은 다섯 번까지.',
        // A missing token gets the spec's sentence (§5), not a schema error.
        body: keyConfirmRequest.extend({ userKeyToken: z.string().max(200).optional() }),
        response: { 200: successEnvelope(userKeyTokenResponse), ...errors },
      },
    },
    async (request) => ({
      code: 'SUCCESS' as const,
      message: accountMessages.pincodeOk,
      data: { userKeyToken: await service.confirmPincode(app.deps, request.body.userKeyToken, request.body.pincode) },
    }),
  );
};
