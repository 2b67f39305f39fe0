import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, type ErrorCode } from '@contract';
import { sessionToken } from './test/tokens';
import { signAccessToken } from './auth/tokens';
import { body, createTestApp, insertMember, openSecondInstance, type TestApp } from './test/harness';
import { testRoute } from './test/routes';
import { createBoardItem } from './test/factories';

/** Spec §7/§8: every success is `{ code: 'SUCCESS', data }`, every error `{ code, message }`. */
let t: TestApp;
const hangul = /[가-힣]/;
const internalDetail = 'secret-internal-detail-7f3a';

beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      app.get('/api/test/throws', testRoute('GET', '/api/test/throws'), async () => {
        throw new Error(`${internalDetail} at /srv/app/server.ts:12`);
      });
      app.get('/api/test/throws-type-error', testRoute('GET', '/api/test/throws-type-error'), async () => {
        const missing = null as unknown as { field: string };
        return missing.field;
      });
      app.get('/api/test/bad-sql', testRoute('GET', '/api/test/bad-sql'), async () => {
        await app.deps.db.execute(sql`SELECT * FROM no_such_table_7f3a`);
        return { code: 'SUCCESS', data: null };
      });
    },
  });
  await createBoardItem(t.db, { boardCode: 'notice', title: '봉투 시험 공지' });
});

afterAll(async () => {
  await t?.close();
});

/**
 * The envelope itself, more closely than the tests' shared `expectRefusal` (server/test/refusals.ts):
 * its content type, its keys, and the request id a server failure carries.
 */
function expectErrorEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const parsed = JSON.parse(res.body) as Record<string, unknown>;
  // The contract's envelope: a code of the closed list, and no key it does not name.
  expect(errorEnvelope.strict().safeParse(parsed).error?.issues ?? []).toEqual([]);
  // Server failures also name the request (issue 12), as its x-request-id header does.
  expect(Object.keys(parsed).filter((key) => key !== 'field').sort()).toEqual(status >= 500 ? ['code', 'message', 'requestId'] : ['code', 'message']);
  if (status >= 500) expect(parsed.requestId).toBe(res.headers['x-request-id']);
  expect(parsed.code).toBe(code);
  expect(typeof parsed.message).toBe('string');
  expect((parsed.message as string).length).toBeGreaterThan(0);
  return parsed as { code: ErrorCode; message: string };
}

describe('success envelope', () => {
  it.each([
    '/api/site-setting/info',
    '/api/site-setting/authentication',
    '/api/board/notice',
    '/api/board-item?boardCode=notice',
    '/api/board-item/notice/1',
  ])('GET %s answers { code: SUCCESS, data }', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const parsed = body(res);
    expect(parsed.code).toBe('SUCCESS');
    expect(parsed.data).toBeTypeOf('object');
    expect(parsed.data).not.toBeNull();
  });

  it('POST /api/board-item/search answers the same envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/board-item/search', payload: { boardCode: 'notice' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 'SUCCESS', data: { totalElements: 1 } });
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/api/board-item/notice'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/board/notice'],
  ] as const)('%s %s → 404 NOT_FOUND envelope', async (method, url) => {
    const res = await t.app.inject({ method, url });
    const err = expectErrorEnvelope(res, 404, 'NOT_FOUND');
    expect(err.message).toMatch(hangul);
  });

  it('a page path without a web build is a plain 404, not an API envelope and not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nids/intro' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('INTERNAL_ERROR');
  });

  it('an unknown board is 404 on every board route', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/board/noSuchBoard' },
      { method: 'GET' as const, url: '/api/board-item?boardCode=noSuchBoard' },
      { method: 'GET' as const, url: '/api/board-item/noSuchBoard/1' },
      { method: 'POST' as const, url: '/api/board-item/search', payload: { boardCode: 'noSuchBoard' } },
    ]) {
      const err = expectErrorEnvelope(await t.app.inject(req), 404, 'NOT_FOUND');
      expect(err.message).toMatch(hangul);
    }
  });

  it('an unknown item is 404', async () => {
    const err = expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/api/board-item/notice/99999' }), 404, 'NOT_FOUND');
    expect(err.message).toMatch(hangul);
  });
});

