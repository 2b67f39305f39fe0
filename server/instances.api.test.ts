import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, type BoardItem, type TokenPair, type UploadedFile, type UploadUrlResponse } from '@contract';
import { lastPincode } from './test/accounts';
import { answerQuestion } from './test/captcha';
import { createMember, multipartBody, pngBytes, samplePdf } from './test/factories';
import { buildApp } from './app';
import { loadTokenKeys } from './auth/tokens';
import { openDatabase } from './db/client';
import { createTestApp, testFileStores, type TestApp } from './test/harness';
import { startRedisServer, type TestRedisServer } from './test/redis-server';

/**
 * Two instances of the app (issue 10) on loopback, each listening on a port of its own and asked
 * over real HTTP, sharing one PostgreSQL database, one file store (a directory, then an S3
 * server) and one Redis: whatever one instance decides holds on the other. Each instance has its
 * own pool, signing key loaded from the database, caches, rate-limit client and store client, as a
 * second server process would.
 * (Migrating once on simultaneous starts: server/db/migrations.api.test.ts; housekeeping once:
 * server/modules/housekeeping.)
 */

let redis: TestRedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

/**
 * A second instance as a second server process would start: a pool of its own, the signing key
 * read from the database (no JWT_SECRET here), the same configuration.
 */
async function startSecondInstance(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
  try {
    expect(t.config.jwtSecret).toBeUndefined();
    const app = await buildApp({ db: database.db, config: t.config, keys: await loadTokenKeys(database.db, t.config.jwtSecret) });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** An instance's base URL, once it listens on 127.0.0.1. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface Answer<T> {
  status: number;
  body: { code: string; message?: string; data: T };
}

async function call<T = unknown>(base: string, path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

async function bytesOf(base: string, path: string, token: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const success = <T>(answer: Answer<T>): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

// Each store gets a Redis database of its own, so one run's counts never reach the other's.
describe.each(testFileStores.map((store, i) => [store, i + 1] as const))('two instances sharing a %s file store', (store, redisDb) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let one: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp({ fileStore: store, env: { REDIS_URL: `${redis.url}/${redisDb}`, RATE_LIMIT_CHECK: '3' } });
    second = await startSecondInstance(t);
    one = await listen(t.app);
    other = await listen(second.app);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const signin = (base: string, userKeyCode: string, password: string) =>
    call<TokenPair>(base, '/api/user/signin', { method: 'POST', json: { userKeyType: 'ID', userKeyCode, password } });

  it('shares the same file store', () => {
    expect(second.app.deps.files.location).toBe(t.app.deps.files.location);
    expect(t.app.deps.files.location).toMatch(store === 's3' ? /^S3 / : /^directory /);
  });

  it('a token issued by one works on the other, and a refresh token spent on the other is spent on both', async () => {
    const member = await createMember(t.db);
    const pair = success(await signin(one, member.userKeyCode, member.password));
    expect(success(await call<{ userKeyCode: string }>(other, `/api/user/${member.id}`, { token: pair.accessToken })).userKeyCode).toBe(member.userKeyCode);
    const next = success(await call<TokenPair>(other, '/api/user/signin-by-refresh-token', { method: 'POST', json: { refreshToken: pair.refreshToken } }));
    expect(success(await call<{ userKeyCode: string }>(one, `/api/user/${member.id}`, { token: next.accessToken })).userKeyCode).toBe(member.userKeyCode);
    // The spent token is refused by the instance that issued it too.
    const replay = await call(one, '/api/user/signin-by-refresh-token', { method: 'POST', json: { refreshToken: pair.refreshToken } });
    expect(replay.status).toBe(401);
  });

  it('a post and its uploads made through one are served, byte for byte, by the other', async () => {
    const member = await createMember(t.db);
    const { accessToken: token } = success(await signin(one, member.userKeyCode, member.password));
    const png = await pngBytes(900, 600);
    const uploaded: UploadedFile[] = [];
    for (const [fileName, bytes] of [['등록 안내서.pdf', samplePdf], ['현장 사진.png', png]] as const) {
      const q = new URLSearchParams({ fileName, contentType: 'application/octet-stream', size: String(bytes.length), boardCode: 'community' });
      // The upload URL comes from one instance and is spent on the other.
      const { uploadUrl } = success(await call<UploadUrlResponse>(one, `/api/board-item-file/upload-url?${q}`, { token }));
      const form = multipartBody(fileName, bytes);
      uploaded.push(success(await call<UploadedFile>(other, uploadUrl, { method: 'POST', headers: form.headers, body: form.payload })));
      const again = await call(one, uploadUrl, { method: 'POST', headers: form.headers, body: form.payload });
      expect(again.status, 'an upload URL is spent on every instance').toBe(400);
    }
    const item = success(
      await call<BoardItem>(one, '/api/board-item/community', {
        method: 'PUT', token, json: { title: '두 서버 시험', content: '<p>본문</p>', files: uploaded.map((f) => ({ id: f.id })) },
      }),
    );

    const seen = success(await call<BoardItem>(other, `/api/board-item/community/${item.itemNo}`, { token }));
    expect(seen.title).toBe('두 서버 시험');
    expect(seen.files.map((f) => f.id)).toEqual(uploaded.map((f) => f.id));
    const pdf = await bytesOf(other, `${uploaded[0]!.url}?download=true`, token);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.equals(samplePdf)).toBe(true);
    // The image as re-encoded on one instance, and its thumbnail, are the same bytes on both.
    for (const url of [uploaded[1]!.url, uploaded[1]!.thumbnailUrl!]) {
      const [a, b] = [await bytesOf(one, url, token), await bytesOf(other, url, token)];
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.bytes.length).toBeGreaterThan(0);
      expect(b.bytes.equals(a.bytes)).toBe(true);
    }
  });

  it('a sign-in lockout reached through one holds on the other', async () => {
    const member = await createMember(t.db);
    for (let i = 1; i <= 4; i++) expect((await signin(i % 2 ? one : other, member.userKeyCode, 'wrong-password1')).status, `attempt ${i}`).toBe(401);
    const fifth = await signin(other, member.userKeyCode, 'wrong-password1');
    expect(fifth.status).toBe(403);
    expect(fifth.body.message).toBe(accountMessages.accountLocked);
    for (const base of [one, other]) {
      const right = await signin(base, member.userKeyCode, member.password);
      expect(right.status).toBe(403);
      expect(right.body).toMatchObject({ code: 'NOT_ACCEPTABLE', message: accountMessages.accountLocked });
    }
  });

  it('a pincode sent by one is confirmed on the other, and a CAPTCHA drawn by one is answered on the other', async () => {
    const email = `two-instances-${store}@example.com`;
    const pending = success(await call<{ userKeyToken: string }>(one, '/api/user-key/check', { method: 'POST', json: { userKeyType: 'EMAIL', userKeyCode: email } }));
    const pincode = await lastPincode(t, email);
    const confirmed = await call<{ userKeyToken: string }>(other, '/api/user-key/confirm', { method: 'POST', json: { userKeyToken: pending.userKeyToken, pincode } });
    expect(success(confirmed).userKeyToken).toBeTruthy();

    // CAPTCHA on through one instance: the other hears of it (NOTIFY) and asks for it too.
    const setCaptcha = (useCapcha: boolean) => call(one, '/api/site-setting', { method: 'PATCH', token: t.tokens.admin, json: { useCapcha } });
    success(await setCaptcha(true));
    try {
      const member = await createMember(t.db);
      await expect
        .poll(async () => (await signin(other, member.userKeyCode, member.password)).body.message, { timeout: 4000 })
        .toBe(accountMessages.captchaFailed);
      const challenge = success(await call<{ captchaId: string; textAlternative: string }>(one, '/api/captcha'));
      const captcha = { captchaId: challenge.captchaId, answer: String(answerQuestion(challenge.textAlternative)) };
      const answered = await call<TokenPair>(other, '/api/user/signin', { method: 'POST', json: { userKeyType: 'ID', userKeyCode: member.userKeyCode, password: member.password, captcha } });
      expect(success(answered).accessToken).toBeTruthy();
    } finally {
      success(await setCaptcha(false));
      // The CAPTCHA request counted against RATE_LIMIT_CHECK: start the next test from zero.
      await redis.flush(redisDb);
    }
  });

  it('a rate limit reached through one holds on the other (Redis)', async () => {
    for (let i = 1; i <= 3; i++) expect((await call(one, '/api/captcha')).status, `request ${i}`).toBe(200);
    for (const base of [other, one]) {
      const over = await call(base, '/api/captcha');
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' });
    }
  });
});
