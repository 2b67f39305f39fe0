import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages, messages } from '@contract';
import { hashToken } from '../../auth/tokens';
import { appUser, outbox, userKeyToken } from '../../db/schema';
import { confirmedKeyToken, lastMessage, lastPincode, signIn, signinRequest } from '../../test/accounts';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('POST /api/user/find-id', () => {
  it('shows the IDs of a confirmed e-mail address, partly masked, with the join date in KST', async () => {
    await createMember(t.db, { userKeyCode: 'hong1234', email: 'hong@example.com', createdAt: new Date('2026-03-01T15:30:00Z') });
    const token = await confirmedKeyToken(t, 'EMAIL', 'HONG@example.com', 'FIND_ID');
    const res = await post('/api/user/find-id', { userKeyToken: token });
    expect(data(res)).toEqual({ idList: [{ userKeyCode: 'hon*****', createdDate: '2026-03-02T00:30:00+09:00' }], sentTo: 'EMAIL' });
    expect(res.body).not.toContain('hong1234');
  });

  it('shows every account of a confirmed mobile number, oldest first', async () => {
    await createMember(t.db, { userKeyCode: 'parent01', mobile: '010-4444-5555', createdAt: new Date('2025-01-01T00:00:00Z') });
    await createMember(t.db, { userKeyCode: 'kid', mobile: '010-4444-5555', createdAt: new Date('2026-01-01T00:00:00Z') });
    const token = await confirmedKeyToken(t, 'MOBILE', '010-4444-5555', 'FIND_ID');
    expect(data(await post('/api/user/find-id', { userKeyToken: token }))).toEqual({
      idList: [
        { userKeyCode: 'par*****', createdDate: '2025-01-01T09:00:00+09:00' },
        { userKeyCode: 'ki*', createdDate: '2026-01-01T09:00:00+09:00' },
      ],
      sentTo: 'MOBILE',
    });
  });

  it('an address without an account gets an empty list', async () => {
    const token = await confirmedKeyToken(t, 'EMAIL', 'nobody@example.com', 'FIND_ID');
    expect(data(await post('/api/user/find-id', { userKeyToken: token }))).toEqual({ idList: [], sentTo: null });
    // Nothing to send: the pincode is the last message to that address.
    expect((await lastMessage(t, 'nobody@example.com')).subject).toBe('[인체이식형 의료기기 환자등록사업] 인증번호 안내');
  });

  it('a token works once, for FIND_ID only, for 30 minutes', async () => {
    await createMember(t.db, { email: 'once@example.com' });
    const token = await confirmedKeyToken(t, 'EMAIL', 'once@example.com', 'FIND_ID');
    expect((await post('/api/user/find-id', { userKeyToken: token })).statusCode).toBe(200);
    expectRefusal(await post('/api/user/find-id', { userKeyToken: token }), 400, 'BAD_REQUEST', accountMessages.keyTokenInvalid);
    expectRefusal(await post('/api/user/find-id', { userKeyToken: '' }), 400, 'BAD_REQUEST', accountMessages.keyTokenInvalid);

    const signupToken = await confirmedKeyToken(t, 'EMAIL', 'signup-purpose@example.com', 'SIGNUP');
    expectRefusal(await post('/api/user/find-id', { userKeyToken: signupToken }), 400, 'BAD_REQUEST', accountMessages.keyTokenInvalid);

    clock.advance(MINUTE);
    const late = await confirmedKeyToken(t, 'EMAIL', 'once@example.com', 'FIND_ID');
    clock.advance(30 * MINUTE);
    expectRefusal(await post('/api/user/find-id', { userKeyToken: late }), 400, 'BAD_REQUEST', accountMessages.keyTokenInvalid);
  });
});

