import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages, adminMessages, twoFactorCodes, twoFactorMessages } from '@contract';
import { appUser, refreshToken, signinFailure, twoFactor, twoFactorRecoveryCode } from '../../db/schema';
import { ROLE_ADMIN } from '../../seed/base';
import { createMember, type TestMember } from '../../test/factories';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from '../../test/global-setup';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { lockWaits, waitForLockWaits } from '../../test/lock-waits';
import { codeAt } from './totp';
import * as repo from './repo';

/**
 * Issue 12: administrators' two-factor sign-in. Enrolment with the password and a first code,
 * sign-in asking for a code (each code good once; wrong ones lock like wrong passwords), ten
 * single-use recovery codes, the settings' switch that closes the console (and every admin power)
 * to an administrator without one, and a system administrator's reset.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-25T03:00:00Z'));
const STEP = 30_000;

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

const signinRequest = (userKeyCode: string, password: string, otp?: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode, password, ...(otp === undefined ? {} : { otp }) } });
const signIn = async (member: { userKeyCode: string; password: string }, otp?: string) => data<Pair>(await signinRequest(member.userKeyCode, member.password, otp));
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

const systemAdmin = { userKeyCode: TEST_ADMIN_ID, password: TEST_ADMIN_PASSWORD };

/** A new administrator (a member whose role has ADMIN_Access) with a confirmed second factor. */
async function enrolledAdmin(): Promise<{ admin: TestMember; secret: string; recoveryCodes: string[]; token: string }> {
  const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
  const { accessToken } = await signIn(admin);
  const { secret } = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password }));
  const { recoveryCodes } = data<{ recoveryCodes: string[] }>(
    await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(secret, clock.now()) }),
  );
  // The next code: the first one is spent.
  clock.advance(STEP);
  return { admin, secret, recoveryCodes, token: accessToken };
}

