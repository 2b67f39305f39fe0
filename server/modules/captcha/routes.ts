import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge, errorEnvelope, successEnvelope } from '@contract';
import { perMinute } from '../../lib/rate-limit';
import { createChallenge } from './service';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/captcha',
    {
      config: perMinute(app.deps.config.rateLimits.check),
      schema: {
        tags: ['captcha'],
        summary: '자동입력 방지 문자 (새로 받기)',
        description: '그림의 숫자 다섯 자리, 또는 글로 된 대체 질문의 답을 숫자로. 5분 동안 한 번만 쓸 수 있습니다.',
        response: { 200: successEnvelope(captchaChallenge), 429: errorEnvelope },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { code: 'SUCCESS' as const, data: await createChallenge(app.deps) };
    },
  );
};
