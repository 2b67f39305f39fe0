import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, openSecondInstance, type TestApp } from './test/harness';
import { createBoardItem } from './test/factories';
import { fakeWebBuild } from './test/web-build';

/**
 * The front door (front-door.ts, decision 0051): a kept guest answer asked for again at the same
 * address is answered before Fastify, the same answer Fastify sent, for as long as the answer is
 * current on this instance. `app.inject` does not pass through the server's listener, so these
 * tests ask listening servers over HTTP. The second instance is the one read from; writes go
 * through the first, as two server processes behind one address would see them.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof openSecondInstance>>;
let base: string;
let web: ReturnType<typeof fakeWebBuild> | undefined;
const LIST = '/api/board-item?boardCode=notice&page=1&size=5&sort=createdDate%2CDESC&showItemToMain=true';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** GET (or HEAD) `path` from the second instance: the answer as sent, its body decoded, and whether the door answered. */
async function ask(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = second.app.frontDoor.answered;
  const res = await new Promise<http.IncomingMessage & { raw: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve(Object.assign(r, { raw: Buffer.concat(chunks) })));
    });
    req.on('error', reject);
    req.end();
  });
  const encoding = res.headers['content-encoding'];
  // A HEAD's or a 304's empty body says its encoding without bytes to decode.
  const decoded = res.raw.length === 0 ? res.raw : encoding === 'br' ? brotliDecompressSync(res.raw) : encoding === 'gzip' ? gunzipSync(res.raw) : res.raw;
  const text = decoded.toString('utf8');
  return { res, status: res.statusCode, text, byDoor: second.app.frontDoor.answered > before };
}

/** The headers a client sees, less the ones that differ between any two answers. */
function lastingHeaders(res: http.IncomingMessage): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, 'content-length': _length, ...kept } = res.headers;
  return kept;
}

const adminWrite = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/board-item/notice', payload, headers: t.auth(t.tokens.admin) });

beforeAll(async () => {
  // No view flush during a test: a flush changes the boards' answers. A small web build, for the reader pages.
  web = fakeWebBuild('front-door');
  t = await createTestApp({ env: { VIEW_FLUSH_SECONDS: '3600', WEB_DIST_DIR: web.dir } });
  // Enough posts that a list's answer is worth compressing (over a kilobyte).
  for (let i = 1; i <= 8; i++) await createBoardItem(t.db, { title: `문 앞 공지 ${i}: 인체이식형 의료기기 환자등록 안내`, showItemToMain: true });
  second = await openSecondInstance(t);
  base = await listen(second.app);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  web?.remove();
});