describe('enrolment', () => {
  it('confirms only the secret its code was checked against: restarted in between (another tab), nothing is confirmed', async () => {
    const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const { accessToken } = await signIn(admin);
    const first = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password }));
    const second = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password }));
    expect(second.secret).not.toBe(first.secret);
    // What the confirmation writes once a code has matched the first secret, after the second start.
    expect(await repo.confirm(t.db, admin.id, first.secret, 1, clock.now())).toBe(false);
    expect(data<{ enabled: boolean }>(await get('/api/admin/two-factor', accessToken)).enabled).toBe(false);
    const confirmed = await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(second.secret, clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    clock.advance(STEP);
  });

  it('asks for the password, gives a QR code of an otpauth URL, and takes the first code', async () => {
    const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const { accessToken } = await signIn(admin);
    expect(data(await get('/api/admin/two-factor', accessToken))).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
      setupRequired: false,
    });

    const wrongPassword = await post('/api/admin/two-factor/enrolment', accessToken, { password: 'Wrong-pass1!' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(body(wrongPassword).message).toBe(accountMessages.currentPasswordWrong);

    const enrolment = data<{ secret: string; otpauthUrl: string; qrSvg: string }>(
      await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password }),
    );
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(decodeURIComponent(url.pathname)).toContain(admin.userKeyCode);
    expect(enrolment.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(enrolment.qrSvg).not.toMatch(/<script|style=|on\w+=/i);

    // Not yet enabled: sign-in still needs the password alone.
    expect((await signinRequest(admin.userKeyCode, admin.password)).statusCode).toBe(200);

    const wrongCode = await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(enrolment.secret, new Date(clock.now().getTime() + 10 * STEP)) });
    expect(wrongCode.statusCode).toBe(400);
    expect(body(wrongCode)).toEqual({ code: twoFactorCodes.invalid, message: twoFactorMessages.codeInvalid, field: 'code' });

    const confirmed = await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(enrolment.secret, clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(body(confirmed).message).toBe(twoFactorMessages.enabled);
    const { recoveryCodes } = data<{ recoveryCodes: string[] }>(confirmed);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored as hashes only.
    const stored = await t.db.select().from(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.userId, admin.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);

    const status = data<{ enabled: boolean; recoveryCodesLeft: number; enabledAt: string }>(await get('/api/admin/two-factor', accessToken));
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enabledAt: clock.now().toISOString() });

    // A second enrolment cannot replace a confirmed factor behind the owner's back.
    const again = await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(twoFactorMessages.alreadyEnabled);
  });

  it('ends every other sign-in of the account, which were made with the password alone', async () => {
    const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const elsewhere = await signIn(admin);
    const here = await signIn(admin);
    const { secret } = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', here.accessToken, { password: admin.password }));
    await post('/api/admin/two-factor/confirmation', here.accessToken, { code: codeAt(secret, clock.now()) });
    expect((await get('/api/admin/dashboard', here.accessToken)).statusCode).toBe(200);
    expect((await get('/api/admin/dashboard', elsewhere.accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: elsewhere.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    clock.advance(STEP);
  });

  it('is for administrators: a member gets 403 and nothing is stored', async () => {
    const member = await createMember(t.db);
    const { accessToken } = await signIn(member);
    for (const [url, payload] of [
      ['/api/admin/two-factor/enrolment', { password: member.password }],
      ['/api/admin/two-factor/confirmation', { code: '123456' }],
    ] as const) {
      const res = await post(url, accessToken, payload);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(adminMessages.adminOnly);
    }
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toEqual([]);
  });
});

/**
 * A password-only sign-in of a new administrator whose second factor is confirmed while the
 * password is checked: the member held, the sign-in waits to count its attempt, and a second hold
 * queued behind it takes the member after that count, to confirm the factor once the sign-in
 * waits behind it (having found no factor). Says so when the confirmation only took the member
 * after the sign-in was stored (the queue's order not kept), which is not that race.
 */
async function signinRacingConfirmation() {
  const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
  const { accessToken } = await signIn(admin);
  await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password });
  const enrolling = (await repo.find(t.db, admin.id))!;
  const signins = async () => (await t.db.select().from(refreshToken).where(eq(refreshToken.userId, admin.id))).length;
  const before = await signins();
  const holdMember = sql`SELECT 1 FROM app_user WHERE id = ${admin.id} FOR UPDATE`;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answer!: Promise<Awaited<ReturnType<typeof signinRequest>>>;
  let answered = false;
  let confirmationHolds = false;
  let confirming!: Promise<void>;
  await t.db.transaction(async (first) => {
    await first.execute(holdMember);
    answer = signinRequest(admin.userKeyCode, admin.password).then((res) => ((answered = true), res));
    await waitForLockWaits(t.database, 1);
    confirming = t.db.transaction(async (second) => {
      await second.execute(holdMember);
      confirmationHolds = true;
      await released;
      // What the set-up's confirmation writes, with the member held as its ending of other sign-ins holds it.
      expect(await repo.confirm(second, admin.id, enrolling.secret, Math.floor(clock.now().getTime() / STEP), clock.now())).toBe(true);
    });
    await waitForLockWaits(t.database, 2);
  });
  // Either the sign-in, having found no factor, comes to wait behind the confirmation (to clear its
  // count, or to store itself), or it was stored before the confirmation took the member and answers.
  const waiting = { timeout: 5_000, interval: 5 };
  await vi.waitUntil(() => confirmationHolds || answered, waiting);
  if (!answered) await vi.waitUntil(async () => answered || (await lockWaits(t.database)) >= 1, waiting);
  if (answered) {
    release();
    await confirming;
    return 'confirmation came after the sign-in' as const;
  }
  release();
  await confirming;
  return { asked: await answer, before, after: await signins() };
}

