import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@contract';
import { isConsoleRoute } from './auth/admin';
import { body, createTestApp, data, type TestApp } from './test/harness';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from './test/global-setup';
import { registeredRoutes } from './test/routes';
import { createBoardItem, pngBytes, storeFile } from './test/factories';
import { FILE_COOKIE } from './auth/file-cookie';

/**
 * ADMIN_ALLOWED_IPS (issue 12): every console call (each route guardAdminRoutes guards, read from
 * the app itself as server/admin-guard.api.test.ts does) from an address off the list gets 403
 * with the envelope and the Korean message, whoever calls; from a listed address or range (IPv4 or
 * IPv6, behind TRUST_PROXY too) the usual checks apply. The public site is not affected.
 */
let t: TestApp;
let routes: { method: string; url: string }[] = [];

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const payloadFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_ALLOWED_IPS: '203.0.113.0/24, 2001:db8:7::/48, 198.51.100.20', TRUST_PROXY: '10.9.9.9' } });
  routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD' && isConsoleRoute(r.method, r.url));
});

afterAll(async () => {
  await t?.close();
});

function call(route: { method: string; url: string }, remoteAddress: string, token?: string, headers: Record<string, string> = {}) {
  const payload = payloadFor(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    remoteAddress,
    headers: { ...t.auth(token), ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });
}

const refusedForAddress = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && JSON.stringify(body(res)) === JSON.stringify({ code: 'FORBIDDEN', message: adminMessages.addressNotAllowed });

