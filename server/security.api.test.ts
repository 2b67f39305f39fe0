import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { MAX_JSON_DEPTH } from './json-body';
import { opsMessages } from '@contract';
import { createTestApp, type TestApp } from './test/harness';
import { apiOperations } from './test/routes';
import { watchStoreWrites } from './test/store-spy';
import { createBoardItem, samplePdf, storeFile, storedNames, uploadThroughApi } from './test/factories';
import { expectRefusal } from './test/refusals';
import { waitUntil } from './test/observe';

/**
 * Issue 12 (OWASP ASVS 5.0 level 2, KISA web checks): the headers of every kind of answer, the
 * one no-store rule walked over every route, CORS, request limits (body size, nesting, uploads,
 * slow clients) and what a server failure shows (nothing of its internals, the id of its log line).
 */
let t: TestApp;
let distDir: string;
let log = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});
const internalDetail = 'SELECT password_hash FROM app_user -- /srv/nids/server/modules/user/repo.ts:42 (node_modules/pg/lib/client.js)';
let deepRouteRuns = 0;
let publicFileUrl = '';

const asset = '/assets/index-Sec12345.js';

beforeAll(async () => {
  // A small web build: the HTML screens and a static asset answer too.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-security-web-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), `<!doctype html><html lang="ko"><head><title>누리집</title><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(distDir, asset), 'export const x = 1;\n');
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'info' },
    logger: createLogger('info', sink),
    configure(app) {
      app.get('/api/test/fails', async () => {
        throw new Error(internalDetail);
      });
      app.post('/api/test/deep', async (request) => {
        deepRouteRuns++;
        return { code: 'SUCCESS', data: { received: typeof request.body } };
      });
    },
  });
  const notice = await createBoardItem(t.db, { boardCode: 'notice', title: '보안 머리글 시험' });
  const file = await storeFile(t.app, t.db, { originalName: '안내.pdf', contentType: 'application/pdf', data: samplePdf, boardItemId: notice.id });
  publicFileUrl = `/api/file/${file.id}`;
});

afterAll(async () => {
  await t?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

/** The five video players a post may embed (YouTube twice, Vimeo, Naver TV, Kakao TV), written out so the test does not take the code's word. */
const videoPlayers = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://tv.naver.com', 'https://play-tv.kakao.com'];

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSiteHeaders(res: LightMyRequestResponse, what: string, styleSrc = ["'self'"]) {
  const csp = directives(res.headers['content-security-policy']);
  expect(String(res.headers['content-security-policy']), what).not.toContain('unsafe-inline');
  expect(String(res.headers['content-security-policy']), what).not.toContain('unsafe-eval');
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('style-src'), what).toEqual(styleSrc);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('frame-src'), what).toEqual(videoPlayers);
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
  expectCommonHeaders(res, what);
}

/** What every answer carries, the file answers (with their own sandboxing policy) included. */
function expectCommonHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, what).toContain(`${feature}=()`);
  // Plain HTTP (HTTPS unset): no HSTS, which a browser would ignore anyway.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
  // No banners.
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  expect(res.headers.server, what).toBeUndefined();
  expect(res.headers['x-request-id'], what).toMatch(/^[A-Za-z0-9._-]+$/);
}

describe('headers on every kind of answer', () => {
  it.each([
    ['API JSON', { method: 'GET', url: '/api/site-setting/info' }, 200],
    ['API 404', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['API 400', { method: 'GET', url: '/api/board-item?boardCode=notice&page=0' }, 400],
    ['API 401', { method: 'GET', url: '/api/board/notice', headers: { authorization: 'Bearer nope' } }, 401],
    ['API 413', { method: 'POST', url: '/api/board-item/search', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ boardCode: 'x'.repeat(1_100_000) }) }, 413],
    ['API 500', { method: 'GET', url: '/api/test/fails' }, 500],
    ['HTML screen', { method: 'GET', url: '/' }, 200],
    ['HTML screen, deep path', { method: 'GET', url: '/Nids/notice/List/' }, 200],
    ['static asset', { method: 'GET', url: asset }, 200],
    ['missing asset', { method: 'GET', url: '/assets/gone-12345.js' }, 404],
    ['health', { method: 'GET', url: '/healthz' }, 200],
  ] as const)('%s', async (what, request, status) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expectSiteHeaders(res, what);
  });

  it('the API documentation (Swagger UI): the same policy, plus the hash of the one style it injects', async () => {
    for (const url of ['/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSiteHeaders(res, url, ["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/) as unknown as string]);
    }
  });

  it('a stored file: the common headers, and a policy of its own that runs nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: publicFileUrl });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res, 'file');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('behind TLS: HSTS for a year with subdomains, and upgrade-insecure-requests', async () => {
    const tls = await createTestApp({ env: { HTTPS: 'true' } });
    try {
      for (const url of ['/api/site-setting/info', '/api/no-such-thing']) {
        const res = await tls.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(true);
      }
    } finally {
      await tls.close();
    }
  });

  it('a real socket: no Server or X-Powered-By banner in what goes over the wire', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/no-such-thing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 404/);
    expect(head).not.toMatch(/^server:/m);
    expect(head).not.toMatch(/^x-powered-by:/m);
    expect(head).toMatch(/^content-security-policy:/m);
  });
});