describe('sign-in with a second factor', () => {
  it('asks for the code after a right password, and a wrong password is still a wrong password', async () => {
    const { admin, secret } = await enrolledAdmin();
    const asked = await signinRequest(admin.userKeyCode, admin.password);
    expect(asked.statusCode).toBe(401);
    expect(body(asked)).toEqual({ code: twoFactorCodes.required, message: twoFactorMessages.codeRequired, field: 'otp' });
    const wrongPassword = await signinRequest(admin.userKeyCode, 'Wrong-pass1!', codeAt(secret, clock.now()));
    expect(body(wrongPassword).code).toBe('INVALID_CREDENTIAL');
    const ok = await signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now()));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('asks a password-only sign-in for its code when the factor was confirmed while its password was checked, and stores no sign-in', async () => {
    // The race needs the confirmation to take the member before the sign-in stores itself. A
    // clean-clone CI on session 46's loaded machine found the sign-in stored (200): most likely its
    // next statements took the free row before the woken confirmation did, as PostgreSQL does not
    // keep a row's waiters in order against a newcomer. Such a round is not the race, and is run
    // again with a new member; a sign-in that never waits behind the confirmation fails at 5.
    for (let round = 1; ; round++) {
      const raced = await signinRacingConfirmation();
      if (raced === 'confirmation came after the sign-in') {
        expect(round, 'the confirmation never took the member while the sign-in ran').toBeLessThan(5);
        continue;
      }
      const { asked, before, after } = raced;
      expect(asked.statusCode, asked.body).toBe(401);
      expect(body(asked)).toEqual({ code: twoFactorCodes.required, message: twoFactorMessages.codeRequired, field: 'otp' });
      expect(after).toBe(before);
      return;
    }
  });

  it('takes each code once: the same code again is refused, the next step is accepted', async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = codeAt(secret, clock.now());
    expect((await signinRequest(admin.userKeyCode, admin.password, code)).statusCode).toBe(200);
    const replay = await signinRequest(admin.userKeyCode, admin.password, code);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).code).toBe(twoFactorCodes.invalid);
    clock.advance(STEP);
    expect((await signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it("accepts the previous step's code (clocks a little apart) but not one two steps old", async () => {
    const { admin, secret } = await enrolledAdmin();
    clock.advance(3 * STEP);
    const old = codeAt(secret, new Date(clock.now().getTime() - 2 * STEP));
    expect(body(await signinRequest(admin.userKeyCode, admin.password, old)).code).toBe(twoFactorCodes.invalid);
    const previous = codeAt(secret, new Date(clock.now().getTime() - STEP));
    expect((await signinRequest(admin.userKeyCode, admin.password, previous)).statusCode).toBe(200);
    clock.advance(STEP);
  });

  it('counts wrong codes with wrong passwords: the fifth locks the account', async () => {
    const { admin, secret } = await enrolledAdmin();
    const wrong = codeAt(secret, new Date(clock.now().getTime() + 10 * STEP));
    for (let i = 1; i <= 4; i += 1) {
      const res = await signinRequest(admin.userKeyCode, admin.password, wrong);
      expect(body(res)).toEqual({ code: twoFactorCodes.invalid, message: twoFactorMessages.codeInvalid, field: 'otp' });
    }
    const fifth = await signinRequest(admin.userKeyCode, admin.password, wrong);
    expect(fifth.statusCode).toBe(403);
    expect(body(fifth).message).toBe(accountMessages.accountLocked);
    // Locked: even the right code does not get in.
    expect((await signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now()))).statusCode).toBe(403);
    const failures = await t.db.select().from(signinFailure).where(eq(signinFailure.userId, admin.id));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    await t.db.update(appUser).set({ lockedUntil: null, failedSigninCount: 0 }).where(eq(appUser.id, admin.id));
  });

  it('counts a burst of parallel codes as it runs: among twenty wrong codes sent at once, the right one is locked out too', async () => {
    const { admin, secret } = await enrolledAdmin();
    const wrong = (i: number) => codeAt(secret, new Date(clock.now().getTime() + (10 + i) * STEP));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => signinRequest(admin.userKeyCode, admin.password, wrong(i))),
      signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now())),
    ]);
    const codes = answers.map((res) => body<{ code: string }>(res).code);
    expect(codes.filter((code) => code === twoFactorCodes.invalid)).toHaveLength(4);
    expect(codes.filter((code) => code === 'NOT_ACCEPTABLE')).toHaveLength(17);
    expect(answers[20]!.statusCode).toBe(403);
    await t.db.update(appUser).set({ lockedUntil: null, failedSigninCount: 0 }).where(eq(appUser.id, admin.id));
  });

  it('a right password still waiting for its code counts no attempt, even as the fifth', async () => {
    const { admin, secret } = await enrolledAdmin();
    const wrong = codeAt(secret, new Date(clock.now().getTime() + 10 * STEP));
    for (let i = 1; i <= 4; i += 1) expect(body(await signinRequest(admin.userKeyCode, admin.password, wrong)).code).toBe(twoFactorCodes.invalid);
    for (let i = 1; i <= 3; i += 1) expect(body(await signinRequest(admin.userKeyCode, admin.password)).code).toBe(twoFactorCodes.required);
    const [row] = await t.db.select({ count: appUser.failedSigninCount, lockedUntil: appUser.lockedUntil }).from(appUser).where(eq(appUser.id, admin.id));
    expect(row).toEqual({ count: 4, lockedUntil: null });
    expect((await signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and with or without its hyphen', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const [first, second] = recoveryCodes as [string, string];
    expect((await signinRequest(admin.userKeyCode, admin.password, first)).statusCode).toBe(200);
    expect(body(await signinRequest(admin.userKeyCode, admin.password, first)).code).toBe(twoFactorCodes.invalid);
    expect((await signinRequest(admin.userKeyCode, admin.password, ` ${second.replace('-', '').toUpperCase()} `)).statusCode).toBe(200);
    const { accessToken } = await signIn(admin, recoveryCodes[2]);
    expect(data<{ recoveryCodesLeft: number }>(await get('/api/admin/two-factor', accessToken)).recoveryCodesLeft).toBe(7);
  });
});

