import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages, type TokenPair } from '@contract';
import { buildApp } from '../../app';
import { hashToken } from '../../auth/tokens';
import { CLOCK_TOLERANCE_SECONDS } from '../../auth/signing-keys';
import type { Db } from '../../db/client';
import { appUser, refreshToken } from '../../db/schema';
import { setSiteSetting, signIn, signinRequest } from '../../test/accounts';
import { createMember, type TestMember } from '../../test/factories';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from '../../test/global-setup';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { waitForLockWaits } from '../../test/lock-waits';
import { reserveSigninAttempt } from '../user/repo';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: token } });

type Answer = Awaited<ReturnType<typeof refresh>>;

/**
 * Requests made to race on purpose: `held` (a locking statement) holds a row in a transaction of
 * the test's, each request is started once the ones before it wait on a lock, `meanwhile` runs in
 * that transaction, and it commits. Answers the responses, in order.
 */
async function racing<R extends (() => PromiseLike<Answer>)[]>(
  held: SQL,
  requests: [...R],
  meanwhile?: (tx: Db) => Promise<unknown>,
): Promise<{ [K in keyof R]: Answer }> {
  const started: Promise<Answer>[] = [];
  await t.db.transaction(async (tx) => {
    await tx.execute(held);
    for (const request of requests) {
      started.push(Promise.resolve(request()));
      await waitForLockWaits(t.database, started.length);
    }
    await meanwhile?.(tx);
  });
  return (await Promise.all(started)) as { [K in keyof R]: Answer };
}

const me = (member: { id: number }, accessToken: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(accessToken) });

describe('POST /api/user/signin', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(t.db, { name: '정로그' });
  });

  it('answers a token pair and the login user (spec §3)', async () => {
    const pair = await signIn(t, member.userKeyCode, member.password);
    expect(pair.user).toEqual({
      id: member.id,
      userKeyCode: member.userKeyCode,
      name: '정로그',
      userType: 'Member',
      role: { roleCode: 'MEMBER', permissions: ['MEMBER_Access'] },
    });
    const claims = decodeJwt(pair.accessToken);
    expect(claims).toMatchObject({ typ: 'access', sub: String(member.id) });
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
    expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(refreshToken).where(eq(refreshToken.tokenHash, hashToken(pair.refreshToken)));
    expect(stored).toMatchObject({ userId: member.id, usedAt: null, revokedAt: null });
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(14 * DAY);
    expect((await me(member, pair.accessToken)).statusCode).toBe(200);
  });

  // A change that ended every sign-in there was, committed while a sign-in waits on the member's row
  // (held here as the change holds it until it commits): the sign-in is refused, and none is left standing.
  it.each([
    { change: 'a password changed', set: { passwordHash: 'changed' }, status: 401, code: 'INVALID_CREDENTIAL' as const, message: '계정 정보가 일치하지 않습니다. 다시 입력해주세요.' },
    { change: 'a block', set: { status: 'LOCKED' as const }, status: 403, code: 'NOT_ACCEPTABLE' as const, message: '로그인에 실패했습니다. 관리자에게 문의해주세요.' },
  ])('$change while the sign-in is checked refuses it with $code, and stores no sign-in', async ({ set, status, code, message }) => {
    const changing = await createMember(t.db);
    const [answer] = await racing(
      sql`SELECT 1 FROM app_user WHERE id = ${changing.id} FOR UPDATE`,
      [() => signinRequest(t, changing.userKeyCode, changing.password)],
      (tx) => tx.update(appUser).set(set).where(eq(appUser.id, changing.id)),
    );
    expectRefusal(answer, status, code, message);
    expect(await t.db.select().from(refreshToken).where(eq(refreshToken.userId, changing.id))).toEqual([]);
  });

  it('a wrong password: INVALID_CREDENTIAL with the spec\'s sentence', async () => {
    expectRefusal(await signinRequest(t, member.userKeyCode, 'wrong!pass1'), 401, 'INVALID_CREDENTIAL', '계정 정보가 일치하지 않습니다. 다시 입력해주세요.');
    await t.db.update(appUser).set({ failedSigninCount: 0 }).where(eq(appUser.id, member.id));
  });

  it('no such member: NOT_FOUND "회원 정보가 없습니다."', async () => {
    expectRefusal(await signinRequest(t, 'nobody-here', 'whatever1!'), 404, 'NOT_FOUND', '회원 정보가 없습니다.');
  });

  it('a blocked account: NOT_ACCEPTABLE, even with the right password', async () => {
    const blocked = await createMember(t.db, { status: 'LOCKED' });
    expectRefusal(await signinRequest(t, blocked.userKeyCode, blocked.password), 403, 'NOT_ACCEPTABLE', '로그인에 실패했습니다. 관리자에게 문의해주세요.');
  });

  it('the administrator signs in with the ID on every authType', async () => {
    try {
      for (const authType of ['IdAndPassword', 'EmailAndPassword', 'MobileAndPassword']) {
        await setSiteSetting(t, 'authType', authType);
        const pair = await signIn(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD);
        expect(pair.user).toMatchObject({ userType: 'Admin', role: { roleCode: 'ADMIN', permissions: expect.arrayContaining(['ADMIN_Access']) } });
      }
    } finally {
      await setSiteSetting(t, 'authType', 'IdAndPassword');
    }
  });
});

