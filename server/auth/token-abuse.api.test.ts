import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, type BoardItem, type BoardItemComment, type TokenPair } from '@contract';
import { appUser, boardItem, boardItemComment, refreshToken } from '../db/schema';
import { signIn } from '../test/accounts';
import { createMember, type TestMember } from '../test/factories';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from '../test/global-setup';
import { body, createTestApp, data, TestClock, type TestApp } from '../test/harness';
import { tableDigest } from '../test/table-digest';
import { registeredRoutes } from '../test/routes';
import { foreignKeys, startSession } from '../test/tokens';
import { isTokenBlind, TOKEN_BLIND_ROUTES } from './bearer-guard';
import { signAccessToken } from './tokens';

/**
 * Token abuse on every protected route (issue 12, the attacker's suite). The routes come from the
 * app itself (Fastify's route tree), so a route added later is swept too. Every API route, public
 * ones included, answers a bad bearer token with 401 and the session-expired sentence before it
 * does anything: a forged, `alg: none`, expired, wrong-type (refresh token, file cookie) or
 * revoked (signed out, refresh token reused) token. The one exception is sign-out
 * (TOKEN_BLIND_ROUTES), which ignores the bearer token whatever it is. A member's token on another
 * member's records is a 403 or 404 that shows nothing of them.
 */

const MINUTE = 60_000;
const clock = new TestClock();
let t: TestApp;
let routes: { method: string; url: string }[] = [];
let badTokens: Record<string, string> = {};

/**
 * Path parameters filled with something of the right shape that names no record (the good token
 * below must not sign out, lock or change anyone): the refusal must come before they matter.
 */
function concrete(url: string): string {
  return url
    .replace(/\*$/, 'index.html')
    .replace(/:id\b/g, url.startsWith('/api/file/') ? '00000000-0000-0000-0000-000000000000' : '999999')
    .replace(/:boardCode\b/g, 'community')
    .replace(/:[A-Za-z]+/g, '999999');
}

/** A body that a write would accept were the token good: the refusal must not depend on the body. */
const writeBody = { title: '토큰 공격', content: '<p>x</p>', name: '공격자', password: 'x' };
const payloadFor = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { payload: writeBody });

/** Every table's rows, digested: nothing a refused request may change. */
const databaseFingerprint = () => tableDigest(t.database.raw);

function isSessionExpired(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 401 || !res.headers['content-type']?.toString().includes('json')) return false;
  const answer = body(res);
  return answer.code === 'UNAUTHORIZED' && answer.message === accountMessages.sessionExpired && Object.keys(answer).length === 2;
}

const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken } });
const signOut = (refreshToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken }, headers });