describe('recovery codes and turning it off', () => {
  const recoveryCodeRows = (userId: number) => t.db.select().from(twoFactorRecoveryCode).where(eq(twoFactorRecoveryCode.userId, userId));

  it('new recovery codes replace the old ones, after the password and a current code', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const signInCode = codeAt(secret, clock.now());
    const { accessToken } = await signIn(admin, signInCode);
    const renew = (payload: object) => post('/api/admin/two-factor/recovery-codes', accessToken, payload);
    const before = await recoveryCodeRows(admin.id);

    // The password alone is not enough: a session whose holder has only the password keeps the codes as they are.
    const withoutCode = await renew({ password: admin.password });
    expect(withoutCode.statusCode).toBe(400);
    expect(body(withoutCode).message).toContain(twoFactorMessages.changeCodeRequired);
    // About the code, as a wrong code is: the console's form keeps the password and asks for the code again.
    expect(body(withoutCode).field).toBe('code');
    // A code already spent (the sign-in's) is refused as at sign-in.
    const spent = await renew({ password: admin.password, code: signInCode });
    expect(spent.statusCode).toBe(400);
    expect(body(spent)).toEqual({ code: twoFactorCodes.invalid, message: twoFactorMessages.codeInvalid, field: 'code' });
    expect(await recoveryCodeRows(admin.id)).toEqual(before);

    clock.advance(STEP);
    const renewed = data<{ recoveryCodes: string[] }>(await renew({ password: admin.password, code: codeAt(secret, clock.now()) }));
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect(body(await signinRequest(admin.userKeyCode, admin.password, recoveryCodes[0])).code).toBe(twoFactorCodes.invalid);
    expect((await signinRequest(admin.userKeyCode, admin.password, renewed.recoveryCodes[0])).statusCode).toBe(200);
    clock.advance(STEP);
  });

  it('turns off with the password and a recovery code, and sign-in needs the password alone again', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const { accessToken } = await signIn(admin, codeAt(secret, clock.now()));
    const disable = (payload: object) => post('/api/admin/two-factor/disable', accessToken, payload);
    expect((await disable({ password: 'Wrong-pass1!', code: recoveryCodes[0] })).statusCode).toBe(400);
    // A wrong password spends no code: the same recovery code still works below.
    const wrongCode = await disable({ password: admin.password, code: 'aaaaa-aaaaa' });
    expect(body(wrongCode).code).toBe(twoFactorCodes.invalid);
    expect(await confirmedAt(admin.id)).not.toBeNull();

    const off = await disable({ password: admin.password, code: recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(await confirmedAt(admin.id)).toBeNull();
    expect((await signinRequest(admin.userKeyCode, admin.password)).statusCode).toBe(200);
    expect(await recoveryCodeRows(admin.id)).toEqual([]);
    clock.advance(STEP);
  });

  it('counts wrong codes with wrong passwords here too: the fifth locks the account, sign-in included', async () => {
    const { admin, secret } = await enrolledAdmin();
    const { accessToken } = await signIn(admin, codeAt(secret, clock.now()));
    for (let i = 1; i <= 4; i += 1) {
      const res = await post('/api/admin/two-factor/disable', accessToken, { password: admin.password, code: `bbbbb-bbbb${i + 1}` });
      expect(body(res).code, `attempt ${i}`).toBe(twoFactorCodes.invalid);
    }
    const fifth = await post('/api/admin/two-factor/disable', accessToken, { password: admin.password, code: 'ccccc-ccccc' });
    expect(fifth.statusCode).toBe(403);
    expect(body(fifth).message).toBe(accountMessages.accountLocked);
    clock.advance(STEP);
    expect(body(await signinRequest(admin.userKeyCode, admin.password, codeAt(secret, clock.now()))).message).toBe(accountMessages.accountLocked);
    expect(await confirmedAt(admin.id)).not.toBeNull();
    clock.advance(STEP);
  });
});

