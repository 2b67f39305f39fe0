import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { messages, opsMessages, type ErrorEnvelope } from '@contract';
import { systemClock, type Clock } from './lib/clock';
import type { AppDeps } from './deps';
import './auth/request-caller';
import { ApiError, errorCodeOf, tooManyRequests } from './errors';
import { guardTableRoutes } from './auth/access';
import { SiteSettings } from './modules/site-setting/service';
import { siteSettingRoutes } from './modules/site-setting/routes';
import { boardRoutes } from './modules/board/routes';
import { createBoardCaching } from './modules/board/caching';
import { fileRoutes } from './modules/file/routes';
import { openFileStore } from './modules/file/open';
import { createDelivery } from './modules/delivery/service';
import { userKeyRoutes } from './modules/user-key/routes';
import { sessionRoutes } from './modules/session/routes';
import { userRoutes } from './modules/user/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { uploadRoutes } from './modules/upload/routes';
import { commentRoutes } from './modules/comment/routes';
import { softDeleteCommentsOfPost } from '@server/modules/comment';
import { exportRoutes } from './modules/export/routes';
import { alumniRoutes } from './modules/alumni/routes';
import { adminMemberRoutes } from './modules/admin-member/routes';
import { adminRoleRoutes } from './modules/admin-role/routes';
import { adminBoardRoutes } from './modules/admin-board/routes';
import { inquiryRoutes } from './modules/inquiry/routes';
import { accessRecordRoutes } from './modules/access-record/routes';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes';
import { seoRoutes } from './modules/seo/routes';
import { contentRoutes } from './modules/content/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { popupRoutes } from './modules/popup/routes';
import { menuRoutes } from './modules/menu/routes';
import { memberActivityRoutes } from './modules/member-activity/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { searchRoutes } from './modules/search';
import { registerCompression, registerWeb } from './web';
import { rateLimitKey, rateLimitStore } from './lib/rate-limit';
import { registerSecurityHeaders, securityHeaders, withSwaggerUiStyle } from './security-headers';
import { lingerOnRefusedBody } from './refused-body';
import { openFieldEncryption } from './lib/field-encryption';
import { clientErrorHandler } from './client-errors';
import { apiVary, registerCors } from './cors';
import { GUEST_ANSWER_SEND } from './guest-answers';
import { registerPrivateAnswers } from './private-answers';
import { registerJsonBodies } from './json-body';
import { serverErrorBody } from './server-error';
import { registerTextGuard } from './lib/text-guard';
import { frameworkErrorHandler } from './lib/framework-errors';
import { registerOperations } from './modules/ops/routes';
import { FrontDoor } from './front-door';
import { requestIdOf } from './modules/ops/request-id';
import { unmatchedRoute } from './modules/ops/metrics';
import { temporaryFailure } from './lib/temporary-failure';
import { tellAdminIdleLimit } from './auth/request-caller';
import { findGuestRole, rolesByCode, sharedRolePermissions } from '@server/modules/admin-role';
import { activeMembersSharingMobile, activeMembersWithout, keyInUse, memberName } from '@server/modules/user';
import { checkPostFileAccess } from '@server/modules/board';
import { createVisitorKeys } from '@server/modules/visitor-key';
import { VisitCounter, visitRoutes } from '@server/modules/visit';