describe('bad requests are 400 BAD_REQUEST, never 500', () => {
  const longKeyword = '가'.repeat(101);
  it.each([
    '/api/board-item?boardCode=notice&page=0',
    '/api/board-item?boardCode=notice&page=-1',
    '/api/board-item?boardCode=notice&page=abc',
    '/api/board-item?boardCode=notice&page=1.5',
    '/api/board-item?boardCode=notice&page=100001',
    '/api/board-item?boardCode=notice&size=1000',
    '/api/board-item?boardCode=notice&size=0',
    '/api/board-item?boardCode=notice&sort=bogus',
    '/api/board-item?boardCode=notice&sort=createdDate,UP',
    '/api/board-item?boardCode=notice&sort=passwordHash,DESC',
    '/api/board-item?boardCode=notice&sort=createdDate',
    '/api/board-item?boardCode=notice&searchType=bogus&keyword=a',
    '/api/board-item?boardCode=notice&showItemToMain=maybe',
    '/api/board-item?boardCode=notice&pinNotices=1x',
    `/api/board-item?boardCode=notice&searchType=title&keyword=${encodeURIComponent(longKeyword)}`,
    '/api/board-item',
    '/api/board-item/notice/abc',
    '/api/board-item/notice/0',
    '/api/board-item/notice/99999999999',
    '/api/file/not-a-file-id',
  ])('GET %s', async (url) => {
    const err = expectErrorEnvelope(await t.app.inject({ method: 'GET', url }), 400, 'BAD_REQUEST');
    // A person reads this message: Korean (the zod messages are localised), never an English stack,
    // field or type name ("number이 너무 큽니다", "받은 타입은 null입니다 ()": issue 23).
    expect(err.message).toMatch(hangul);
    expect(err.message).not.toMatch(/\n\s+at /);
    expect(err.message).not.toMatch(/[A-Za-z]|\(/);
  });

  it('says what to do in Korean and names the field beside the message, not inside it (issue 23)', async () => {
    const answer = async (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      expectErrorEnvelope(res, 400, 'BAD_REQUEST');
      return JSON.parse(res.body) as unknown;
    };
    // A number over its limit in a query (was "number이 너무 큽니다: 100 이하여야 합니다 (size)").
    expect(await answer(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice&size=1000' }))).toEqual({
      code: 'BAD_REQUEST',
      message: '100 이하로 입력해주세요.',
      field: 'size',
    });
    expect(await answer(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice&page=abc' }))).toEqual({
      code: 'BAD_REQUEST',
      message: '숫자로 입력해주세요.',
      field: 'page',
    });
    // null where a string is required (was "잘못된 입력: 예상 타입은 string, 받은 타입은 null입니다 (userKeyCode)").
    const signin = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: null, password: 'x' } });
    expect(await answer(signin)).toEqual({ code: 'BAD_REQUEST', message: '값의 형식이 올바르지 않습니다.', field: 'userKeyCode' });
  });

  it.each([
    ['page 0', JSON.stringify({ boardCode: 'notice', page: 0 })],
    ['size 1000', JSON.stringify({ boardCode: 'notice', size: 1000 })],
    ['bogus sort', JSON.stringify({ boardCode: 'notice', sort: 'bogus' })],
    ['bogus searchType', JSON.stringify({ boardCode: 'notice', searchType: 'bogus', keyword: '등록' })],
    ['no boardCode', JSON.stringify({ page: 1 })],
    ['an array body', '[]'],
    ['malformed JSON', '{"boardCode": "notice",'],
  ])('POST /api/board-item/search with %s', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/board-item/search',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(expectErrorEnvelope(res, 400, 'BAD_REQUEST').message).not.toMatch(/[A-Za-z]|\(/);
  });

  it('a body over the 1 MB limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/board-item/search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ boardCode: 'notice', keyword: 'x'.repeat(1_100_000) }),
    });
    expectErrorEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('bad tokens are 401 UNAUTHORIZED', () => {
  it('rejects garbage, a foreign signature, an expired token, an unknown user and a locked member', async () => {
    const foreign = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(t.users.member))
      .setIssuer('nids')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough'));
    const expired = await sessionToken(t.db, t.keys, t.users.member, new Date(Date.now() - 2 * 60 * 60 * 1000));
    const unknownUser = await signAccessToken(t.keys, { userId: 987654, sessionId: '00000000-0000-4000-8000-000000000000' });
    const locked = await sessionToken(t.db, t.keys, await insertMember(t.db, 'locked1', '잠긴회원', 'LOCKED'));
    const cases = { garbage: 'not.a.jwt', empty: '', foreign, expired, unknownUser, locked };
    for (const [name, token] of Object.entries(cases)) {
      const res = await t.app.inject({ method: 'GET', url: '/api/board/notice', headers: { authorization: `Bearer ${token}` } });
      const err = expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
      expect(err.message, name).toMatch(hangul);
    }
  });

  it('a valid member token is accepted on the same route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/board/notice', headers: t.auth(t.tokens.member) });
    expect(res.statusCode).toBe(200);
  });
});

