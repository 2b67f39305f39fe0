import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, data, type TestApp } from '../../test/harness';
import { statementsDuring, waitUntil } from '../../test/observe';
import { opsMessages } from '@contract';
import { backgroundRun } from '../../db/schema';

const metricsToken = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: metricsToken } });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /healthz', () => {
  it('answers 200 without asking the database', async () => {
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const statements = await statementsDuring(t.db, async () => {
      res = await t.app.inject({ method: 'GET', url: '/healthz' });
    });
    expect(res!.statusCode).toBe(200);
    expect(data(res!)).toEqual({ status: 'ok' });
    expect(res!.headers['cache-control']).toBe('private, no-store');
    expect(statements).toEqual([]);
  });
});

describe('GET /readyz', () => {
  it('answers 200 with the database up and every migration applied, then 503 when one is missing', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(data(ready)).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('private, no-store');

    const { rows } = await t.database.raw.query<{ id: number; hash: string; created_at: string }>(
      'SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1',
    );
    const last = rows[0]!;
    await t.database.raw.query('DELETE FROM drizzle.__drizzle_migrations WHERE id = $1', [last.id]);
    try {
      // The answer is kept for a second: poll until the check runs again.
      const notReady = await waitUntil(
        () => t.app.inject({ method: 'GET', url: '/readyz' }),
        (res) => res.statusCode === 503,
        'readyz to notice the missing migration',
      );
      expect(body(notReady)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.notReady, requestId: notReady.headers['x-request-id'] });
    } finally {
      await t.database.raw.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
        last.id,
        last.hash,
        last.created_at,
      ]);
    }
    await waitUntil(
      () => t.app.inject({ method: 'GET', url: '/readyz' }),
      (res) => res.statusCode === 200,
      'readyz to be ready again',
    );
  });

  it('asks the database at most once a second however often it is polled', async () => {
    await new Promise((r) => setTimeout(r, 1_100));
    const statements = await statementsDuring(t.db, () =>
      Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/readyz' }))),
    );
    expect(statements).toHaveLength(1);
  });

  it('answers 503 while draining, though the database is fine', async () => {
    const second = await createTestApp();
    try {
      second.app.operations.readiness.startDraining();
      const res = await second.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.draining, requestId: res.headers['x-request-id'] });
      expect(res.headers.connection).toBe('close');
    } finally {
      await second.close();
    }
  });
});

describe('GET /metrics', () => {
  it('is refused to guests (401), members (403) and a wrong token (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const member = await t.app.inject({ method: 'GET', url: '/metrics', headers: t.auth(t.tokens.member) });
    expect(member.statusCode).toBe(403);
    expect(body(member)).toMatchObject({ code: 'FORBIDDEN' });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('counts requests by route pattern and status, never by raw URL, for an admin and METRICS_TOKEN', async () => {
    const missingId = 987654321;
    await t.app.inject({ method: 'GET', url: `/api/board-item/notice/${missingId}` });
    await t.app.inject({ method: 'GET', url: '/api/site-setting/info' });
    await t.app.inject({ method: 'GET', url: `/no-such-page-${missingId}` });

    const byAdmin = await t.app.inject({ method: 'GET', url: '/metrics', headers: t.auth(t.tokens.admin) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toMatch(/^text\/plain/);
    const text = byAdmin.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/board-item\/:boardCode\/:itemNo",status_code="\d{3}"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/site-setting\/info",status_code="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status_code="404"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/site-setting/info"');
    expect(text).not.toContain(String(missingId));
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);

    const byToken = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/metrics",status_code="200"\} 1/);
  });

  it('shows the depth of the background queues: mail being sent here, and a housekeeping run no instance has taken', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: t.auth(t.tokens.admin) })).body;
    await t.db.delete(backgroundRun);
    let release = () => {};
    t.app.deps.delivery.queue(() => new Promise<void>((r) => (release = r)));
    const busy = await scrape();
    expect(busy).toContain('background_queue_depth{queue="delivery"} 1');
    expect(busy).toContain('background_queue_depth{queue="housekeeping"} 1');
    expect(busy).toMatch(/background_queue_depth\{queue="outbox"\} \d+/);
    expect(busy).toMatch(/background_queue_depth\{queue="visits"\} \d+/);

    release();
    await t.app.deps.delivery.idle();
    await t.db.insert(backgroundRun).values({ job: 'housekeeping', lastStartedAt: new Date(), lastFinishedAt: new Date(), runs: 1 });
    const quiet = await scrape();
    expect(quiet).toContain('background_queue_depth{queue="delivery"} 0');
    expect(quiet).toContain('background_queue_depth{queue="housekeeping"} 0');
  });

  it('without METRICS_TOKEN no bearer token but an admin\'s opens it', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
      expect(res.statusCode).toBe(401);
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: plain.auth(plain.tokens.admin) })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('x-request-id', () => {
  it('is on every response: a new id, or the caller\'s when it is safe', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/site-setting/info' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/site-setting/info' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const echoed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42_x' } });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a.42_x');

    for (const unsafe of ['has space', 'a'.repeat(65), '<script>', 'name@example.com', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).not.toBe(unsafe);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on error answers too (404, 401, 400)', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'x-request-id': 'trace-404' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('trace-404');
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-request-id': 'trace-401' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('trace-401');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'x-request-id': 'trace-400', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('trace-400');
  });
});