export async function buildApp(
  deps: Omit<AppDeps, 'settings' | 'files' | 'clock' | 'delivery' | 'boardCaching' | 'visitorKeys' | 'visits' | 'fieldEncryption'> & { clock?: Clock },
  opts: { logger?: FastifyServerOptions['logger']; loggerInstance?: FastifyServerOptions['loggerInstance'] } = {},
): Promise<FastifyInstance> {
  const siteHeaders = securityHeaders(deps.config);
  // Kept guest answers asked for again, answered before Fastify (decision 0051).
  const frontDoor = new FrontDoor({
    securityHeaders: siteHeaders,
    requestIdOf,
    trustProxy: deps.config.trustProxy,
    // The reader pages' handler is Fastify's not-found handler: the metrics name its answers so.
    pageRoute: unmatchedRoute,
    // cors.ts's hook adds Origin to every API answer's Vary where origins are listed.
    apiVary: apiVary(GUEST_ANSWER_SEND.vary, deps.config.corsOrigins),
  });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: opts.logger ?? false }),
    trustProxy: deps.config.trustProxy,
    // Korean paths arrive case-varied (/Account/Signin); the web router handles case, the API is lower-case.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Slow clients (issue 12): headers, then the whole request, must arrive in time, and a silent
    // connection is closed. Node checks these every `connectionsCheckingInterval` (30 s unless set).
    http: {
      headersTimeout: deps.config.clientTimeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, deps.config.clientTimeouts.headersMs / 2),
    },
    requestTimeout: deps.config.clientTimeouts.requestMs,
    connectionTimeout: deps.config.clientTimeouts.idleMs,
    // Over nginx's upstream keepalive_timeout (60 s): nginx, never the instance, closes an idle
    // kept-alive connection (deploy/nginx/nids.conf).
    keepAliveTimeout: 72_000,
    // Requests Node's parser refuses (too slow, headers too large, not HTTP): the envelope and headers.
    clientErrorHandler: clientErrorHandler(siteHeaders),
    // Every log line of a request carries its id (`reqId`), sent back as `x-request-id`.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // While shutting down, requests on connections kept alive are still served (readyz says 503):
    // server/main.ts bounds the wait.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler(siteHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const clock = deps.clock ?? systemClock;
  // Reads of tables whose owners import site-setting and user-key (decision 0022): handed over here.
  const visitorKeys = createVisitorKeys(deps.db);
  const settings = new SiteSettings(deps.db, { findGuestRole, sharedRolePermissions, rolesByCode, activeMembersWithout, activeMembersSharingMobile });
  app.decorate('deps', {
    ...deps,
    clock,
    settings,
    files: await openFileStore(deps.config),
    delivery: createDelivery(deps.db, clock, deps.config, app.log),
    boardCaching: createBoardCaching(deps.db, deps.config, settings, app.log, clock),
    visitorKeys,
    fieldEncryption: openFieldEncryption({ key: deps.config.fieldEncryptionKey, previousKey: deps.config.fieldEncryptionPreviousKey, dataDir: deps.config.dataDir }),
    visits: new VisitCounter(deps.db, visitorKeys, { flushMs: deps.config.viewFlushMs, log: app.log }),
  });
  app.decorate('frontDoor', frontDoor);
  frontDoor.attach(app);
  app.decorateRequest('callerPromise', null);
  const idleLimit = tellAdminIdleLimit(deps.config.adminIdleMs);
  if (idleLimit) app.addHook('onSend', idleLimit);
  app.addHook('onClose', () => app.deps.delivery.close());
  app.addHook('onReady', () => app.deps.boardCaching.start());
  app.addHook('onClose', () => app.deps.boardCaching.close());
  app.addHook('onReady', () => app.deps.visits.start());
  app.addHook('onClose', () => app.deps.visits.close());

  registerSecurityHeaders(app, siteHeaders);
  registerCors(app, deps.config.corsOrigins);
  registerPrivateAnswers(app);
  registerJsonBodies(app);
  registerTextGuard(app);
  // Limits are set per route (sign-in, pincodes...), never on static files: server/lib/rate-limit.ts.
  // With REDIS_URL the counts are shared by every instance.
  const limits = rateLimitStore(deps.config.redisUrl, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    ...limits.options,
    global: false,
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: () => tooManyRequests(),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: '인체이식형 의료기기 환자등록 누리집 API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (deps.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: withSwaggerUiStyle });

  // Clients never see a stack, SQL, a file path or a library's name: 4xx answers say what was wrong
  // in Korean, 5xx answers only that something failed, with the request id that finds the log line.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A refusal while the body is still arriving (413, 415, an upload stopped at its limit): the
    // client must be able to finish sending and read it (refused-body.ts).
    const refused = error instanceof ApiError ? error.status : (error.statusCode ?? 500);
    if (refused >= 400 && refused < 500) lingerOnRefusedBody(request, reply);
    if (error instanceof ApiError) {
      if (error.status >= 500) {
        request.log.error({ err: error }, 'server error');
        return reply.status(error.status).send(serverErrorBody(request, error.code, error.message));
      }
      return reply.status(error.status).send(error.toEnvelope());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's Korean sentence (contract/zod-ko.ts), which a screen may show as it is; the
      // field it is about (its path in the body or query, dotted) goes in `field`, never in the message.
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '') ?? '';
      const field = path ? { field: path.replaceAll('/', '.') } : {};
      return reply.status(400).send({ code: 'BAD_REQUEST', message: first?.message ?? messages.badRequest, ...field } satisfies ErrorEnvelope);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = errorCodeOf(status);
      const message = status === 429 ? messages.tooManyRequests : status === 413 ? opsMessages.requestTooLarge : messages.badRequest;
      return reply.status(status).send({ code, message } satisfies ErrorEnvelope);
    }
    const unavailable = temporaryFailure(error);
    if (unavailable) {
      request.log.warn({ err: error }, `${unavailable} unavailable`);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(serverErrorBody(request, 'SERVICE_UNAVAILABLE', opsMessages.temporarilyUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(serverErrorBody(request, 'INTERNAL_ERROR', messages.internalError));
  });

  await registerCompression(app);
  // After the error handler (its 401/403 envelopes) and before the modules (its hooks see every route).
  registerOperations(app);
  // Before any route is registered: every API route comes from contract/endpoints.ts (server/route.ts)
  // and gets its entry's access rule as its first hook (server/auth/access.ts): a bad bearer token is
  // refused even where a guest may call, and on a console route the ADMIN_ALLOWED_IPS refusal comes
  // before any token is looked at (or counted as admin activity).
  app.addHook('onRoute', guardTableRoutes);

  await app.register(siteSettingRoutes);
  await app.register(boardRoutes, { removeCommentsOfPost: softDeleteCommentsOfPost, memberName });
  await app.register(fileRoutes, { postFileAccess: checkPostFileAccess });
  await app.register(userKeyRoutes, { keyInUse });
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(captchaRoutes);
  await app.register(uploadRoutes);
  await app.register(commentRoutes);
  await app.register(exportRoutes);
  // The console (issue 9): every call checks ADMIN_Access on the server (server/auth/admin.ts).
  await app.register(alumniRoutes);
  await app.register(adminMemberRoutes);
  await app.register(twoFactorRoutes);
  await app.register(adminRoleRoutes);
  await app.register(adminBoardRoutes);
  await app.register(inquiryRoutes);
  await app.register(accessRecordRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(popupRoutes);
  // Issue 22: the content pages and their versions.
  await app.register(contentRoutes);
  await app.register(seoRoutes);
  await app.register(menuRoutes);
  await app.register(memberActivityRoutes);
  // Issue 23: visitor statistics (the beacon and the console's figures).
  await app.register(visitRoutes);
  // Issue 23: page satisfaction.
  await app.register(feedbackRoutes);
  // Issue 23: the site-wide search and its popular terms.
  await app.register(searchRoutes);

  await registerWeb(app, deps.config.webDistDir);
  return app;
}
