import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, openSecondInstance, type TestApp } from './test/harness';
import { waitUntil } from './test/observe';
import { startRedisServer, type TestRedisServer } from './test/redis-server';

/**
 * Rate limits shared through Redis (REDIS_URL, issue 10): a limit reached through one instance
 * holds on the other. The test runs its own Redis server (server/test/redis-server.ts), so it can
 * also stop it.
 */
let redis: TestRedisServer | null = null;
let t: TestApp;
let second: Awaited<ReturnType<typeof openSecondInstance>>;

beforeAll(async () => {
  redis = await startRedisServer();
  t = await createTestApp({ env: { RATE_LIMIT_SIGNIN: '3', REDIS_URL: redis.url } });
  second = await openSecondInstance(t);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  await redis?.stop();
});

const signin = (app: TestApp['app'], remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: 'nobody', password: 'x' }, remoteAddress });

describe('rate limits in Redis', () => {
  it('a limit reached through one instance holds on the other', async () => {
    for (let i = 1; i <= 3; i++) expect((await signin(t.app, '10.9.0.1')).statusCode, `request ${i}`).not.toBe(429);
    const over = await signin(second.app, '10.9.0.1');
    expect(over.statusCode).toBe(429);
    expect(body(over)).toEqual({ code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' });
    // Another address is counted on its own, on either instance.
    expect((await signin(second.app, '10.9.0.2')).statusCode).not.toBe(429);
  });

  it('while Redis is down, requests go through unlimited instead of failing', async () => {
    await redis!.stop();
    await waitUntil(async () => !(await redis!.answers()), Boolean, 'the test Redis server to stop');
    const started = Date.now();
    for (let i = 1; i <= 5; i++) {
      // The sign-in itself answers (no such member), not a 429 and not a 500.
      const res = await signin(t.app, '10.9.0.3');
      expect(res.statusCode, res.body).toBe(404);
    }
    // Each request answers at once: commands are not queued while Redis is away.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
