import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, healthResponse, opsMessages, readyResponse } from '@contract';
import { requireAdmin } from '../../auth/admin';
import { getCaller } from '../../auth/request-caller';
import { createMetrics, unmatchedRoute, type AppMetrics } from './metrics';
import { poolOf } from '../../db/client';
import { Readiness, shippedMigrationCount } from './readiness';
import { housekeepingDue } from '@server/modules/housekeeping';
import { serverErrorBody } from '../../server-error';
import { PRIVATE_NO_STORE } from '../../private-answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Health, readiness (and draining on shutdown) and metrics of this instance. */
    operations: { readiness: Readiness; metrics: AppMetrics };
  }
}

/** Equal secrets, compared in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `/healthz`, `/readyz` and `/metrics` (issue 10, "Operating"), the request id on every response,
 * and the request metrics. Called on the root instance before the routes, so its hooks see every
 * request. None of these routes is rate limited, cached or compressed (they are outside /api).
 */
export function registerOperations(app: FastifyInstance): void {
  const pool = poolOf(app.deps.db);
  const queueDepths = async () => ({
    delivery: app.deps.delivery.queued,
    // Page loads and navigations not yet written (visitor statistics, issue 23).
    visits: app.deps.visits.waiting,
    // Site-wide, from the database; left out while it cannot be read.
    ...(await app.deps.delivery.unsentCount().then((unsent) => ({ outbox: unsent }), () => ({}))),
    ...(await housekeepingDue(app).then((due) => ({ housekeeping: due }), () => ({}))),
  });
  const operations = { readiness: new Readiness(pool, shippedMigrationCount()), metrics: createMetrics(pool, queueDepths) };
  app.decorate('operations', operations);

  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // While draining, no connection is kept alive for a next request: each closes after its answer.
    if (operations.readiness.isDraining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    operations.metrics.observe(request.method, request.routeOptions.url ?? unmatchedRoute, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Outside /api and the endpoint table: no cache keeps what they answer, errors included (server/private-answers.ts).
  const operationsAnswer = { answer: { kind: 'noStore' } } as const;
  routes.get(
    '/healthz',
    {
      config: operationsAnswer,
      schema: { tags: ['operations'], summary: '프로세스 동작 확인 (데이터베이스를 보지 않음)', response: { 200: healthResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { code: 'SUCCESS' as const, data: { status: 'ok' as const } };
    },
  );

  routes.get(
    '/readyz',
    {
      config: operationsAnswer,
      schema: {
        tags: ['operations'],
        summary: '요청을 받을 준비 확인 (데이터베이스 응답, 마이그레이션 최신, 종료 중 아님)',
        response: { 200: readyResponse, 503: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const state = await operations.readiness.check();
      if (state.ready) return { code: 'SUCCESS' as const, data: { status: 'ready' as const } };
      request.log.warn({ reason: state.reason }, 'not ready');
      return reply
        .status(503)
        .send(serverErrorBody(request, 'SERVICE_UNAVAILABLE', state.reason === 'draining' ? opsMessages.draining : opsMessages.notReady));
    },
  );

  const authorizeMetrics = async (request: FastifyRequest) => {
    const token = app.deps.config.metricsToken;
    const header = request.headers.authorization;
    if (token !== undefined && header?.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length).trim(), token)) return;
    requireAdmin(await getCaller(request));
  };

  routes.get(
    '/metrics',
    {
      config: operationsAnswer,
      onRequest: authorizeMetrics,
      schema: { tags: ['operations'], summary: 'Prometheus 지표 (관리자 토큰 또는 METRICS_TOKEN)', security: [{ bearer: [] }] },
    },
    async (_request, reply) => {
      const text = await operations.metrics.registry.metrics();
      return reply.header('cache-control', PRIVATE_NO_STORE).type(operations.metrics.registry.contentType).send(text);
    },
  );
}