describe('the front door', () => {
  it("makes the server with the timeouts Fastify sets on one it makes (slow clients, nginx's kept-alive connections)", () => {
    const { server } = second.app;
    // app.ts: over nginx's upstream keepalive_timeout, so that nginx closes an idle connection first.
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.requestTimeout).toBe(t.config.clientTimeouts.requestMs);
    expect(server.headersTimeout).toBe(t.config.clientTimeouts.headersMs);
    expect(server.timeout).toBe(t.config.clientTimeouts.idleMs);
  });

  it('answers a kept list asked for again with the answer Fastify sent: same headers, same body, in each encoding', async () => {
    for (const [size, encoding] of [[5, 'br'], [6, 'gzip'], [7, 'identity']] as const) {
      const path = `/api/board-item?boardCode=notice&page=1&size=${size}&sort=createdDate%2CDESC&showItemToMain=true`;
      const first = await ask(path, { 'accept-encoding': encoding });
      const again = await ask(path, { 'accept-encoding': encoding });
      expect(first.status).toBe(200);
      expect(first.byDoor).toBe(false);
      expect(again.byDoor).toBe(true);
      expect(again.status).toBe(200);
      expect(again.res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(lastingHeaders(again.res)).toEqual(lastingHeaders(first.res));
      expect(again.text).toBe(first.text);
      expect(JSON.parse(again.text)).toMatchObject({ code: 'SUCCESS' });
      expect(again.res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.res.headers['x-request-id']).not.toBe(first.res.headers['x-request-id']);
    }
  });

  it("answers 304 to a client that holds the answer, and counts its answers in the route's request metrics", async () => {
    const observe = vi.spyOn(second.app.operations.metrics, 'observe');
    const { res } = await ask(LIST);
    const held = await ask(LIST, { 'if-none-match': String(res.headers.etag) });
    expect(held.byDoor).toBe(true);
    expect(held.status).toBe(304);
    expect(held.text).toBe('');
    expect(observe).toHaveBeenCalledWith('GET', '/api/board-item', 304, expect.any(Number));
    observe.mockRestore();
  });

  it('stops answering as soon as a write on the other instance changes the answer, then answers the new one', async () => {
    expect((await ask(LIST)).byDoor).toBe(true);
    expect((await adminWrite({ title: '다른 인스턴스에서 쓴 공지', content: '<p>본문</p>', showItemToMain: true })).statusCode).toBe(200);
    // The write reaches the second instance by the database's notification, within moments.
    await vi.waitFor(async () => expect((await ask(LIST)).text).toContain('다른 인스턴스에서 쓴 공지'), { timeout: 5_000, interval: 50 });
    const again = await ask(LIST);
    expect(again.byDoor).toBe(true);
    expect(again.text).toContain('다른 인스턴스에서 쓴 공지');
  });

  it('leaves to Fastify a request with a bearer token, a cookie, an Origin, a HEAD, a post and an answer the cache no longer keeps', async () => {
    await ask(LIST);
    const member = await ask(LIST, { authorization: `Bearer ${t.tokens.member}` });
    expect(member.byDoor).toBe(false);
    expect(member.status).toBe(200);
    expect(member.res.headers['cache-control']).toBe('private, no-store');
    expect((await ask(LIST, { cookie: 'a=b' })).byDoor).toBe(false);
    expect((await ask(LIST, { origin: 'https://elsewhere.example' })).byDoor).toBe(false);
    const head = await ask(LIST, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.byDoor).toBe(false);
    const [post] = (JSON.parse((await ask(LIST)).text) as { data: { content: { itemNo: number }[] } }).data.content;
    await ask(`/api/board-item/notice/${post!.itemNo}`);
    // A post's answer counts a view each time: never the door's.
    expect((await ask(`/api/board-item/notice/${post!.itemNo}`)).byDoor).toBe(false);
    // Nor an answer the cache no longer keeps (evicted, or every answer dropped).
    expect((await ask(LIST)).byDoor).toBe(true);
    second.app.deps.boardCaching.cache.invalidateAll();
    expect((await ask(LIST)).byDoor).toBe(false);
    expect((await ask(LIST)).byDoor).toBe(true);
  });

  /** A page as a browser opens it (Sec-Fetch-Dest: document), by a visitor named by its browser. */
  const open = (path: string, visitor = 'front-door reader', headers: Record<string, string> = {}) =>
    ask(path, { 'sec-fetch-dest': 'document', 'user-agent': visitor, ...headers });
  const viewCountIn = (html: string) => Number(/"viewCount":(\d+)/.exec(html)?.[1]);
  /** The titles of the list in a page's first data (its JSON escapes what is not ASCII). */
  const listedIn = (html: string) => {
    const json = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '[]';
    const list = (JSON.parse(json) as { request: { id: string }; answer: { data: { content: { title: string }[] } } }[]).find((item) => item.request.id === 'boardItem.list');
    return list?.answer.data.content.map((item) => item.title) ?? [];
  };

  it('answers a kept reader page asked for again with the page Fastify sent: the home page, a list, a post opened or previewed, in each encoding', async () => {
    const { itemNo } = await createBoardItem(t.db, { title: '문 앞에서 여는 공지', content: '<p>문 앞 본문</p>' });
    const cases: [string, Record<string, string>, string[]][] = [
      ['/', { 'sec-fetch-dest': 'document' }, ['br', 'gzip', 'identity']],
      ['/Nids/notice/List/', { 'sec-fetch-dest': 'document' }, ['br', 'gzip', 'identity']],
      // A post's page sent before goes in gzip (count-gzip.ts), whoever sends it: compared in the
      // encodings where Fastify's kept page and the door's are the same bytes.
      [`/Nids/notice/View/${itemNo}`, { 'sec-fetch-dest': 'document' }, ['gzip', 'identity']],
      // A link preview's: no Sec-Fetch-Dest, so no post's answer in it and no view counted.
      [`/Nids/notice/View/${itemNo}`, {}, ['br', 'gzip', 'identity']],
    ];
    for (const [path, headers, encodings] of cases) {
      for (const encoding of encodings) {
        // An address of its own, so each encoding's first answers are Fastify's: the list's spelled
        // another way (a query string would leave its list out of the page: list-params.ts).
        const url = path.includes('/List/') ? { br: '/Nids/notice/List/', gzip: '/Nids/notice/List', identity: '/nids/Notice/List/' }[encoding]! : `${path}?encoding=${encoding}`;
        const asked = { ...headers, 'user-agent': 'front-door reader', 'accept-encoding': encoding };
        const byFastify = [await ask(url, asked), await ask(url, asked)].filter((answer) => !answer.byDoor);
        // A post's page is kept when asked for again (decision 0040): its first two are Fastify's.
        const fastify = byFastify.at(-1)!;
        const again = await ask(url, asked);
        expect(again.byDoor, `${url} ${JSON.stringify(headers)}`).toBe(true);
        expect(again.status).toBe(200);
        expect(again.res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(again.res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(lastingHeaders(again.res), url).toEqual(lastingHeaders(fastify.res));
        expect(again.text, url).toBe(fastify.text);
        if (path.includes('/List/')) expect(listedIn(again.text)).toContain('문 앞에서 여는 공지');
        else if (path.includes('/View/')) expect(again.text).toContain('<title>문 앞에서 여는 공지');
        else expect(again.text).toContain('<html lang="ko">');
      }
    }
  });

  it("counts a post's view once a day for each new visitor and records every page load as a visit, as Fastify does", async () => {
    const { itemNo } = await createBoardItem(t.db, { title: '방문자마다 세는 공지', content: '<p>본문</p>' });
    const path = `/Nids/notice/View/${itemNo}`;
    const record = vi.spyOn(second.app.deps.visits, 'record');
    try {
      const first = await open(path, 'visitor A');
      await open(path, 'visitor A');
      const kept = await open(path, 'visitor A');
      expect([first.byDoor, kept.byDoor]).toEqual([false, true]);
      const counted = viewCountIn(first.text);
      expect(viewCountIn(kept.text)).toBe(counted);
      // Each new browser a view more, in the page it is sent; one seen today counts no more.
      const b = await open(path, 'visitor B');
      const c = await open(path, 'visitor C');
      const bAgain = await open(path, 'visitor B');
      expect([b.byDoor, c.byDoor, bAgain.byDoor]).toEqual([true, true, true]);
      expect([viewCountIn(b.text), viewCountIn(c.text), viewCountIn(bAgain.text)]).toEqual([counted + 1, counted + 2, counted + 2]);
      // Through Fastify (a HEAD is never the door's, and counts nothing) the count is the same.
      expect(viewCountIn((await second.app.inject({ method: 'GET', url: path, headers: { 'sec-fetch-dest': 'document', 'user-agent': 'visitor C' } })).body)).toBe(counted + 2);
      // The visit the door records is the one Fastify's handler records, but for its moment and browser.
      const hits = record.mock.calls.map(([hit]) => hit);
      expect(hits).toHaveLength(7);
      const lasting = ({ at: _at, userAgent: _ua, ...hit }: (typeof hits)[number]) => hit;
      expect(lasting(hits[2]!)).toEqual(lasting(hits[1]!));
      expect(hits[3]).toMatchObject({ address: '127.0.0.1', userAgent: 'visitor B', path, host: new URL(base).host, postShown: true });
    } finally {
      record.mockRestore();
    }
  });

  it("leaves a post's page to Fastify while the day's salt is not in memory: one view counted, by Fastify, and nothing asked for by the door", async () => {
    const { itemNo } = await createBoardItem(t.db, { title: '새 날의 첫 방문 공지', content: '<p>본문</p>' });
    const path = `/Nids/notice/View/${itemNo}`;
    for (let i = 0; i < 3; i++) await open(path, 'salted visitor');
    const counted = viewCountIn((await open(path, 'salted visitor')).text);
    const keys = second.app.deps.visitorKeys;
    // The door's reading finds no salt (a new day's first view); Fastify's, after it, does.
    const now = vi.spyOn(keys, 'viewKeyNow').mockReturnValueOnce(undefined);
    const asked = vi.spyOn(keys, 'viewKeyOf');
    try {
      const first = await open(path, 'a new day visitor');
      expect(first.byDoor).toBe(false);
      expect(viewCountIn(first.text)).toBe(counted + 1);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      now.mockRestore();
      asked.mockRestore();
    }
    const again = await open(path, 'a new day visitor');
    expect(again.byDoor).toBe(true);
    expect(viewCountIn(again.text)).toBe(counted + 1);
  });

  it("answers 304 to a client that holds a page in its encoding, observed under the page handler's route as Fastify observes it", async () => {
    const observe = vi.spyOn(second.app.operations.metrics, 'observe');
    try {
      const url = '/Nids/notice/List/?held=1';
      const first = await open(url);
      expect(first.byDoor).toBe(false);
      const fastifyRoute = observe.mock.calls.at(-1)![1];
      const again = await open(url);
      expect(again.byDoor).toBe(true);
      expect(again.res.headers.etag).toMatch(/-br"$/);
      const held = await open(url, undefined, { 'if-none-match': String(again.res.headers.etag) });
      expect(held.byDoor).toBe(true);
      expect(held.status).toBe(304);
      expect(held.text).toBe('');
      expect(observe).toHaveBeenLastCalledWith('GET', fastifyRoute, 304, expect.any(Number));
      // Fastify's 304 to the same tag (a cookie of no account sends it there, a guest's all the
      // same): the door's has the same headers.
      const fastifyHeld = await open(url, undefined, { 'if-none-match': String(again.res.headers.etag), cookie: 'seen=1' });
      expect(fastifyHeld.byDoor).toBe(false);
      expect(fastifyHeld.status).toBe(304);
      expect(lastingHeaders(held.res)).toEqual(lastingHeaders(fastifyHeld.res));
    } finally {
      observe.mockRestore();
    }
  });

  it('stops sending a kept page as soon as a write on the other instance changes a part of it, then sends the new one', async () => {
    const url = '/NIDS/notice/List/';
    await open(url);
    expect((await open(url)).byDoor).toBe(true);
    expect((await adminWrite({ title: '목록 페이지를 바꾸는 공지', content: '<p>본문</p>' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(listedIn((await open(url)).text)).toContain('목록 페이지를 바꾸는 공지'), { timeout: 5_000, interval: 50 });
    const again = await open(url);
    expect(again.byDoor).toBe(true);
    expect(listedIn(again.text)).toContain('목록 페이지를 바꾸는 공지');
  });

  it('leaves to Fastify a page asked with a bearer token, a cookie, an Origin or as a HEAD', async () => {
    const url = '/Nids/notice/List/?credentials=1';
    await open(url);
    expect((await open(url)).byDoor).toBe(true);
    const member = await open(url, undefined, { authorization: `Bearer ${t.tokens.member}` });
    expect(member.byDoor).toBe(false);
    expect(member.status).toBe(200);
    expect((await open(url, undefined, { cookie: 'a=b' })).byDoor).toBe(false);
    expect((await open(url, undefined, { origin: 'https://elsewhere.example' })).byDoor).toBe(false);
    const head = await ask(url, { 'sec-fetch-dest': 'document' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.byDoor).toBe(false);
  });

  it('leaves to Fastify a request the door fails on, and the server keeps answering', async () => {
    await ask(LIST);
    expect((await ask(LIST)).byDoor).toBe(true);
    const { cache } = second.app.deps.boardCaching;
    // The door's lookup throws once (the route's own read after it does not).
    const get = vi.spyOn(cache, 'get').mockImplementationOnce(() => {
      throw new Error('lookup failed (test)');
    });
    try {
      const failed = await ask(LIST);
      expect(failed.status).toBe(200);
      expect(failed.byDoor).toBe(false);
      expect(JSON.parse(failed.text)).toMatchObject({ code: 'SUCCESS' });
    } finally {
      get.mockRestore();
    }
    expect((await ask(LIST)).byDoor).toBe(true);
  });

  it('remembers at most 2,000 addresses, whatever query strings are made up', async () => {
    for (let page = 1; page <= 2_050; page++) await second.app.inject({ method: 'GET', url: `/api/board-item?boardCode=notice&page=${page}` });
    expect(second.app.frontDoor.addresses).toBe(2_000);
  }, 60_000);

  // Last: the instance drains from here on.
  it('closes the connection after its answer while the instance drains', async () => {
    await ask(LIST);
    second.app.operations.readiness.startDraining();
    const draining = await ask(LIST);
    expect(draining.byDoor).toBe(true);
    expect(draining.res.headers.connection).toBe('close');
  });
});

describe('the front door with CORS origins listed', () => {
  it('sends Origin in Vary, as every API answer has it then (cors.ts)', async () => {
    const listed = await openSecondInstance(t, { corsOrigins: ['https://partner.example'] });
    try {
      const url = await listen(listed.app);
      const answers = [await fetch(`${url}${LIST}`), await fetch(`${url}${LIST}`)];
      expect(listed.app.frontDoor.answered).toBe(1);
      expect(answers.map((res) => res.headers.get('vary'))).toEqual(['Authorization, Accept-Encoding, Origin', 'Authorization, Accept-Encoding, Origin']);
    } finally {
      await listed.close();
    }
  });
});

describe('the front door behind a trusted proxy', () => {
  it("counts a post's view and records the visit under the client and host the proxy forwards, as Fastify does", async () => {
    const proxied = await openSecondInstance(t, { trustProxy: '127.0.0.1' });
    try {
      const url = await listen(proxied.app);
      const { itemNo } = await createBoardItem(t.db, { title: '프록시 뒤에서 여는 공지', content: '<p>본문</p>' });
      const path = `/Nids/notice/View/${itemNo}`;
      const record = vi.spyOn(proxied.app.deps.visits, 'record');
      // One browser through the proxy from two addresses: two visitors, each a view.
      const openAs = async (client: string) => {
        const res = await fetch(`${url}${path}`, {
          headers: { 'sec-fetch-dest': 'document', 'user-agent': 'one browser', 'x-forwarded-for': client, 'x-forwarded-host': 'nids.example.kr', 'x-forwarded-proto': 'https' },
        });
        expect(res.status).toBe(200);
        return Number(/"viewCount":(\d+)/.exec(await res.text())?.[1]);
      };
      try {
        const counts = [await openAs('203.0.113.7'), await openAs('203.0.113.7'), await openAs('203.0.113.7')];
        const doorBefore = proxied.app.frontDoor.answered;
        counts.push(await openAs('198.51.100.9'), await openAs('198.51.100.9'));
        expect(proxied.app.frontDoor.answered - doorBefore).toBe(2);
        expect(counts.slice(1)).toEqual([counts[0], counts[0], counts[0]! + 1, counts[0]! + 1]);
        const hits = record.mock.calls.map(([hit]) => hit);
        expect(hits.map((hit) => [hit.address, hit.host])).toEqual([
          ...Array.from({ length: 3 }, () => ['203.0.113.7', 'nids.example.kr']),
          ...Array.from({ length: 2 }, () => ['198.51.100.9', 'nids.example.kr']),
        ]);
      } finally {
        record.mockRestore();
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('the front door while request lines are logged', () => {
  it("writes Fastify's two lines for each answer, an API answer's and a reader page's (LOG_LEVEL info, the default): the same fields, the client behind a trusted proxy", async () => {
    const logged = await openSecondInstance(t);
    try {
      const lines: Record<string, unknown>[] = [];
      const { buildApp } = await import('./app');
      const { createLogger } = await import('./logger');
      // As main.ts makes the server's log; behind a proxy the lines name the client it forwards for.
      const log = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
      const app = await buildApp({ db: logged.db, config: { ...t.config, trustProxy: '127.0.0.1' }, keys: t.keys }, { loggerInstance: log });
      try {
        const url = await listen(app);
        // All but the moment, the id, the client's port and the time taken: the same lines, key for key and in order.
        const lasting = ({ time: _time, reqId: _id, responseTime, req, ...rest }: Record<string, unknown>) => ({
          ...rest,
          keys: Object.keys({ ...rest, responseTime, req }),
          responseTime: typeof responseTime,
          req: req && { ...(req as Record<string, unknown>), remotePort: typeof (req as Record<string, unknown>).remotePort },
        });
        // An API answer, then a reader page: each asked twice, Fastify answering first and keeping it, the door then.
        const cases: [string, Record<string, string>][] = [
          [LIST, {}],
          ['/Nids/notice/List/', { 'sec-fetch-dest': 'document' }],
        ];
        for (const [index, [path, asked]] of cases.entries()) {
          lines.length = 0;
          const ids: string[] = [];
          for (let i = 0; i < 2; i++) {
            const res = await fetch(`${url}${path}`, { headers: { 'x-forwarded-for': '203.0.113.7', 'accept-encoding': 'gzip', ...asked } });
            expect(res.status).toBe(200);
            ids.push(res.headers.get('x-request-id')!);
          }
          expect(app.frontDoor.answered, path).toBe(index + 1);
          const requestLines = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
          // Fastify's two lines, then the door's two, each pair under its answer's request id.
          expect(requestLines.map((line) => [line.msg, line.reqId])).toEqual([
            ['incoming request', ids[0]],
            ['request completed', ids[0]],
            ['incoming request', ids[1]],
            ['request completed', ids[1]],
          ]);
          expect(requestLines.slice(2).map(lasting), path).toEqual(requestLines.slice(0, 2).map(lasting));
          expect(requestLines[2]!.req).toMatchObject({ method: 'GET', url: path, remoteAddress: '203.0.113.7', remotePort: expect.any(Number) });
          expect(requestLines[3]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
        }
      } finally {
        await app.close();
      }
    } finally {
      await logged.close();
    }
  });
});