describe('find ID sends the full ID to the verified address (issue 23)', () => {
  it('by e-mail: every ID of the address in full, to that address only; the answer stays masked', async () => {
    clock.advance(11 * MINUTE);
    const first = await createMember(t.db, { userKeyCode: 'audrey.kim', email: 'audrey@example.com', mobile: '010-7777-8888', createdAt: new Date('2025-05-05T03:00:00Z') });
    // An account whose ID is the address itself (signed up by e-mail) is found by it too.
    await createMember(t.db, { userKeyCode: 'audrey@example.com', email: null, createdAt: new Date('2026-02-01T03:00:00Z') });
    const token = await confirmedKeyToken(t, 'EMAIL', 'Audrey@Example.com', 'FIND_ID');
    const before = await t.db.select({ id: outbox.id }).from(outbox);
    const res = await post('/api/user/find-id', { userKeyToken: token });
    expect(data(res)).toEqual({
      idList: [
        { userKeyCode: 'aud*******', createdDate: '2025-05-05T12:00:00+09:00' },
        { userKeyCode: 'aud***@example.com', createdDate: '2026-02-01T12:00:00+09:00' },
      ],
      sentTo: 'EMAIL',
    });
    expect(res.body).not.toContain('audrey.kim');
    const message = await lastMessage(t, 'audrey@example.com');
    expect(message.subject).toBe('[인체이식형 의료기기 환자등록사업] 아이디 안내');
    expect(message.body).toContain('아이디: audrey.kim (가입일 2025-05-05)');
    expect(message.body).toContain('아이디: audrey@example.com (가입일 2026-02-01)');
    // One message, to the verified address: not to the member's mobile, nowhere else.
    const sent = await t.db.select().from(outbox);
    const after = sent.filter((m) => !before.some((b) => b.id === m.id));
    expect(after.map((m) => [m.channel, m.recipient])).toEqual([['EMAIL', 'audrey@example.com']]);
    expect(sent.some((m) => m.recipient === '010-7777-8888')).toBe(false);
    expect(first.mobile).toBe('010-7777-8888');
  });

  it('by SMS to the verified mobile number', async () => {
    await createMember(t.db, { userKeyCode: 'mobileonly', mobile: '010-3131-4141', email: 'mobileonly@example.com' });
    const token = await confirmedKeyToken(t, 'MOBILE', '010-3131-4141', 'FIND_ID');
    expect(data(await post('/api/user/find-id', { userKeyToken: token }))).toMatchObject({ idList: [{ userKeyCode: 'mob*******' }], sentTo: 'MOBILE' });
    const sms = await lastMessage(t, '010-3131-4141');
    expect(sms).toMatchObject({ channel: 'SMS', body: '[환자등록사업] 아이디: mobileonly' });
    // The e-mail address on the account was not verified here: it gets nothing.
    await t.app.deps.delivery.idle();
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'mobileonly@example.com'))).toEqual([]);
  });

  it('limited as pincodes are: a second within a minute, a sixth within ten minutes is a 429, and the refused token stays usable', async () => {
    clock.advance(11 * MINUTE);
    await createMember(t.db, { userKeyCode: 'limited01', email: 'limited@example.com' });
    // Tokens confirmed a minute apart (the pincode's own limit) and kept, then spent at once.
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      tokens.push(await confirmedKeyToken(t, 'EMAIL', 'limited@example.com', 'FIND_ID'));
      clock.advance(MINUTE);
    }
    expect(data(await post('/api/user/find-id', { userKeyToken: tokens[0]! })).sentTo).toBe('EMAIL');
    expectRefusal(await post('/api/user/find-id', { userKeyToken: tokens[1]! }), 429, 'TOO_MANY_REQUESTS', accountMessages.fullIdTooSoon);
    clock.advance(MINUTE);
    // The refused token was not spent.
    expect(data(await post('/api/user/find-id', { userKeyToken: tokens[1]! })).sentTo).toBe('EMAIL');
    for (const token of tokens.slice(2)) {
      clock.advance(MINUTE);
      expect((await post('/api/user/find-id', { userKeyToken: token })).statusCode).toBe(200);
    }
    // Five sent within ten minutes: a sixth (a token confirmed once the pincodes' own window allows) waits.
    clock.advance(2 * MINUTE);
    const sixth = await confirmedKeyToken(t, 'EMAIL', 'limited@example.com', 'FIND_ID');
    clock.advance(MINUTE);
    expectRefusal(await post('/api/user/find-id', { userKeyToken: sixth }), 429, 'TOO_MANY_REQUESTS', accountMessages.fullIdTooMany);
    await t.app.deps.delivery.idle();
    const idMails = (await t.db.select().from(outbox).where(eq(outbox.recipient, 'limited@example.com'))).filter((m) => m.subject?.endsWith('아이디 안내'));
    expect(idMails).toHaveLength(5);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => post('/api/user/reset-password-token', { email });
  const reset = (userToken: string, pincode: string, password = 'new!pass22', passwordConfirm = password) =>
    post('/api/user/reset-password', { userToken, pincode, password, passwordConfirm });

  it('a member\'s address gets a pincode by e-mail; the reset ends every sign-in and lifts a lock', async () => {
    const member = await createMember(t.db, { email: 'reset-me@example.com', failedSigninCount: 3 });
    const session = await signIn(t, member.userKeyCode, member.password);
    const res = await requestReset('Reset-Me@example.com');
    const { userToken } = data<{ userToken: string }>(res);
    const mail = await lastMessage(t, 'reset-me@example.com');
    expect(mail.subject).toBe('[인체이식형 의료기기 환자등록사업] 인증번호 안내');
    expect(mail.body).toContain('비밀번호 재설정');
    const pincode = await lastPincode(t, 'reset-me@example.com');

    expectRefusal(await reset(userToken, pincode, 'short1!'.slice(0, 5)), 400, 'BAD_REQUEST', accountMessages.passwordFormat);
    expectRefusal(await reset(userToken, pincode, 'new!pass22', 'new!pass23'), 400, 'BAD_REQUEST', accountMessages.passwordMismatch);
    const ok = await reset(userToken, pincode);
    expect(body(ok)).toEqual({ code: 'SUCCESS', message: '비밀번호가 재설정 되었습니다.', data: {} });

    expectRefusal(await signinRequest(t, member.userKeyCode, member.password), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expect((await signinRequest(t, member.userKeyCode, 'new!pass22')).statusCode).toBe(200);
    const refreshed = await post('/api/user/signin-by-refresh-token', { refreshToken: session.refreshToken });
    expectRefusal(refreshed, 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    // The token is spent.
    expectRefusal(await reset(userToken, pincode), 400, 'BAD_REQUEST', accountMessages.pincodeTokenMissing);
  });

  it('an unknown address gets the same answer, no mail, and a token that never resets anything', async () => {
    await createMember(t.db, { email: 'known@example.com' });
    const known = await requestReset('known@example.com');
    const unknown = await requestReset('unknown@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const shape = (r: typeof known) => {
      const parsed = body<{ code: string; data: { userToken: string } }>(r);
      return { keys: Object.keys(parsed).sort(), dataKeys: Object.keys(parsed.data), tokenLength: parsed.data.userToken.length };
    };
    expect(shape(unknown)).toEqual(shape(known));

    await t.app.deps.delivery.idle();
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'unknown@example.com'))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'known@example.com'))).toHaveLength(1);

    // Same database work: one pending RESET token either way, the unknown one bound to no member.
    const userToken = data<{ userToken: string }>(unknown).userToken;
    const [row] = await t.db.select().from(userKeyToken).where(eq(userKeyToken.tokenHash, hashToken(userToken)));
    expect(row).toMatchObject({ purpose: 'RESET', status: 'PENDING', userId: null, keyCode: 'unknown@example.com' });
    for (let i = 1; i <= 4; i++) expectRefusal(await reset(userToken, '000000'), 400, 'BAD_REQUEST', accountMessages.pincodeFailed);
    expectRefusal(await reset(userToken, '000000'), 400, 'BAD_REQUEST', accountMessages.pincodeTooManyTries);

    // Same send limits too.
    expectRefusal(await requestReset('unknown@example.com'), 429, 'TOO_MANY_REQUESTS', accountMessages.pincodeTooSoon);
    expectRefusal(await requestReset('known@example.com'), 429, 'TOO_MANY_REQUESTS', accountMessages.pincodeTooSoon);
  });

  it('does not wait for the mail: a slow mail server does not slow the answer', async () => {
    await createMember(t.db, { email: 'slow@example.com' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = vi.spyOn(t.app.deps.delivery.mail, 'send').mockImplementation(() => held);
    try {
      const started = performance.now();
      const res = await requestReset('slow@example.com');
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      // The mail is still on its way after the answer.
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      const [pending] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'slow@example.com'));
      expect(pending!.sentAt).toBeNull();
    } finally {
      release();
      send.mockRestore();
    }
    const mail = await lastMessage(t, 'slow@example.com');
    expect(mail.sentAt).not.toBeNull();
  });

  it('a wrong, expired or malformed pincode fails with the form\'s sentences', async () => {
    const member = await createMember(t.db, { email: 'pin-rules@example.com' });
    const { userToken } = data<{ userToken: string }>(await requestReset(member.email!));
    const pincode = await lastPincode(t, member.email!);
    const wrong = String((Number(pincode) + 1) % 1_000_000).padStart(6, '0');
    expectRefusal(await reset(userToken, wrong), 400, 'BAD_REQUEST', '인증에 실패하였습니다.');
    expectRefusal(await reset(userToken, '12ab'), 400, 'BAD_REQUEST', accountMessages.pincodeFormat);
    expectRefusal(await reset('', pincode), 400, 'BAD_REQUEST', '인증번호 발송 요청을 다시 해주세요.');
    clock.advance(5 * MINUTE);
    expectRefusal(await reset(userToken, pincode), 400, 'BAD_REQUEST', accountMessages.pincodeExpired);
    expectRefusal(await requestReset('not-an-email'), 400, 'BAD_REQUEST', accountMessages.emailFormat);
  });

  it('a reset token cannot be confirmed for another purpose', async () => {
    const member = await createMember(t.db, { email: 'reset-only@example.com' });
    const { userToken } = data<{ userToken: string }>(await requestReset(member.email!));
    const pincode = await lastPincode(t, member.email!);
    expectRefusal(await post('/api/user-key/confirm', { userKeyToken: userToken, pincode }), 400, 'BAD_REQUEST', accountMessages.pincodeTokenMissing);
    expect((await reset(userToken, pincode)).statusCode).toBe(200);
  });

  it('an account blocked after the request: "비밀번호 재설정이 실패했습니다."', async () => {
    const member = await createMember(t.db, { email: 'blocked-later@example.com' });
    const { userToken } = data<{ userToken: string }>(await requestReset(member.email!));
    const pincode = await lastPincode(t, member.email!);
    await t.db.update(appUser).set({ status: 'LOCKED' }).where(eq(appUser.id, member.id));
    expectRefusal(await reset(userToken, pincode), 400, 'BAD_REQUEST', '비밀번호 재설정이 실패했습니다.');
    // Nothing was written: the token is still pending.
    const [row] = await t.db.select({ status: userKeyToken.status }).from(userKeyToken).where(eq(userKeyToken.tokenHash, hashToken(userToken)));
    expect(row!.status).toBe('PENDING');
  });

  it('a blocked account gets no pincode', async () => {
    await createMember(t.db, { email: 'blocked@example.com', status: 'LOCKED' });
    expect((await requestReset('blocked@example.com')).statusCode).toBe(200);
    await t.app.deps.delivery.idle();
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'blocked@example.com'))).toEqual([]);
    const [row] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, 'blocked@example.com'));
    expect(row).toBeDefined();
  });
});