describe('ADMIN_ALLOWED_IPS', () => {
  it('finds the console routes, PATCH /api/site-setting among them', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('PATCH /api/site-setting');
    expect(keys).toContain('GET /api/admin/dashboard');
    expect(keys).toContain('GET /api/alumni');
    expect(keys).not.toContain('GET /api/site-setting');
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('refuses every console call from another address with 403 and the message, for an admin and a guest alike', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [who, token, address] of [
        ['admin from IPv4', t.tokens.admin, '192.0.2.44'],
        ['admin from IPv6', t.tokens.admin, '2001:db8:8::1'],
        ['guest', undefined, '198.51.100.21'],
        // The address is refused before any token is looked at: a forged one is not a 401 here.
        ['a forged token', 'forged.token.value', '192.0.2.45'],
      ] as const) {
        const res = await call(route, address, token);
        if (!refusedForAddress(res)) wrong.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets listed addresses and ranges through to the usual checks', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      // The administrator reads only: a write here (ending sessions, changing roles) would change the test's own account.
      for (const address of route.method === 'GET' ? ['203.0.113.7', '::ffff:203.0.113.200', '2001:db8:7:1::5', '198.51.100.20'] : []) {
        const res = await call(route, address, t.tokens.admin);
        if (refusedForAddress(res) || res.statusCode >= 500) wrong.push(`${route.method} ${route.url} from ${address}: ${res.statusCode}`);
      }
      // A guest from a listed address meets the sign-in check, as before.
      for (const address of ['203.0.113.7', '2001:db8:7::9']) {
        const guest = await call(route, address);
        if (guest.statusCode !== 401) wrong.push(`${route.method} ${route.url} as a guest from ${address}: ${guest.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('judges the client address that TRUST_PROXY names, not the proxy', async () => {
    const dashboard = { method: 'GET', url: '/api/admin/dashboard' };
    expect((await call(dashboard, '10.9.9.9', t.tokens.admin, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    expect(refusedForAddress(await call(dashboard, '10.9.9.9', t.tokens.admin, { 'x-forwarded-for': '192.0.2.1' }))).toBe(true);
    // A sender that is not the trusted proxy cannot claim an allowed address.
    expect(refusedForAddress(await call(dashboard, '192.0.2.1', t.tokens.admin, { 'x-forwarded-for': '203.0.113.9' }))).toBe(true);
  });

  it('leaves the public site alone: the administrator signs in and reads as a member from anywhere', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      remoteAddress: '192.0.2.44',
      payload: { userKeyType: 'ID', userKeyCode: TEST_ADMIN_ID, password: TEST_ADMIN_PASSWORD },
    });
    const { accessToken } = data<{ accessToken: string }>(signin);
    const me = await t.app.inject({ method: 'GET', url: `/api/user/${t.users.admin}`, remoteAddress: '192.0.2.44', headers: t.auth(accessToken) });
    expect(me.statusCode, me.body).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/site-setting/info', remoteAddress: '192.0.2.44', headers: t.auth(accessToken) });
    expect(info.statusCode).toBe(200);
    // The same sign-in is refused at the console from there.
    expect(refusedForAddress(await call({ method: 'GET', url: '/api/admin/dashboard' }, '192.0.2.44', accessToken))).toBe(true);
  });
});

describe('ADMIN_ALLOWED_IPS and an administrator\'s powers on the public side', () => {
  const from = (address: string, method: 'GET' | 'PATCH' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress: address, headers: t.auth(token), ...(payload ? { payload } : {}) });

  it('answers a member\'s secret post, another member\'s record, the board export and /metrics only from a listed address', async () => {
    const post = data<{ itemNo: number }>(
      await from('203.0.113.7', 'PUT', '/api/board-item/community', t.tokens.member, { title: '관리자만 볼 비밀글', content: '<p>비밀 본문</p>', isSecret: true }),
    );
    const reads = [
      `/api/board-item/community/${post.itemNo}`,
      `/api/user/${t.users.member}`,
      '/api/board-item/download-data/community?reason=점검',
      '/metrics',
    ];
    for (const url of reads) {
      const inside = await from('203.0.113.7', 'GET', url, t.tokens.admin);
      expect(inside.statusCode, `${url} from a listed address: ${inside.body.slice(0, 160)}`).toBe(200);
      const outside = await from('192.0.2.44', 'GET', url, t.tokens.admin);
      expect(outside.statusCode, `${url} from elsewhere: ${outside.body.slice(0, 160)}`).toBe(403);
      expect(outside.body).not.toContain('비밀 본문');
    }
    // The admin role's board rights too: a notice is published only from a listed address.
    const notice = { title: '허용 주소에서만 쓰는 공지', content: '<p>공지</p>' };
    const outsideNotice = await from('192.0.2.44', 'PUT', '/api/board-item/notice', t.tokens.admin, notice);
    expect(outsideNotice.statusCode, outsideNotice.body).toBe(403);
    const insideNotice = await from('203.0.113.7', 'PUT', '/api/board-item/notice', t.tokens.admin, notice);
    expect(insideNotice.statusCode, insideNotice.body).toBe(200);
    // A write on another member's account is refused the same way, and changes nothing.
    const change = await from('192.0.2.44', 'PATCH', `/api/user/${t.users.member}`, t.tokens.admin, { name: '바뀐이름' });
    expect(change.statusCode).toBe(403);
    expect(data<{ name: string }>(await from('203.0.113.7', 'GET', `/api/user/${t.users.member}`, t.tokens.admin)).name).not.toBe('바뀐이름');
  });

  it('opens a file of a member\'s secret post through the file cookie (images, downloads) only from a listed address', async () => {
    const png = await pngBytes(20, 20);
    const file = await storeFile(t.app, t.db, { originalName: '비밀 첨부.png', contentType: 'image/png', data: png, thumbnail: true, createdBy: t.users.member });
    await createBoardItem(t.db, { boardCode: 'community', title: '첨부 있는 비밀글', isSecret: true, writerId: t.users.member, writerName: '김회원', fileIds: [file.id] });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      remoteAddress: '203.0.113.7',
      payload: { userKeyType: 'ID', userKeyCode: TEST_ADMIN_ID, password: TEST_ADMIN_PASSWORD },
    });
    const cookie = new RegExp(`${FILE_COOKIE}=[^;]+`).exec(String(signin.headers['set-cookie']))?.[0];
    expect(cookie, 'the sign-in sets the file cookie').toBeDefined();
    for (const url of [`/api/file/${file.id}`, `/api/file/thumbnail/${file.id}`]) {
      const inside = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { cookie: cookie! } });
      expect(inside.statusCode, `${url} from a listed address: ${inside.body.slice(0, 160)}`).toBe(200);
      // The same cookie carried elsewhere (a stolen laptop, a copied cookie) is a member's.
      const outside = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.44', headers: { cookie: cookie! } });
      expect(outside.statusCode, `${url} from elsewhere: ${outside.body.slice(0, 160)}`).toBe(403);
      expect(outside.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('leaves the administrator\'s own member side alone from there', async () => {
    const own = await from('192.0.2.44', 'GET', `/api/user/${t.users.admin}`, t.tokens.admin);
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('without ADMIN_ALLOWED_IPS', () => {
  it('the console answers an administrator from any address', async () => {
    const open = await createTestApp();
    try {
      expect(open.config.adminAllowedIps).toBeNull();
      for (const address of ['192.0.2.44', '2001:db8:8::1']) {
        const res = await open.app.inject({ method: 'GET', url: '/api/admin/dashboard', remoteAddress: address, headers: open.auth(open.tokens.admin) });
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});
