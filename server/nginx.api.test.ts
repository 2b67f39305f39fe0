import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMessages, opsMessages, type TokenPair } from '@contract';
import { rawRequest, startLocalNginx, type LocalNginx, type RawRequest } from '../deploy/nginx/local';
import { findNginx, findOpenssl } from '@scripts/system-packages.mjs';
import { securityHeaders } from './security-headers';
import { freePort } from './lib/process';
import { openTestDatabase, type TestDatabase } from './test/harness';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from './test/global-setup';
import { waitUntil } from './test/observe';
import { spawnServer, waitForApi, type ServerProcess } from './test/server-process';

/**
 * deploy/nginx/nids.conf in front of two real server processes (server/main.ts) on one database
 * and one file store: TLS and the redirect, both instances used over kept-alive connections, the
 * client address as nginx saw it, what its access log leaves out, compression, cached assets,
 * /metrics hidden, the upload limit, a token from one instance used on the other, and SIGTERM to
 * one instance under load.
 */
const METRICS_TOKEN = 'nginx-test-metrics-token-1';
/** Any 127.x.y.z is this machine: a client address apart from nginx's own 127.0.0.1. */
const CLIENT_ADDRESS = '127.0.0.3';
const FORGED_ADDRESS = '203.0.113.9';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-nginx-'));
// nginx runs as nobody when the tests run as root: it must pass through to the build and its own directory.
fs.chmodSync(tmp, 0o755);
const webDistDir = path.join(tmp, 'web');
const asset = { path: '/assets/index-abc123.js', text: `console.log(${JSON.stringify('x'.repeat(3000))});\n` };
// Over nginx's gzip_min_length (1 KB), and without a .gz copy: the instance sends it as it is.
const indexHtml = `<!doctype html><html lang="ko"><head><title>누리집</title><script type="module" src="${asset.path}"></script></head><body>${'<p>본문</p>'.repeat(200)}</body></html>`;

let database: TestDatabase;
let nginx: LocalNginx;
const instances: { name: string; port: number; server: ServerProcess }[] = [];

beforeAll(async () => {
  const nginxPath = findNginx();
  const opensslPath = findOpenssl();
  fs.mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDistDir, asset.path), asset.text);
  fs.writeFileSync(path.join(webDistDir, `${asset.path}.gz`), zlib.gzipSync(asset.text, { level: 9 }));

  database = await openTestDatabase();
  const shared = {
    DATABASE_URL: database.url,
    FILES_DIR: path.join(tmp, 'files'),
    JWT_SECRET: 'nginx-test-jwt-secret-0123456789abcdef',
    // Instances with DATA_DIRs of their own share their field encryption key this way (issue 25).
    FIELD_ENCRYPTION_KEY: 'nginx-test-field-key-0123456789abcdef',
    WEB_DIST_DIR: webDistDir,
    // Only nginx (127.0.0.1) may say who the client is.
    TRUST_PROXY: '127.0.0.1',
    HTTPS: 'true',
    ADMIN_ID: TEST_ADMIN_ID,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    METRICS_TOKEN,
    HOUSEKEEPING_INTERVAL_MINUTES: '0',
  };
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const dataDir = path.join(tmp, name);
    fs.mkdirSync(dataDir);
    instances.push({ name, port, server: spawnServer({ port, dataDir, env: shared }) });
  }
  await Promise.all(instances.map((i) => waitForApi(i.port)));
  nginx = await startLocalNginx({
    dir: path.join(tmp, 'nginx'),
    nginxPath,
    opensslPath,
    upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
    webDistDir,
  });
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(
    instances.map(async ({ server }) => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }),
  );
  await database?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A request to nginx over HTTPS, trusting its test certificate. */
function viaNginx(urlPath: string, opts: RawRequest = {}) {
  return rawRequest(`${nginx.httpsUrl}${urlPath}`, { ca: nginx.ca, ...opts });
}

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { remoteAddress?: string; remotePort?: number };
}

function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The "incoming request" log line of request `id` and the instance that wrote it; undefined if none did. */
function incoming(id: string): { name: string; line: LogLine } | undefined {
  for (const { name, server } of instances) {
    const line = logLines(server).find((l) => l.reqId === id && l.msg === 'incoming request');
    if (line) return { name, line };
  }
  return undefined;
}