beforeAll(async () => {
  t = await createTestApp({ clock });
  routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
    // HEAD is Fastify's automatic twin of GET. /metrics is protected too (an admin or METRICS_TOKEN).
    (r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/metrics'),
  );

  // Every token below names a live sign-in unless revoking it is the point, so each is refused
  // for the one thing wrong with it. The administrator's are used where a token's holder matters:
  // a revoked administrator's token opening the console would be the worst case.
  const admin = await signIn(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
  const adminId = admin.user.id;
  const adminSession = await startSession(t.db, adminId, clock.now());
  const now = clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const kid = JSON.parse(Buffer.from(admin.accessToken.split('.')[0]!, 'base64url').toString()).kid as string;
  const payload = Buffer.from(
    JSON.stringify({ typ: 'access', sub: String(adminId), sid: adminSession.sessionId, iss: 'nids', aud: 'nids-api', iat, nbf: iat, exp: iat + 1800 }),
  ).toString('base64url');

  const signedOut = await signIn(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
  expect((await signOut(signedOut.refreshToken)).statusCode).toBe(200);

  // A refresh token copied and used after its owner had used it: the whole sign-in ends.
  const copied = await signIn(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
  const rotated = data<TokenPair>(await refresh(copied.refreshToken));
  expect((await refresh(copied.refreshToken)).statusCode).toBe(401);

  badTokens = {
    forged: await signAccessToken(foreignKeys(t.keys, kid), adminSession, now),
    'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid })).toString('base64url')}.${payload}.`,
    tampered: `${admin.accessToken.split('.')[0]}.${payload}.${admin.accessToken.split('.')[2]}`,
    expired: await signAccessToken(t.keys, adminSession, new Date(now.getTime() - 31 * MINUTE)),
    'refresh token as bearer': admin.refreshToken,
    'file cookie as bearer': await signAccessToken(t.keys, adminSession, now, 'file'),
    'signed out': signedOut.accessToken,
    'refresh token reused': rotated.accessToken,
    garbage: 'not-a-token',
  };
});

afterAll(async () => {
  await t?.close();
});

describe('the sweep over every route', () => {
  it('finds every route, including those of the OpenAPI document', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(50);
    const documented = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, operations] of Object.entries(documented)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      if (!url.startsWith('/api/') && url !== '/metrics') continue;
      for (const method of Object.keys(operations)) {
        if (method !== 'head') expect(keys, `${method.toUpperCase()} ${url}`).toContain(`${method.toUpperCase()} ${url}`);
      }
    }
    for (const blind of TOKEN_BLIND_ROUTES) expect(keys, `the exception ${blind} is a route`).toContain(blind);
  });

  it('a good administrator token is not refused by any route (so the 401s below are the tokens\' doing)', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      if (isTokenBlind(route.method, route.url)) continue;
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: t.auth(t.tokens.admin), ...payloadFor(route.method) });
      if (res.statusCode === 401) refused.push(`${route.method} ${route.url}: ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });

  it('every bad token on every route is a 401 with the session-expired sentence, and nothing changes', async () => {
    const before = await databaseFingerprint();
    const wrong: string[] = [];
    let asked = 0;
    for (const route of routes) {
      if (isTokenBlind(route.method, route.url)) continue;
      for (const [kind, token] of Object.entries(badTokens)) {
        const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: t.auth(token), ...payloadFor(route.method) });
        asked += 1;
        if (!isSessionExpired(res)) wrong.push(`${route.method} ${route.url} with ${kind}: ${res.statusCode} ${res.body.slice(0, 160).replace(/\s+/g, ' ')}`);
      }
    }
    expect(wrong).toEqual([]);
    const swept = routes.filter((r) => !isTokenBlind(r.method, r.url));
    expect(swept.length).toBeGreaterThan(50);
    expect(asked).toBe(swept.length * Object.keys(badTokens).length);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('the API documentation, blind to the bearer token, answers a bad one exactly as it answers a guest', async () => {
    const docs = routes.filter((r) => r.url.startsWith('/api/docs'));
    expect(docs.map((r) => r.url)).toContain('/api/docs/json');
    for (const route of docs) {
      const asGuest = await t.app.inject({ method: 'GET', url: concrete(route.url) });
      for (const [kind, token] of Object.entries(badTokens)) {
        const res = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: t.auth(token) });
        expect(res.statusCode, `${route.url} with ${kind}`).toBe(asGuest.statusCode);
      }
    }
  });

  it('sign-out, the one API call blind to the bearer token, ends the sign-in whatever token comes with it', async () => {
    for (const [kind, token] of Object.entries(badTokens)) {
      const pair = await signIn(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
      const res = await signOut(pair.refreshToken, t.auth(token));
      expect(res.statusCode, kind).toBe(200);
      const rows = await t.db.select({ revokedAt: refreshToken.revokedAt }).from(refreshToken).where(eq(refreshToken.userId, pair.user.id));
      expect(rows.length).toBeGreaterThan(0);
      expect(body(await refresh(pair.refreshToken)), kind).toEqual({ code: 'UNAUTHORIZED', message: accountMessages.sessionExpired });
    }
  });
});

describe('another member\'s token on a member\'s records', () => {
  let owner: TestMember;
  let ownerToken: string;
  let intruder: string;
  let post: BoardItem;
  let comment: BoardItemComment;
  let inquiry: BoardItem;

  beforeAll(async () => {
    owner = await createMember(t.db, { name: '주인회원' });
    ownerToken = (await signIn(t, owner.userKeyCode, owner.password)).accessToken;
    const other = await createMember(t.db, { name: '남회원' });
    intruder = (await signIn(t, other.userKeyCode, other.password)).accessToken;
    const as = t.auth(ownerToken);
    post = data<BoardItem>(await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: as, payload: { title: '주인의 글', content: '<p>주인의 본문</p>' } }));
    comment = data<BoardItemComment>(
      await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${post.itemNo}`, headers: as, payload: { content: '주인의 댓글' } }),
    );
    inquiry = data<BoardItem>(
      await t.app.inject({
        method: 'PUT',
        url: '/api/board-item/contactus',
        headers: as,
        payload: { title: '주인의 비밀 문의', content: '<p>주인의 문의 본문</p>', email: 'owner-secret@example.com', phone: '010-9876-5432', agree: true, files: [] },
      }),
    );
  });

  it('is a 403 or 404 on each, shows nothing of the record, and changes nothing', async () => {
    const before = await databaseFingerprint();
    const attempts: Array<{ name: string; method: 'GET' | 'PATCH' | 'POST' | 'DELETE'; url: string; payload?: object }> = [
      { name: 'My page read', method: 'GET', url: `/api/user/${owner.id}` },
      { name: 'My page edit', method: 'PATCH', url: `/api/user/${owner.id}`, payload: { name: '침입자' } },
      { name: 'password change', method: 'POST', url: `/api/user/change-password/${owner.id}`, payload: { currentPassword: 'x', password: 'new!pass22', passwordConfirm: 'new!pass22' } },
      { name: 'key change', method: 'POST', url: `/api/user/change-user-key/${owner.id}`, payload: { userKeyType: 'EMAIL', userKeyCode: 'intruder@example.com', userKeyToken: 'x', currentPassword: 'x' } },
      { name: 'post edit', method: 'PATCH', url: `/api/board-item/community/${post.itemNo}`, payload: { title: '침입자의 제목', content: '<p>침입</p>' } },
      { name: 'post delete', method: 'DELETE', url: `/api/board-item/community/${post.itemNo}` },
      { name: 'comment edit', method: 'PATCH', url: `/api/board-item-comment/community/${post.itemNo}/${comment.id}`, payload: { content: '침입자의 댓글' } },
      { name: 'comment delete', method: 'DELETE', url: `/api/board-item-comment/community/${post.itemNo}/${comment.id}` },
      { name: 'inquiry read', method: 'GET', url: `/api/board-item/contactus/${inquiry.itemNo}` },
      { name: 'inquiry edit', method: 'PATCH', url: `/api/board-item/contactus/${inquiry.itemNo}`, payload: { title: '침입자의 문의', content: '<p>침입</p>' } },
      { name: 'inquiry delete', method: 'DELETE', url: `/api/board-item/contactus/${inquiry.itemNo}` },
      { name: 'inquiry comments', method: 'GET', url: `/api/board-item-comment?boardCode=contactus&itemNo=${inquiry.itemNo}` },
    ];
    const secrets = [owner.userKeyCode, '주인회원', owner.email ?? 'no-email', '주인의 비밀 문의', '주인의 문의 본문', 'owner-secret@example.com', '010-9876-5432'];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: attempt.method, url: attempt.url, headers: t.auth(intruder), ...(attempt.payload ? { payload: attempt.payload } : {}) });
      expect([403, 404], `${attempt.name}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(Object.keys(body(res)).sort(), attempt.name).toEqual(['code', 'message']);
      for (const secret of secrets) expect(res.body, `${attempt.name} shows ${secret}`).not.toContain(secret);
    }
    expect(await databaseFingerprint()).toEqual(before);

    // The owner's own token still reaches every one of them: the refusals above were about the intruder.
    const [user] = await t.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, owner.id));
    expect(user!.name).toBe('주인회원');
    expect((await t.db.select().from(boardItem).where(eq(boardItem.itemNo, post.itemNo))).filter((row) => row.boardCode === 'community' && row.title === '주인의 글')).toHaveLength(1);
    expect((await t.db.select().from(boardItemComment).where(eq(boardItemComment.id, comment.id))).length).toBe(1);
    const ownRead = await t.app.inject({ method: 'GET', url: `/api/board-item/contactus/${inquiry.itemNo}`, headers: t.auth(ownerToken) });
    expect(data<BoardItem>(ownRead).title).toBe('주인의 비밀 문의');
  });
});