describe('lockout after five wrong passwords', () => {
  const wrong = (m: TestMember) => signinRequest(t, m.userKeyCode, 'wrong!pass1');

  it('locks sign-in for 10 minutes, even with the right password, on every server instance', async () => {
    const member = await createMember(t.db);
    for (let i = 1; i <= 4; i++) expectRefusal(await wrong(member), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expectRefusal(await wrong(member), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    expectRefusal(await signinRequest(t, member.userKeyCode, member.password), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);

    // A second server on the same database sees the same lock.
    const other = await buildApp({ db: t.db, config: t.config, keys: t.keys, clock });
    try {
      const res = await other.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode: member.userKeyCode, password: member.password } });
      expectRefusal(res, 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    } finally {
      await other.close();
    }

    clock.advance(10 * MINUTE - SECOND);
    expectRefusal(await signinRequest(t, member.userKeyCode, member.password), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    clock.advance(SECOND);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
    const [row] = await t.db.select({ count: appUser.failedSigninCount, lockedUntil: appUser.lockedUntil }).from(appUser).where(eq(appUser.id, member.id));
    expect(row).toEqual({ count: 0, lockedUntil: null });
  });

  it('a success resets the count: only five wrong in a row lock', async () => {
    const member = await createMember(t.db);
    for (let i = 1; i <= 4; i++) await wrong(member);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expectRefusal(await wrong(member), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expectRefusal(await wrong(member), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    clock.advance(10 * MINUTE);
  });

  it('counts a burst of parallel attempts as it runs: among twenty wrong passwords sent at once, the right one is locked out too', async () => {
    const member = await createMember(t.db);
    // Counted after the slow password check, every attempt of a burst passed the lock check first,
    // so a right guess anywhere in it got in.
    const answers = await Promise.all([...Array.from({ length: 20 }, () => wrong(member)), signinRequest(t, member.userKeyCode, member.password)]);
    const codes = answers.map((res) => body<{ code: string }>(res).code);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIAL')).toHaveLength(4);
    expect(codes.filter((code) => code === 'NOT_ACCEPTABLE')).toHaveLength(17);
    expectRefusal(answers[20]!, 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    clock.advance(10 * MINUTE);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
  });

  it('takes attempts in one statement each: of twenty taken at once (instances side by side), five are given and the fifth sets the lock', async () => {
    const member = await createMember(t.db);
    const lockUntil = new Date(clock.now().getTime() + 10 * MINUTE);
    const taken = await Promise.all(Array.from({ length: 20 }, () => reserveSigninAttempt(t.db, member.id, 5, lockUntil, clock.now())));
    const given = taken.filter((attempt) => attempt !== null);
    expect(given).toHaveLength(5);
    expect(given.filter((attempt) => attempt!.lockedByThis?.getTime() === lockUntil.getTime())).toHaveLength(1);
    clock.advance(10 * MINUTE);
  });

  it('lets simultaneous right sign-ins of one account all in: they are checked one at a time, each clearing the count', async () => {
    const member = await createMember(t.db);
    const answers = await Promise.all(Array.from({ length: 12 }, () => signinRequest(t, member.userKeyCode, member.password)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const [row] = await t.db.select({ count: appUser.failedSigninCount, lockedUntil: appUser.lockedUntil }).from(appUser).where(eq(appUser.id, member.id));
    expect(row).toEqual({ count: 0, lockedUntil: null });
  });

  it('after a lock ends, five more wrong passwords lock again', async () => {
    const member = await createMember(t.db);
    for (let i = 1; i <= 5; i++) await wrong(member);
    clock.advance(10 * MINUTE);
    for (let i = 1; i <= 4; i++) expectRefusal(await wrong(member), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expectRefusal(await wrong(member), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    clock.advance(10 * MINUTE);
  });
});

describe('access tokens', () => {
  it('expire after 30 minutes, give or take the 30 seconds allowed between instances\' clocks', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(t, member.userKeyCode, member.password);
    clock.advance(30 * MINUTE + (CLOCK_TOLERANCE_SECONDS - 1) * SECOND);
    expect((await me(member, pair.accessToken)).statusCode).toBe(200);
    clock.advance(2 * SECOND);
    expectRefusal(await me(member, pair.accessToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
  });
});

describe('refresh tokens', () => {
  it('are rotated on every use: the new pair works, the spent token does not', async () => {
    const member = await createMember(t.db);
    const first = await signIn(t, member.userKeyCode, member.password);
    clock.advance(25 * MINUTE);
    const second = data<TokenPair>(await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.id).toBe(member.id);
    expect((await me(member, second.accessToken)).statusCode).toBe(200);
    const rows = await t.db.select().from(refreshToken).where(eq(refreshToken.userId, member.id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.find((r) => r.tokenHash === hashToken(first.refreshToken))!.usedAt).toEqual(clock.now());
  });

  it('reusing a spent token revokes the whole sign-in: the newest token stops working too', async () => {
    const member = await createMember(t.db);
    const first = await signIn(t, member.userKeyCode, member.password);
    const otherSignin = await signIn(t, member.userKeyCode, member.password);
    const second = data<TokenPair>(await refresh(first.refreshToken));
    const third = data<TokenPair>(await refresh(second.refreshToken));

    expectRefusal(await refresh(first.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    expectRefusal(await refresh(third.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    // Another sign-in of the same member is a different family and carries on.
    expect((await refresh(otherSignin.refreshToken)).statusCode).toBe(200);
  });

  it('a spent token used while its successor is being exchanged still ends the sign-in: the token that exchange issues is revoked too', async () => {
    const member = await createMember(t.db);
    const first = await signIn(t, member.userKeyCode, member.password);
    const second = data<TokenPair>(await refresh(first.refreshToken));
    // The live token's row is held, so its exchange stops midway; the copied token's revocation
    // arrives while it waits. Without the member's lock, the revocation's statement could not see
    // the token the exchange goes on to store, and that token would live on.
    const [exchanged, reused] = await racing(sql`SELECT 1 FROM refresh_token WHERE token_hash = ${hashToken(second.refreshToken)} FOR UPDATE`, [
      () => refresh(second.refreshToken),
      () => refresh(first.refreshToken),
    ]);
    expectRefusal(reused, 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    expect(exchanged.statusCode).toBe(200);
    const third = data<TokenPair>(exchanged);
    expectRefusal(await refresh(third.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    expect((await me(member, third.accessToken)).statusCode).toBe(401);
    const live = await t.db.select().from(refreshToken).where(and(eq(refreshToken.userId, member.id), isNull(refreshToken.usedAt), isNull(refreshToken.revokedAt)));
    expect(live).toEqual([]);
  });

  it('last 14 days', async () => {
    const member = await createMember(t.db);
    const early = await signIn(t, member.userKeyCode, member.password);
    clock.advance(14 * DAY - SECOND);
    expect((await refresh(early.refreshToken)).statusCode).toBe(200);
    const late = await signIn(t, member.userKeyCode, member.password);
    clock.advance(14 * DAY);
    expectRefusal(await refresh(late.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
  });

  it('an unknown token is refused with the server\'s sentence', async () => {
    expectRefusal(await refresh('not-a-token'), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
  });

  it('stop working when the account is blocked', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(t, member.userKeyCode, member.password);
    await t.db.update(appUser).set({ status: 'LOCKED' }).where(eq(appUser.id, member.id));
    expectRefusal(await refresh(pair.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
  });
});

describe('POST /api/user/signout', () => {
  it('revokes the sign-in it belongs to, and only that one', async () => {
    const member = await createMember(t.db);
    const kept = await signIn(t, member.userKeyCode, member.password);
    const ended = await signIn(t, member.userKeyCode, member.password);
    const rotated = data<TokenPair>(await refresh(ended.refreshToken));
    const res = await t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: rotated.refreshToken } });
    expect(body(res)).toEqual({ code: 'SUCCESS', data: {} });
    expectRefusal(await refresh(rotated.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    expect((await refresh(kept.refreshToken)).statusCode).toBe(200);
    // Signing out twice, or with an unknown token, is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: 'unknown' } })).statusCode).toBe(200);
  });

  it('ends the sign-in whose token is being exchanged meanwhile: the token that exchange issues is revoked too', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(t, member.userKeyCode, member.password);
    // The exchange stops midway on the held token; the sign-out of the same sign-in arrives while
    // it waits. Without the member held by the revocation itself (refresh-tokens.ts revokeHeld),
    // its statement would wait on that token and go on without the one the exchange stores.
    const [exchanged, signedOut] = await racing(sql`SELECT 1 FROM refresh_token WHERE token_hash = ${hashToken(pair.refreshToken)} FOR UPDATE`, [
      () => refresh(pair.refreshToken),
      () => t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: pair.refreshToken } }),
    ]);
    expect(body(signedOut)).toEqual({ code: 'SUCCESS', data: {} });
    const next = data<TokenPair>(exchanged);
    expectRefusal(await refresh(next.refreshToken), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    expect((await me(member, next.accessToken)).statusCode).toBe(401);
  });
});
