import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@contract';
import { refreshToken } from '../db/schema';
import { hashToken } from './tokens';
import { ROLE_ADMIN } from '../seed/base';
import { createMember } from '../test/factories';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from '../test/global-setup';
import { body, createTestApp, data, TestClock, type TestApp } from '../test/harness';
import { statementsDuring } from '../test/observe';
import { buildApp } from '../app';
import { compileAdminAddresses } from './admin-addresses';

/**
 * Issue 12: an administrator's sign-in ends after ADMIN_IDLE_MINUTES (15) without a request, on
 * the next call and on refresh alike; an administrator who keeps working, and every member, are
 * not affected.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-24T01:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

interface Pair {
  accessToken: string;
  refreshToken: string;
}

async function signIn(userKeyCode: string, password: string): Promise<Pair> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode, password } });
  return data<Pair>(res);
}

const dashboard = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth(token) });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: token } });

function expectSessionExpired(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(401);
  expect(body(res)).toEqual({ code: 'UNAUTHORIZED', message: accountMessages.sessionExpired });
}

describe('an administrator idle for 15 minutes', () => {
  it('is refused on the next call, and the refresh token is refused too', async () => {
    const pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
    expect((await dashboard(pair.accessToken)).statusCode).toBe(200);
    clock.advance(14 * MINUTE);
    // Still inside the limit: the token (30 minutes) and the sign-in both good.
    expect((await dashboard(pair.accessToken)).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expectSessionExpired(await dashboard(pair.accessToken));
    expectSessionExpired(await refresh(pair.refreshToken));
  });

  it('cannot renew the sign-in with its refresh token either, even before making a call', async () => {
    const pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
    clock.advance(15 * MINUTE);
    expectSessionExpired(await refresh(pair.refreshToken));
    // The refusal ended the sign-in: the access token, still inside its 30 minutes, is refused.
    expectSessionExpired(await dashboard(pair.accessToken));
  });

  it('applies to a member whose role has ADMIN_Access, on the public API as well', async () => {
    const manager = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const pair = await signIn(manager.userKeyCode, manager.password);
    expect((await dashboard(pair.accessToken)).statusCode).toBe(200);
    clock.advance(16 * MINUTE);
    expectSessionExpired(await t.app.inject({ method: 'GET', url: `/api/user/${manager.id}`, headers: t.auth(pair.accessToken) }));
  });
});

describe('an administrator active every 10 minutes', () => {
  it('stays signed in for an hour, through refreshes', async () => {
    let pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
    for (let minute = 10; minute <= 60; minute += 10) {
      clock.advance(10 * MINUTE);
      // The web app renews the 30-minute token in its last 10 minutes; a refresh is activity too.
      if (minute % 20 === 0) pair = data<Pair>(await refresh(pair.refreshToken));
      const res = await dashboard(pair.accessToken);
      expect(res.statusCode, `after ${minute} minutes: ${res.body}`).toBe(200);
    }
  });

  it('writes its activity at most once a minute', async () => {
    const pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
    const seen = async () => {
      const [row] = await t.db.select({ lastSeenAt: refreshToken.lastSeenAt }).from(refreshToken).where(eq(refreshToken.tokenHash, hashToken(pair.refreshToken)));
      return row!.lastSeenAt?.getTime() ?? null;
    };
    clock.advance(30_000);
    expect((await dashboard(pair.accessToken)).statusCode).toBe(200);
    // Half a minute after the sign-in (its refresh token's created_at): nothing written.
    expect(await seen()).toBeNull();
    clock.advance(40_000);
    const first = clock.now().getTime();
    await dashboard(pair.accessToken);
    expect(await seen()).toBe(first);
    clock.advance(50_000);
    await dashboard(pair.accessToken);
    // 50 seconds after the last record: not written again.
    expect(await seen()).toBe(first);
    clock.advance(10_000);
    await dashboard(pair.accessToken);
    expect(await seen()).toBe(clock.now().getTime());
  });
});

describe('the idle limit in the answers', () => {
  it('is told to an administrator (sign-in, refresh, calls) and to nobody else', async () => {
    const signin = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: TEST_ADMIN_ID, password: TEST_ADMIN_PASSWORD } });
    expect(signin.headers['x-admin-idle-seconds']).toBe('900');
    const pair = data<Pair>(signin);
    expect((await dashboard(pair.accessToken)).headers['x-admin-idle-seconds']).toBe('900');
    expect((await refresh(pair.refreshToken)).headers['x-admin-idle-seconds']).toBe('900');
    const member = await createMember(t.db);
    const memberSignin = await t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: member.userKeyCode, password: member.password } });
    expect(memberSignin.statusCode).toBe(200);
    expect(memberSignin.headers['x-admin-idle-seconds']).toBeUndefined();
    const memberPair = data<Pair>(memberSignin);
    const own = await t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(memberPair.accessToken) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-admin-idle-seconds']).toBeUndefined();
  });
});

describe('the idle limit told to an administrator whose powers are withheld', () => {
  it('from outside ADMIN_ALLOWED_IPS: the server still ends the idle sign-in, so the answers still say when', async () => {
    const fenced = await buildApp(
      { db: t.db, config: { ...t.config, adminAllowedIps: compileAdminAddresses(['203.0.113.0/24']) }, keys: t.keys, clock },
      { logger: false },
    );
    try {
      const pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
      const own = await fenced.inject({ method: 'GET', url: `/api/user/${t.users.admin}`, remoteAddress: '192.0.2.44', headers: t.auth(pair.accessToken) });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['x-admin-idle-seconds']).toBe('900');
      clock.advance(15 * MINUTE);
      expectSessionExpired(await fenced.inject({ method: 'GET', url: `/api/user/${t.users.admin}`, remoteAddress: '192.0.2.44', headers: t.auth(pair.accessToken) }));
    } finally {
      await fenced.close();
    }
  });
});

describe('a member', () => {
  it('idle for 20 minutes keeps the token lifetimes: the call and the refresh both work', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(member.userKeyCode, member.password);
    clock.advance(20 * MINUTE);
    const res = await t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(pair.accessToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
    const rows = await t.db.select({ lastSeenAt: refreshToken.lastSeenAt }).from(refreshToken).where(eq(refreshToken.userId, member.id));
    // No activity is written for members.
    expect(rows.every((r) => r.lastSeenAt === null)).toBe(true);
  });
});

describe('what an authenticated request costs the database', () => {
  /** The statements of `run` that read or write the sign-in (refresh_token), with the SQL each sent. */
  const signinStatements = (run: () => Promise<unknown>) => statementsDuring(t.db, run, (text) => /"refresh_token"/.test(text));

  it('a member: one statement reads the account, its role and the sign-in together, and nothing is written', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(member.userKeyCode, member.password);
    clock.advance(5 * MINUTE);
    const seen = await signinStatements(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(pair.accessToken) });
      expect(res.statusCode).toBe(200);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^select .*from "app_user" inner join "role" .*left join "refresh_token"/);
  });

  it('an administrator: the same one statement, and one update of the activity at most once a minute', async () => {
    const pair = await signIn(TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
    const calls = async () => {
      const seen = await signinStatements(async () => expect((await dashboard(pair.accessToken)).statusCode).toBe(200));
      return seen.map((text) => text.split(' ')[0]);
    };
    clock.advance(30_000);
    expect(await calls()).toEqual(['select']);
    clock.advance(40_000);
    expect(await calls()).toEqual(['select', 'update']);
    expect(await calls()).toEqual(['select']);
  });
});