/** When the account's second factor was confirmed, or null when it has none. */
async function confirmedAt(userId: number): Promise<Date | null> {
  return (await repo.find(t.db, userId))?.confirmedAt ?? null;
}

describe('required by the site settings', () => {
  it('cannot be switched on by an administrator who has no second factor', async () => {
    const { accessToken } = await signIn(systemAdmin);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/site-setting', headers: t.auth(accessToken), payload: { adminTwoFactorRequired: true } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(twoFactorMessages.enableOwnFirst);
    expect(data<{ adminTwoFactorRequired: boolean }>(await get('/api/admin/site-setting', accessToken)).adminTwoFactorRequired).toBe(false);
  });

  it('closes the console and every admin power to an administrator without one, until they enrol', async () => {
    // The system administrator enrols, then switches it on.
    const { accessToken: systemToken } = await signIn(systemAdmin);
    const { secret: systemSecret } = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', systemToken, { password: systemAdmin.password }));
    await post('/api/admin/two-factor/confirmation', systemToken, { code: codeAt(systemSecret, clock.now()) });
    const on = await t.app.inject({ method: 'PATCH', url: '/api/site-setting', headers: t.auth(systemToken), payload: { adminTwoFactorRequired: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(data<{ adminTwoFactorRequired: boolean }>(await get('/api/admin/site-setting', systemToken)).adminTwoFactorRequired).toBe(true);

    const manager = await createMember(t.db, { roleCode: ROLE_ADMIN });
    const member = await createMember(t.db);
    const { accessToken: memberToken } = await signIn(member);
    const secretPost = data<{ itemNo: number }>(
      await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(memberToken), payload: { title: '비밀 상담', content: '<p>비밀 본문</p>', isSecret: true } }),
    );
    const { accessToken } = await signIn(manager);
    // The console, a member's record and a member's secret post (which the role's board-managing
    // rights would open) are refused.
    for (const url of ['/api/admin/dashboard', '/api/admin/users', `/api/user/${member.id}`, `/api/board-item/community/${secretPost.itemNo}`]) {
      const res = await get(url, accessToken);
      expect(res.statusCode, url).toBe(403);
      if (url.startsWith('/api/admin')) expect(body(res)).toEqual({ code: twoFactorCodes.setupRequired, message: twoFactorMessages.setupRequired });
    }
    // Nor do the admin role's board rights: a password alone does not publish an official notice.
    const notice = { title: '비밀번호만으로 쓴 공지', content: '<p>공지 본문</p>' };
    const refusedNotice = await t.app.inject({ method: 'PUT', url: '/api/board-item/notice', headers: t.auth(accessToken), payload: notice });
    expect(refusedNotice.statusCode, refusedNotice.body).toBe(403);
    expect(data(await get('/api/admin/two-factor', accessToken))).toMatchObject({ enabled: false, required: true, setupRequired: true });
    // Their own record stays theirs.
    expect((await get(`/api/user/${manager.id}`, accessToken)).statusCode).toBe(200);

    const { secret } = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', accessToken, { password: manager.password }));
    await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(secret, clock.now()) });
    expect((await get('/api/admin/dashboard', accessToken)).statusCode).toBe(200);
    expect((await get(`/api/user/${member.id}`, accessToken)).statusCode).toBe(200);
    expect((await get(`/api/board-item/community/${secretPost.itemNo}`, accessToken)).statusCode).toBe(200);
    const notice2 = await t.app.inject({ method: 'PUT', url: '/api/board-item/notice', headers: t.auth(accessToken), payload: notice });
    expect(notice2.statusCode, notice2.body).toBe(200);

    // Required: turning it off is refused.
    clock.advance(STEP);
    const off = await post('/api/admin/two-factor/disable', accessToken, { password: manager.password, code: codeAt(secret, clock.now()) });
    expect(off.statusCode).toBe(409);
    expect(body(off).message).toBe(twoFactorMessages.requiredCannotDisable);

    // A system administrator resets a lost one: that account's sign-ins end at once.
    clock.advance(STEP);
    const { accessToken: systemAgain } = await signIn(systemAdmin, codeAt(systemSecret, clock.now()));
    const detail = (token: string) => get(`/api/admin/users/${manager.id}`, token);
    expect(data<{ twoFactorEnabled: boolean }>(await detail(systemAgain)).twoFactorEnabled).toBe(true);
    const reset = await post(`/api/admin/users/${manager.id}/two-factor-reset`, systemAgain);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get('/api/admin/dashboard', accessToken)).statusCode).toBe(401);
    expect(data<{ twoFactorEnabled: boolean }>(await detail(systemAgain)).twoFactorEnabled).toBe(false);
    expect((await post(`/api/admin/users/${manager.id}/two-factor-reset`, systemAgain)).statusCode).toBe(404);
    // Only a system administrator resets.
    const other = await enrolledAdminUnderRequirement();
    expect((await post(`/api/admin/users/${manager.id}/two-factor-reset`, other)).statusCode).toBe(403);

    await t.app.inject({ method: 'PATCH', url: '/api/site-setting', headers: t.auth(systemAgain), payload: { adminTwoFactorRequired: false } });
    clock.advance(STEP);
    const systemOff = await post('/api/admin/two-factor/disable', systemAgain, { password: systemAdmin.password, code: codeAt(systemSecret, clock.now()) });
    expect(systemOff.statusCode, systemOff.body).toBe(200);
  });
});

/** An administrator who enrols while the requirement is on, with a token of a full session. */
async function enrolledAdminUnderRequirement(): Promise<string> {
  const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
  const { accessToken } = await signIn(admin);
  const { secret } = data<{ secret: string }>(await post('/api/admin/two-factor/enrolment', accessToken, { password: admin.password }));
  await post('/api/admin/two-factor/confirmation', accessToken, { code: codeAt(secret, clock.now()) });
  return accessToken;
}
