import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteAuthentication, siteInfo, successEnvelope } from '../../../contract';

export const siteSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site-setting/info',
    { schema: { tags: ['site-setting'], summary: '공개 사이트 설정', response: { 200: successEnvelope(siteInfo) } } },
    async () => ({ code: 'SUCCESS' as const, data: await app.deps.settings.info() }),
  );
  app.get(
    '/api/site-setting/authentication',
    {
      schema: {
        tags: ['site-setting'],
        summary: '로그인·회원가입 화면 설정',
        response: { 200: successEnvelope(siteAuthentication) },
      },
    },
    async () => ({ code: 'SUCCESS' as const, data: await app.deps.settings.authentication() }),
  );
};