/** Path parameters filled with values that name nothing real, so no request changes a real row. */
function concrete(openApiPath: string): string {
  const values: Record<string, string> = {
    boardCode: 'notice',
    itemNo: '999999',
    id: '999999',
    commentId: '999999',
    roleCode: 'NO_SUCH_ROLE',
    token: 'A'.repeat(43),
  };
  return openApiPath.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '999999');
}

/**
 * The paths whose every answer is no-store, whoever asks (server/private-answers.ts): accounts and
 * keys, the console and the address book, CAPTCHA answers, upload URLs, the operations routes.
 * Written out here, so a path dropped from the code's list fails the walk below.
 */
const personalPaths = [
  '/api/user',
  '/api/user-key',
  '/api/admin',
  '/api/alumni',
  '/api/captcha',
  '/api/file/upload',
  '/api/board-item-file/upload-url',
  '/healthz',
  '/readyz',
  '/metrics',
];

describe('Cache-Control: no-store, one rule walked over every route', () => {
  const isNoStore = (res: LightMyRequestResponse) => /\bno-store\b/.test(String(res.headers['cache-control']));

  const routes = async () => (await apiOperations(t.app)).map((op) => ({ method: op.method, url: concrete(op.path), path: op.path }));

  it('the walk covers the routes that carry personal data or tokens', async () => {
    const paths = (await routes()).map((r) => r.path);
    for (const p of ['/api/user/signin', '/api/user/signin-by-refresh-token', '/api/user/{id}', '/api/admin/users', '/api/alumni', '/api/admin/inquiries', '/api/user/find-id']) {
      expect(paths, p).toContain(p);
    }
    expect((await routes()).length).toBeGreaterThan(50);
  });

  it('every answer to a signed-in caller (bearer token) is no-store, on every route', async () => {
    const walked: string[] = [];
    for (const route of await routes()) {
      // The administrator's token, on every route (a refusal is an answer too).
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: t.auth(t.tokens.admin) });
      walked.push(`${route.method} ${route.url} ${res.statusCode}`);
      expect(isNoStore(res), `${route.method} ${route.url} (${res.statusCode}): ${String(res.headers['cache-control'])}`).toBe(true);
    }
    // The token still worked at the end: the walk did not just collect 401s.
    expect(walked.filter((w) => w.endsWith(' 200')).length).toBeGreaterThan(15);
  });

  it('every answer to a guest on a personal path, and to every write, is no-store', async () => {
    let checked = 0;
    for (const route of await routes()) {
      const personal = personalPaths.some((p) => route.url === p || route.url.startsWith(`${p}/`) || route.url.startsWith(`${p}-`));
      const write = !['GET', 'HEAD'].includes(route.method) && route.url.startsWith('/api/');
      if (!personal && !write) continue;
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect(isNoStore(res), `${route.method} ${route.url} (${res.statusCode}): ${String(res.headers['cache-control'])}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('a personal path spelt with percent escapes is routed, and answered no-store, as the plain one', async () => {
    for (const url of ['/api/%61dmin/users', '/api/%75ser/1', '/api/%61lumni']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(404);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('a file read with the file cookie is no-store; the same file read by a guest keeps its caching', async () => {
    const member = await t.app.inject({ method: 'GET', url: publicFileUrl, headers: { cookie: 'nids_file=whatever' } });
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    const guest = await t.app.inject({ method: 'GET', url: publicFileUrl });
    expect(guest.headers['cache-control']).toBe('private, max-age=300');
  });

  it('guest reads of public boards keep their revalidated caching (issue 8)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice' });
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers.etag).toBeDefined();
  });

  it('sign-in and token refresh answers are no-store', async () => {
    const signin = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: 'nobody', password: 'wrong!pw1' } });
    expect(signin.headers['cache-control']).toBe('private, no-store');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: 'x' } });
    expect(refresh.headers['cache-control']).toBe('private, no-store');
  });
});

describe('CORS', () => {
  const foreign = 'https://evil.example.com';
  const partner = 'https://partner.example.go.kr';

  function expectNoCors(res: LightMyRequestResponse) {
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  }

  it('by default a foreign origin gets its answer without Access-Control-Allow-Origin (its page cannot read it)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-setting/info', headers: { origin: foreign } });
    expect(res.statusCode).toBe(200);
    expectNoCors(res);
    const member = await t.app.inject({ method: 'GET', url: `/api/user/${t.users.member}`, headers: { origin: foreign, ...t.auth(t.tokens.member) } });
    expectNoCors(member);
  });

  it('by default a foreign preflight is refused: 403 with the envelope, no CORS headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/signin',
      headers: { origin: foreign, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expectRefusal(res, 403, 'FORBIDDEN');
    expectNoCors(res);
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('the site itself (same origin) needs nothing and is served as usual', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/board-item/search', headers: { origin: 'http://localhost:80', host: 'localhost:80' }, payload: { boardCode: 'notice' } });
    expect(res.statusCode).toBe(200);
    expectNoCors(res);
  });

  it('CORS_ORIGINS: a listed origin may read the public API, never with credentials or a token', async () => {
    const listed = await createTestApp({ env: { CORS_ORIGINS: `${partner}, https://other.example.kr` } });
    try {
      const res = await listed.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice', headers: { origin: partner } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(partner);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      // Shared caches keep answers for different origins apart; the board's own Vary stays.
      expect(String(res.headers.vary)).toMatch(/Authorization/);
      expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);

      const preflight = await listed.app.inject({
        method: 'OPTIONS',
        url: '/api/board-item/search',
        headers: { origin: partner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(partner);
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
      // Content-Type only: a page of the partner cannot send a member's bearer token.
      expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');

      const other = await listed.app.inject({ method: 'GET', url: '/api/site-setting/info', headers: { origin: foreign } });
      expectNoCors(other);
      const otherPreflight = await listed.app.inject({ method: 'OPTIONS', url: '/api/board-item/search', headers: { origin: foreign, 'access-control-request-method': 'POST' } });
      expectRefusal(otherPreflight, 403, 'FORBIDDEN');
      expectNoCors(otherPreflight);
      // Pages are not part of the API: no CORS headers there, listed or not.
      expectNoCors(await listed.app.inject({ method: 'GET', url: '/healthz', headers: { origin: partner } }));
    } finally {
      await listed.close();
    }
  });
});

describe('request limits', () => {
  it('a JSON body over 1 MB is 413 with the envelope, before the route runs', async () => {
    const before = deepRouteRuns;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/deep',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expectRefusal(res, 413, 'PAYLOAD_TOO_LARGE', '요청 크기가 너무 큽니다.');
    expect(deepRouteRuns).toBe(before);
  });

  const nested = (depth: number) => '['.repeat(depth - 1) + '{"a":1}' + ']'.repeat(depth - 1);

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is 400 with the envelope, before the route runs`, async () => {
    const before = deepRouteRuns;
    for (const depth of [MAX_JSON_DEPTH + 1, 1000, 200_000]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/deep', headers: { 'content-type': 'application/json' }, payload: nested(depth) });
      expectRefusal(res, 400, 'BAD_REQUEST');
    }
    expect(deepRouteRuns).toBe(before);
  });

  it(`JSON ${MAX_JSON_DEPTH} levels deep reaches the route, and brackets inside strings do not count`, async () => {
    const before = deepRouteRuns;
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/deep', headers: { 'content-type': 'application/json' }, payload: nested(MAX_JSON_DEPTH) });
    expect(ok.statusCode, ok.body).toBe(200);
    const brackets = await t.app.inject({
      method: 'POST',
      url: '/api/test/deep',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: '[{'.repeat(500) + '"\\"[' }),
    });
    expect(brackets.statusCode, brackets.body).toBe(200);
    expect(deepRouteRuns).toBe(before + 2);
  });

  it('a \\u0000 escape in a JSON string or key is 400 before the route runs; an escaped backslash before u0000 is text', async () => {
    const post = (payload: string) => t.app.inject({ method: 'POST', url: '/api/test/deep', headers: { 'content-type': 'application/json' }, payload });
    const before = deepRouteRuns;
    for (const payload of ['{"t":"\\u0000"}', '{"\\u0000":1}', '["a","b\\\\\\u0000"]', '{"a":{"b":["x\\u0000y"]}}']) {
      expectRefusal(await post(payload), 400, 'BAD_REQUEST');
    }
    expect(deepRouteRuns).toBe(before);
    // JSON `\\u0000` is a backslash then the letters u0000, as is `\\\\u0000`; U+0001 is allowed.
    for (const payload of ['{"t":"\\\\u0000"}', '{"t":"\\\\\\\\u0000"}', '{"t":"\\u0001"}']) {
      const ok = await post(payload);
      expect(ok.statusCode, `${payload}: ${ok.body}`).toBe(200);
    }
    expect(deepRouteRuns).toBe(before + 3);
  });

  it('prototype pollution keys are still refused by the JSON parser', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/deep', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true}}' });
    expectRefusal(res, 400, 'BAD_REQUEST');
  });

  it('an upload over its limit is 413, and no more than the limit ever reaches the file store', async () => {
    const spy = watchStoreWrites(t.app.deps.files);
    const limit = 20 * 1024 * 1024;
    try {
      const names = await storedNames(t.app);
      const big = Buffer.concat([samplePdf, Buffer.alloc(limit + 5 * 1024 * 1024, 0x20)]);
      const { uploadRes } = await uploadThroughApi(t.app, t.auth(t.tokens.member), { fileName: 'big.pdf', data: big, boardCode: 'community', declaredSize: 100 });
      expectRefusal(uploadRes, 413, 'PAYLOAD_TOO_LARGE');
      expect(spy.received()).toBeGreaterThan(0);
      expect(spy.received()).toBeLessThanOrEqual(limit);
      expect(await storedNames(t.app)).toEqual(names);
    } finally {
      spy.restore();
    }
  });
});

describe('slow clients are cut off (HEADERS_TIMEOUT_SECONDS=1, REQUEST_TIMEOUT_SECONDS=2)', () => {
  let slow: TestApp;
  let port: number;

  beforeAll(async () => {
    slow = await createTestApp({
      env: { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '30' },
      configure(app) {
        // An answer that is still going out a while after its head was sent (a download, say).
        app.get('/api/test/streaming', (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
          reply.raw.write('first part;');
          setTimeout(() => reply.raw.end('second part'), 1_000);
        });
      },
    });
    await slow.app.listen({ host: '127.0.0.1', port: 0 });
    port = (slow.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await slow?.close();
  });

  /** A refusal written by the parser's error handler: status, the site headers, the Korean envelope, closed. */
  function expectRawRefusal(answer: string, status: number, code: string, message: string) {
    const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8')];
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({ code, message });
  }

  /** Sends `first`, then one more byte of `drip` every 200 ms; resolves with what came back and when the server closed. */
  function dripping(first: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(first);
        let i = 0;
        timer = setInterval(() => {
          if (!socket.destroyed && i < drip.length) socket.write(drip[i++]!);
        }, 200);
      });
      socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      const giveUp = setTimeout(() => {
        clearInterval(timer);
        socket.destroy();
        reject(new Error(`the server kept a slow client for 10 s; it sent back: ${answer}`));
      }, 10_000);
    });
  }

  it('headers that never finish: 408 and the connection closed within about a second', async () => {
    const { answer, closedAfterMs } = await dripping('GET /api/site-setting/info HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: ' + 'a'.repeat(200));
    expectRawRefusal(answer, 408, 'REQUEST_TIMEOUT', opsMessages.requestTimeout);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('a body that trickles in: 408 and closed once the whole request took over 2 s; the route never ran', async () => {
    const { answer, closedAfterMs } = await dripping(
      'POST /api/board-item/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"boardCode":"notice","keyword":"',
      'a'.repeat(200),
    );
    expectRawRefusal(answer, 408, 'REQUEST_TIMEOUT', opsMessages.requestTimeout);
    expect(answer).not.toContain('SUCCESS');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('what is not HTTP, or has headers too large, gets the envelope and the site headers too', async () => {
    const garbage = await dripping('HELLO THERE\r\n\r\n', '');
    expectRawRefusal(garbage.answer, 400, 'BAD_REQUEST', '요청 값이 올바르지 않습니다.');
    const huge = await dripping(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`, '');
    expectRawRefusal(huge.answer, 431, 'PAYLOAD_TOO_LARGE', opsMessages.requestTooLarge);
  });

  it('a bad request pipelined behind one whose answer is going out: no refusal written into that answer, the connection closed', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      let got = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/test/streaming HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      socket.on('data', (d: Buffer) => {
        const first = !got.includes('first part');
        got += d.toString('latin1');
        // Once the first answer has begun: the next "request" on the connection is not HTTP.
        if (first && got.includes('first part')) socket.write('HELLO THERE\r\n\r\n');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(got);
      });
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no close within 5 s; got: ${got}`));
      }, 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('first part;');
    expect(answer).not.toContain('HTTP/1.1 400');
    expect(answer).not.toContain('BAD_REQUEST');
  });

  it('a client at normal speed is served on the same server', async () => {
    const res = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/api/site-setting/info' }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(res).toBe(200);
  });
});

describe('errors show nothing of the internals, and 5xx answers carry the id of their log line', () => {
  const internals = /SELECT|app_user|password_hash|\/srv\/|\.ts:\d+|node_modules|\bpg\b|drizzle|fastify|postgres|stack|\n\s+at /i;

  it('a failing route: 500, the Korean message, the request id, and the same id on the error log line', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(res.statusCode).toBe(500);
    const answer = res.json<{ code: string; message: string; requestId: string }>();
    expect(answer.code).toBe('INTERNAL_ERROR');
    expect(answer.message).toMatch(/[가-힣]/);
    expect(answer.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(internals);
    const line = await waitUntil(
      async () => log.split('\n').find((l) => l.includes(answer.requestId) && l.includes('unhandled error')),
      Boolean,
      'the error log line',
    );
    const logged = JSON.parse(line!) as { reqId: string; level: number; err: { message: string; stack: string } };
    expect(logged.reqId).toBe(answer.requestId);
    expect(logged.level).toBe(50);
    // The detail is for the operators: in the log, not the answer.
    expect(logged.err.message).toContain('password_hash');
  });

  it('a caller-given request id (a proxy\'s) is the one the answer and the log line carry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/fails', headers: { 'x-request-id': 'nginx-abc.123' } });
    expect(res.json<{ requestId: string }>().requestId).toBe('nginx-abc.123');
    await waitUntil(async () => log.includes('"reqId":"nginx-abc.123"'), Boolean, 'the log line with the proxy id');
  });

  it('the database gone: a 5xx envelope with the id, no SQL or driver names, and the id in the log', async () => {
    let lines = '';
    const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _e, done) => void ((lines += chunk.toString()), done()) }));
    // An instance of its own on this file's database, whose pool is then closed under it.
    const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    const app = await buildApp({ db: database.db, config: t.config, keys: t.keys }, { loggerInstance: logger });
    await app.ready();
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth(t.tokens.admin) });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      const answer = res.json<{ code: string; message: string; requestId: string }>();
      expect(['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']).toContain(answer.code);
      expect(answer.message).toMatch(/[가-힣]/);
      expect(answer.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toMatch(internals);
      const line = lines.split('\n').find((l) => l.includes(`"reqId":"${answer.requestId}"`) && /"level":(40|50)/.test(l) && l.includes('"err"'));
      expect(line, lines.slice(-2000)).toBeDefined();
    } finally {
      // Its shutdown hooks find the pool closed: that is this test's doing, not a finding.
      await app.close().catch(() => undefined);
    }
  });

  it('client mistakes are 4xx without an id or internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/board-item/search', headers: { 'content-type': 'application/json' }, payload: '{"boardCode":' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['code', 'message']);
    expect(res.body).not.toMatch(internals);
  });
});