/** Which instance served request `id` (its log line may arrive a moment after the answer). */
async function servedBy(id: string): Promise<{ name: string; line: LogLine }> {
  return (await waitUntil(async () => incoming(id), Boolean, `an instance to log request ${id}`))!;
}

describe('nginx in front of two instances (deploy/nginx/nids.conf)', () => {
  it('redirects HTTP to HTTPS and answers over TLS with the instances\' headers', async () => {
    const redirect = await rawRequest(`${nginx.httpUrl}/board/notice?page=2`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://127.0.0.1:${nginx.httpsPort}/board/notice?page=2`);

    const health = await viaNginx('/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ code: 'SUCCESS', data: { status: 'ok' } });
    // HTTPS=true on the instances: HSTS comes from them through nginx.
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('spreads requests over both instances on kept-alive upstream connections', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `spread-${i}`);
    for (const id of ids) expect((await viaNginx('/api/site-setting/info', { headers: { 'x-request-id': id } })).status).toBe(200);
    const served = await Promise.all(ids.map(servedBy));
    for (const { name } of instances) {
      const lines = served.filter((s) => s.name === name).map((s) => s.line);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      // keepalive: several requests arrived on one connection (the same nginx-side port).
      const ports = new Set(lines.map((l) => l.req?.remotePort));
      expect(ports.size).toBeLessThan(lines.length);
    }
  });

  it('passes on the address nginx saw and drops an X-Forwarded-For the client wrote', async () => {
    const id = 'forged-xff-1';
    const res = await viaNginx('/api/site-setting/info', {
      localAddress: CLIENT_ADDRESS,
      headers: { 'x-request-id': id, 'x-forwarded-for': FORGED_ADDRESS },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    // The instances trust X-Forwarded-For from nginx (TRUST_PROXY=127.0.0.1): they see the
    // client, not nginx, and not the forged address.
    const { line } = await servedBy(id);
    expect(line.req?.remoteAddress).toBe(CLIENT_ADDRESS);
    for (const { server } of instances) expect(server.output()).not.toContain(FORGED_ADDRESS);
    // nginx writes its access log line after the answer has gone out.
    const access = await waitUntil(
      async () => fs.readFileSync(nginx.accessLog, 'utf8').split('\n').find((l) => l.includes(`"request_id":"${id}"`)),
      Boolean,
      'nginx to log the request',
    );
    expect(access).toContain(`"remote_addr":"${CLIENT_ADDRESS}"`);
  });

  it('an instance reached directly ignores X-Forwarded-For from anyone but the proxy', async () => {
    const id = 'forged-direct-1';
    const res = await rawRequest(`http://127.0.0.1:${instances[0]!.port}/api/site-setting/info`, {
      localAddress: CLIENT_ADDRESS,
      headers: { 'x-request-id': id, 'x-forwarded-for': FORGED_ADDRESS },
    });
    expect(res.status).toBe(200);
    const { line } = await servedBy(id);
    expect(line.req?.remoteAddress).toBe(CLIENT_ADDRESS);
  });

  it('keeps query values and upload tokens out of its access log, as the instances do', async () => {
    const token = 'T'.repeat(43);
    await viaNginx(`/api/file/upload/${token}`, { method: 'POST', headers: { 'x-request-id': 'log-token' }, body: '' });
    await viaNginx('/api/board-item?boardCode=notice&searchType=title&keyword=홍길동010', { headers: { 'x-request-id': 'log-query' } });
    const lines = await waitUntil(
      async () => fs.readFileSync(nginx.accessLog, 'utf8'),
      (log) => log.includes('"request_id":"log-query"') && log.includes('"request_id":"log-token"'),
      'nginx to log both requests',
    );
    expect(lines).toContain('"path":"/api/file/upload/[token]"');
    expect(lines).toContain('"path":"/api/board-item"');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain('keyword');
    expect(lines).not.toContain(encodeURIComponent('홍길동'));
  });

  it('keeps the instances\' compressed JSON and HTML (the app compresses both itself)', async () => {
    const api = await viaNginx('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(api.body).toString()).openapi).toMatch(/^3\./);

    // The app sends its pages compressed (server/web.ts); nginx passes them on as they are. The home
    // page's canonical URL and og:url name the origin it was asked at, which differs between the two.
    const direct = await rawRequest(`http://127.0.0.1:${instances[0]!.port}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(direct.headers['content-encoding']).toBe('gzip');
    const page = await viaNginx('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    const withoutOrigin = (body: Buffer) => zlib.gunzipSync(body).toString().replace(/https?:\/\/[^/"]+(?=\/)/g, '(origin)');
    expect(withoutOrigin(page.body)).toBe(withoutOrigin(direct.body));
    // index.html with the home page's own tags in its head.
    const html = withoutOrigin(page.body);
    expect(html).toContain(indexHtml.slice(indexHtml.indexOf('<script'), indexHtml.indexOf('</head>')));
    expect(html).toContain(indexHtml.slice(indexHtml.indexOf('</head>'), indexHtml.indexOf('</body>')));
    expect(html).toContain('<link rel="canonical" href="(origin)/" />');
  });

  it('serves fingerprinted assets from the build, precompressed, cached for a year; a missing one is a 404', async () => {
    const res = await viaNginx(asset.path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    // The build's own .gz copy, byte for byte (gzip_static), not one compressed on the fly.
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(fs.readFileSync(path.join(webDistDir, `${asset.path}.gz`)))).toBe(true);

    const missing = await viaNginx('/assets/index-gone99.js');
    expect(missing.status).toBe(404);
    expect(missing.text()).not.toContain('<!doctype html><html lang="ko">');
  });

  it('gives its own answers the instances\' security headers, never doubles theirs, and names no version', async () => {
    const expected = securityHeaders({ https: true });
    expect(expected['content-security-policy']).toContain("style-src 'self'");
    const own = {
      asset: await viaNginx(asset.path),
      'hidden /metrics': await viaNginx('/metrics'),
      '413': await viaNginx('/api/user/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) }),
    };
    expect(own['413'].status).toBe(413);
    expect(own['413'].headers['cache-control']).toBe('no-store');
    const proxied = { health: await viaNginx('/healthz'), page: await viaNginx('/') };
    for (const [what, res] of Object.entries({ ...own, ...proxied })) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${name} on ${what}`).toBe(value);
      // server_tokens off: "nginx", without its version.
      expect(res.headers.server, what).toBe('nginx');
      expect(res.headers['x-powered-by'], what).toBeUndefined();
    }
  });

  it('does not expose /metrics, which the instances serve to the metrics token', async () => {
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    const direct = await rawRequest(`http://127.0.0.1:${instances[0]!.port}/metrics`, { headers: auth });
    expect(direct.status).toBe(200);
    expect(direct.text()).toContain('# TYPE');
    for (const hidden of ['/metrics', '/metrics/', '//metrics', '/%6detrics']) {
      const res = await viaNginx(hidden, { headers: auth });
      expect(res.status, hidden).toBe(404);
      expect(res.text(), hidden).not.toContain('# TYPE');
    }
  });

  it('refuses a body over the limit itself with the JSON 413, and lets a 5 MB upload through to the instances', async () => {
    const uploadPath = `/api/file/upload/${'A'.repeat(43)}`;
    // Over the upload limit (101 MB): refused from the Content-Length alone, before the body.
    const tooBig = await sendDeclaring(uploadPath, 110 * 1024 * 1024, 'too-big-upload');
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(tooBig.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: '요청 크기가 너무 큽니다.' });

    // The whole 102 MB sent, three times (issue 25): nginx reads and drops the rest after its 413
    // (lingering close), so each client reads the answer instead of a reset.
    const huge = Buffer.alloc(102 * 1024 * 1024, 0x20);
    for (let i = 0; i < 3; i++) {
      const sent = await viaNginx(uploadPath, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-request-id': `huge-upload-${i}` },
        body: huge,
        timeoutMs: 60_000,
      });
      expect(sent.status).toBe(413);
      expect(sent.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: '요청 크기가 너무 큽니다.' });
    }

    // A JSON body over 1 MB (the instances' own limit) anywhere else.
    const bigJson = await viaNginx('/api/user/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'too-big-json' },
      body: JSON.stringify({ userKeyType: 'ID', userKeyCode: 'x'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(bigJson.status).toBe(413);
    expect(bigJson.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: '요청 크기가 너무 큽니다.' });

    // 5 MB to an upload URL passes nginx: the instance answers (this URL was never issued).
    const boundary = 'nginx-test-boundary';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.alloc(5 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const passed = await viaNginx(uploadPath, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-request-id': 'five-mb-upload' },
      body: multipart,
      timeoutMs: 30_000,
    });
    expect(passed.status).toBe(400);
    expect(passed.json()).toEqual({ code: 'BAD_REQUEST', message: boardMessages.uploadUrlInvalid });
    await servedBy('five-mb-upload');
    // The refused ones never reached an instance.
    expect(incoming('too-big-upload')).toBeUndefined();
    expect(incoming('too-big-json')).toBeUndefined();
  });

  it('takes a token issued by one instance on the other', async () => {
    const signin = await viaNginx('/api/user/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'signin-1' },
      body: JSON.stringify({ userKeyType: 'ID', userKeyCode: TEST_ADMIN_ID, password: TEST_ADMIN_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    const { accessToken, user } = signin.json<{ data: TokenPair }>().data;
    const issuer = (await servedBy('signin-1')).name;
    // Round robin: within a few requests one lands on the other instance.
    const others: string[] = [];
    for (let i = 0; i < 4 && others.length === 0; i++) {
      const id = `me-${i}`;
      const me = await viaNginx(`/api/user/${user.id}`, { headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': id } });
      expect(me.status).toBe(200);
      expect(me.json<{ data: { userKeyCode: string } }>().data.userKeyCode).toBe(TEST_ADMIN_ID);
      if ((await servedBy(id)).name !== issuer) others.push(id);
    }
    expect(others).toHaveLength(1);
  });

  it('loses no request when one instance is stopped (SIGTERM) under load, and that instance exits 0', async () => {
    const [stopped, remaining] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const agent = new https.Agent({ keepAlive: true, ca: nginx.ca, maxSockets: 4 });
    const answers: number[] = [];
    const failures: string[] = [];
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const id = `load-${n++}`;
        try {
          const res = await viaNginx('/api/site-setting/info', { agent, headers: { 'x-request-id': id } });
          answers.push(res.status);
        } catch (err) {
          failures.push(`${id}: ${err instanceof Error ? err.message : err}`);
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await waitUntil(async () => answers.length, (count) => count >= 40, 'load to be under way');
    stopped.server.child.kill('SIGTERM');
    const exitCode = await stopped.server.exited;
    const atExit = answers.length;
    await waitUntil(async () => answers.length, (count) => count >= atExit + 40, 'load to go on after the exit');
    running = false;
    await Promise.all(workers);
    agent.destroy();

    expect(exitCode).toBe(0);
    expect(failures).toEqual([]);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(stopped.server.output()).toContain('"msg":"shut down"');
    // Both took part in the load; the one left served what came after.
    expect(stopped.server.output()).toContain('"reqId":"load-');
    expect((await servedBy(`load-${n - 1}`)).name).toBe(remaining.name);
  });
});

describe('nginx with no instance answering', () => {
  let alone: LocalNginx;
  beforeAll(async () => {
    // A port nothing listens on: every upstream connection is refused, as when all instances are down.
    alone = await startLocalNginx({
      dir: path.join(tmp, 'nginx-alone'),
      nginxPath: findNginx(),
      opensslPath: findOpenssl(),
      upstreams: [`127.0.0.1:${await freePort()}`],
      webDistDir,
    });
  });
  afterAll(async () => {
    await alone?.stop();
  });

  it('answers 503 in the envelope, with a request id in its body, its header and the access log line', async () => {
    const get = (id: string) => rawRequest(`${alone.httpsUrl}/api/site-setting/info`, { ca: alone.ca, headers: { 'x-request-id': id } });
    const res = await get('nginx-503-id');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.temporarilyUnavailable, requestId: 'nginx-503-id' });
    expect(res.headers['x-request-id']).toBe('nginx-503-id');
    await waitUntil(
      async () => fs.readFileSync(alone.accessLog, 'utf8'),
      (log) => log.includes('"request_id":"nginx-503-id"'),
      'the 503 in the access log',
    );
    // An id outside the instances' rule is not echoed into the JSON: nginx's own replaces it.
    const forged = await get('x","code":"SUCCESS');
    expect(forged.status).toBe(503);
    const answer = forged.json<{ code: string; requestId: string }>();
    expect(answer.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(forged.headers['x-request-id']).toBe(answer.requestId);
  });
});

/** POSTs with a declared Content-Length of `bytes` but sends only 64 KB: nginx must answer from the header alone. */
function sendDeclaring(urlPath: string, bytes: number, id: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${nginx.httpsUrl}${urlPath}`,
      {
        method: 'POST',
        ca: nginx.ca,
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(bytes), 'x-request-id': id },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.write(Buffer.alloc(64 * 1024));
  });
}
