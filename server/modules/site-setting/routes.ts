import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, siteSettingMessages, twoFactorMessages } from '@contract';
import { requireSystemAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { ApiError, badRequest } from '../../errors';
import { listRoles, updateSiteSettings } from './update';
import { PRIVATE_NO_STORE } from '../../private-answers';
import { route } from '../../route';


export const siteSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.siteSetting.info,
    { docs: { tags: ['site-setting'], summary: '공개 사이트 설정' } },
    async () => ({ code: 'SUCCESS' as const, data: await app.deps.settings.info() }),
  );
  route(
    app,
    endpoints.siteSetting.authentication,
    { docs: { tags: ['site-setting'], summary: '로그인·회원가입 화면 설정' } },
    async () => ({ code: 'SUCCESS' as const, data: await app.deps.settings.authentication() }),
  );

  route(
    app,
    endpoints.siteSetting.forAdmin,
    { docs: { tags: ['admin'], summary: '사이트 설정과 손님 권한으로 고를 수 있는 권한 (시스템 관리자)' } },
    async (request, reply) => {
      requireSystemAdmin(await getCaller(request));
      reply.header('cache-control', PRIVATE_NO_STORE);
      // Read past the settings cache: the console edits what is stored now.
      app.deps.settings.invalidate();
      const [settings, roles, adminTwoFactorRequired] = await Promise.all([
        app.deps.settings.info(),
        listRoles(app.deps.db, app.deps.settings.tables),
        app.deps.settings.adminTwoFactorRequired(),
      ]);
      return { code: 'SUCCESS' as const, data: { settings, roles, adminTwoFactorRequired } };
    },
  );

  route(
    app,
    endpoints.siteSetting.update,
    {
      docs: {
        tags: ['admin'],
        summary: '사이트 설정 변경 (시스템 관리자)',
        description:
          'authType, useCapcha, userProfiles(추가·삭제·순서·필수·선택지), roleCodeForGuest와 사이트 정보 중 보낸 항목만 바꿉니다. ' +
          '잘못된 설정은 400과 한국어 메시지로 거절하고, 바뀐 설정은 모든 서버의 다음 요청부터 적용됩니다.',
      },
    },
    async (request) => {
      // Requiring a second factor of every administrator while having none would close the console
      // to the one who switched it on.
      if (request.body.adminTwoFactorRequired && !(await getCaller(request)).twoFactor) throw badRequest(twoFactorMessages.enableOwnFirst, { field: 'adminTwoFactorRequired' });
      app.deps.settings.invalidate();
      const current = await app.deps.settings.info();
      try {
        await updateSiteSettings(app.deps.db, app.deps.settings.tables, current, request.body, app.deps.clock.now());
      } catch (err) {
        // A refusal wrote nothing; any other failure may have committed before it failed.
        if (!(err instanceof ApiError)) await app.deps.boardCaching.settingsChanged();
        throw err;
      }
      await app.deps.boardCaching.settingsChanged();
      return { code: 'SUCCESS' as const, message: siteSettingMessages.saved, data: await app.deps.settings.info() };
    },
  );
};