describe('unexpected errors are 500 INTERNAL_ERROR without internals', () => {
  it.each(['/api/test/throws', '/api/test/throws-type-error', '/api/test/bad-sql'])('GET %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const err = expectErrorEnvelope(res, 500, 'INTERNAL_ERROR');
    expect(err.message).toMatch(hangul);
    expect(res.body).not.toContain(internalDetail);
    expect(res.body).not.toContain('no_such_table_7f3a');
    expect(res.body).not.toMatch(/stack|\.ts:\d+|TypeError/);
  });
});

describe('OpenAPI document', () => {
  it('is generated from the same schemas that validate requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/site-setting/info', '/api/site-setting/authentication', '/api/board/{boardCode}', '/api/board-item', '/api/board-item/search',
      '/api/board-item/{boardCode}/{itemNo}', '/api/file/{id}', '/api/file/thumbnail/{id}',
      '/api/user-key/check-exists', '/api/user-key/check', '/api/user-key/confirm', '/api/captcha',
      '/api/user/signup', '/api/user/signin', '/api/user/signin-by-refresh-token', '/api/user/signout', '/api/user/find-id',
      '/api/user/reset-password-token', '/api/user/reset-password', '/api/user/{id}', '/api/user/change-password/{id}',
      '/api/user/change-user-key/{id}', '/api/user/retire',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const listParams = doc.paths['/api/board-item']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['boardCode', 'sort', 'page', 'size', 'showItemToMain', 'searchType', 'keyword']));
  });

  it('is not served with API_DOCS=false (the production default): /api/docs answers as any unknown API path', async () => {
    const second = await openSecondInstance(t, { apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
        const res = await second.app.inject({ method: 'GET', url });
        expect(expectErrorEnvelope(res, 404, 'NOT_FOUND').message, url).toMatch(hangul);
        expect(res.body, url).not.toMatch(/swagger|openapi/i);
      }
    } finally {
      await second.close();
    }
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });
});

describe('security headers', () => {
  it('every answer carries the content security policy and helmet’s headers, without HSTS over plain HTTP', async () => {
    for (const url of ['/api/site-setting/info', '/api/no-such-route', '/api/board-item?boardCode=notice']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain('frame-src');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('behind TLS (HTTPS=true) adds HSTS and upgrade-insecure-requests', async () => {
    const tls = await createTestApp({ env: { HTTPS: 'true' } });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/api/site-setting/info' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await tls.close();
    }
  });
});
