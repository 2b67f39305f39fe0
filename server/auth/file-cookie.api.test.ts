import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { TokenPair } from '@contract';
import { createBoardItem, createMember, pngBytes, storeFile, type TestMember } from '../test/factories';
import { createTestApp, data, TestClock, type TestApp } from '../test/harness';
import { FILE_COOKIE } from './file-cookie';
import { foreignKeys, sessionToken, startSession } from '../test/tokens';
import { signAccessToken } from './tokens';

/**
 * The browser shows members-only images and downloads without a bearer token (`<img src>`, `<a href>`):
 * sign-in and refresh set an HttpOnly file cookie that the file routes, and only they, accept.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
let member: TestMember;
let communityImage: string;
let secretImage: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  member = await createMember(t.db, { name: '김쿠키' });
  const png = await pngBytes(40, 30);
  const image = await storeFile(t.app, t.db, { originalName: '커뮤니티 사진.png', contentType: 'image/png', data: png, thumbnail: true, createdBy: member.id });
  await createBoardItem(t.db, { boardCode: 'community', title: '회원 글', writerId: member.id, writerName: '김쿠키', fileIds: [image.id], thumbnailFileId: image.id });
  communityImage = image.id;
  // Another member's secret post: the cookie must not open it for this member.
  const secret = await storeFile(t.app, t.db, { originalName: '비밀.png', contentType: 'image/png', data: png, thumbnail: true, createdBy: t.users.otherMember });
  await createBoardItem(t.db, { boardCode: 'community', title: '비밀 글', isSecret: true, writerId: t.users.otherMember, writerName: '이회원', fileIds: [secret.id] });
  secretImage = secret.id;
});
afterAll(async () => {
  await t?.close();
});

function setCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  expect(value, 'a Set-Cookie header').toContain(`${FILE_COOKIE}=`);
  return value;
}
const cookieValue = (setCookie: string) => new RegExp(`${FILE_COOKIE}=([^;]*)`).exec(setCookie)![1]!;

async function signIn(): Promise<{ pair: TokenPair; cookie: string; setCookie: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: member.userKeyCode, password: member.password } });
  const setCookie = setCookieOf(res);
  return { pair: data<TokenPair>(res), cookie: `${FILE_COOKIE}=${cookieValue(setCookie)}`, setCookie };
}

const getFile = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('file cookie', () => {
  it('sign-in sets it HttpOnly, SameSite=Strict, for /api/file only, as long as the access token', async () => {
    const { setCookie } = await signIn();
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/file(;|$)/);
    expect(setCookie).toMatch(/Max-Age=1800/);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('is Secure behind TLS (HTTPS=true), on sign-in and on sign-out alike', async () => {
    const tls = await buildApp({ db: t.db, config: { ...t.config, https: true }, keys: t.keys, clock }, { logger: false });
    try {
      const res = await tls.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: member.userKeyCode, password: member.password } });
      expect(setCookieOf(res)).toMatch(/; Secure(;|$)/);
      const out = await tls.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: data<TokenPair>(res).refreshToken } });
      expect(setCookieOf(out)).toMatch(/Max-Age=0.*; Secure(;|$)/);
    } finally {
      await tls.close();
    }
  });

  it('opens members-only files and thumbnails for the browser without a bearer token', async () => {
    const { cookie } = await signIn();
    expect((await getFile(`/api/file/${communityImage}`)).statusCode).toBe(401);
    const inline = await getFile(`/api/file/${communityImage}`, cookie);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect((await getFile(`/api/file/thumbnail/${communityImage}`, cookie)).statusCode).toBe(200);
    expect((await getFile(`/api/file/${communityImage}?download=true`, cookie)).statusCode).toBe(200);
    // Others' secret posts stay closed: the cookie is the member, not a key to everything.
    expect((await getFile(`/api/file/${secretImage}`, cookie)).statusCode).toBe(403);
    expect((await getFile(`/api/file/thumbnail/${secretImage}`, cookie)).statusCode).toBe(403);
  });

  it('is worth nothing outside the file routes, and an access token is no file cookie', async () => {
    const { cookie, pair } = await signIn();
    const me = await t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: { cookie } });
    expect(me.statusCode).toBe(401);
    // The bearer token pasted into the cookie is refused (typ access, not file): read as a guest.
    expect((await getFile(`/api/file/${communityImage}`, `${FILE_COOKIE}=${pair.accessToken}`)).statusCode).toBe(401);
    // And a file cookie is refused as a bearer token.
    const asBearer = await t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: { authorization: `Bearer ${cookieValue(cookie)}` } });
    expect(asBearer.statusCode).toBe(401);
  });

  it('expires with the access token, is renewed on refresh and cleared on sign-out', async () => {
    const { cookie, pair } = await signIn();
    clock.advance(31 * 60_000);
    try {
      expect((await getFile(`/api/file/${communityImage}`, cookie)).statusCode).toBe(401);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: pair.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      const renewed = `${FILE_COOKIE}=${cookieValue(setCookieOf(refreshed))}`;
      expect((await getFile(`/api/file/${communityImage}`, renewed)).statusCode).toBe(200);

      const signout = await t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: data<TokenPair>(refreshed).refreshToken } });
      expect(signout.statusCode).toBe(200);
      expect(setCookieOf(signout)).toMatch(new RegExp(`${FILE_COOKIE}=; .*Max-Age=0`));
    } finally {
      clock.advance(-31 * 60_000);
    }
  });

  it('a forged or retired member\'s cookie reads as a guest', async () => {
    const forged = `${FILE_COOKIE}=${await signAccessToken(foreignKeys(t.keys), await startSession(t.db, member.id, clock.now()), clock.now(), 'file')}`;
    expect((await getFile(`/api/file/${communityImage}`, forged)).statusCode).toBe(401);
    const leaving = await createMember(t.db, { name: '탈퇴자', status: 'RETIRED' });
    const retired = `${FILE_COOKIE}=${await sessionToken(t.db, t.keys, leaving.id, clock.now(), 'file')}`;
    expect((await getFile(`/api/file/${communityImage}`, retired)).statusCode).toBe(401);
  });
});
