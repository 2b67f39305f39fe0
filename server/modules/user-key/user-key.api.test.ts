import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { accountMessages } from '@contract';
import { hashToken } from '../../auth/tokens';
import { outbox, userKeyToken } from '../../db/schema';
import { lastMessage, lastPincode, requestPincode } from '../../test/accounts';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let address = 0;
/** A fresh e-mail address per test, so send limits never carry over. */
const newEmail = () => `user${++address}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await createMember(t.db, { userKeyCode: 'takenid', email: 'taken@example.com', mobile: '010-1111-2222' });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const confirm = (userKeyToken: string | undefined, pincode: string) => post('/api/user-key/confirm', { userKeyToken, pincode });

describe('POST /api/user-key/check-exists', () => {
  it.each([
    ['ID', 'takenid', true, '이미 사용 중인 아이디입니다.'],
    ['ID', 'freeid', false, '사용 가능한 아이디입니다.'],
    ['EMAIL', 'TAKEN@Example.com', true, '이미 사용 중인 이메일입니다.'],
    ['EMAIL', 'free@example.com', false, '사용 가능한 이메일입니다.'],
    ['MOBILE', '010-1111-2222', true, '이미 사용 중인 번호입니다.'],
    ['MOBILE', '010-3333-4444', false, '사용 가능한 번호입니다.'],
  ] as const)('%s %s → exists %s with "%s"', async (userKeyType, userKeyCode, exists, message) => {
    const res = await post('/api/user-key/check-exists', { userKeyType, userKeyCode });
    expect(body(res)).toEqual({ code: 'SUCCESS', message, data: { exists } });
  });

  it.each([
    ['ID', 'has space', accountMessages.userIdFormat],
    ['EMAIL', 'not-an-email', accountMessages.emailFormat],
    ['MOBILE', '01012345678', '연락처를 형식에 맞게 입력해주세요.'],
    ['MOBILE', '010-12-5678', '연락처를 형식에 맞게 입력해주세요.'],
  ] as const)('refuses a malformed %s "%s" with the form\'s sentence', async (userKeyType, userKeyCode, message) => {
    expectRefusal(await post('/api/user-key/check-exists', { userKeyType, userKeyCode }), 400, 'BAD_REQUEST', message);
  });
});

describe('POST /api/user-key/check (send a pincode)', () => {
  it('e-mails a 6-digit pincode with a clear Korean subject and its validity, and stores only hashes', async () => {
    const email = newEmail();
    const token = await requestPincode(t, 'EMAIL', email.toUpperCase());
    const mail = await lastMessage(t, email);
    expect(mail).toMatchObject({ channel: 'EMAIL', transport: 'dev', subject: '[인체이식형 의료기기 환자등록사업] 인증번호 안내' });
    expect(mail.sentAt).not.toBeNull();
    const pincode = await lastPincode(t, email);
    expect(pincode).toMatch(/^\d{6}$/);
    expect(mail.body).toContain('5분 안에 입력해주세요');
    expect(mail.body).toContain('요청하지 않으셨다면');

    const rows = await t.db.select().from(userKeyToken).where(eq(userKeyToken.keyCode, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ keyType: 'EMAIL', purpose: 'SIGNUP', status: 'PENDING', tries: 0 });
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.pincodeHash).not.toContain(pincode);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(5 * MINUTE);
  });

  it('texts a pincode to a mobile number', async () => {
    await requestPincode(t, 'MOBILE', '010-5555-0001');
    const sms = await lastMessage(t, '010-5555-0001');
    expect(sms).toMatchObject({ channel: 'SMS', subject: null });
    expect(sms.body).toMatch(/인증번호 \d{6}/);
    expect(sms.body).toContain('5분');
  });

  it('draws pincodes at random', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const email = newEmail();
      await requestPincode(t, 'EMAIL', email);
      codes.add(await lastPincode(t, email));
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('refuses to sign up or change to an address already in use, but sends for find-ID', async () => {
    for (const purpose of ['SIGNUP', 'CHANGE_KEY'] as const) {
      expectRefusal(
        await post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: 'taken@example.com', purpose }),
        409, 'CONFLICT', '이미 사용 중인 이메일입니다.',
      );
    }
    expectRefusal(
      await post('/api/user-key/check', { userKeyType: 'MOBILE', userKeyCode: '010-1111-2222' }),
      409, 'CONFLICT', '이미 사용 중인 번호입니다.',
    );
    await requestPincode(t, 'EMAIL', 'taken@example.com', 'FIND_ID');
  });

  it('refuses malformed addresses', async () => {
    expectRefusal(await post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: 'nope' }), 400, 'BAD_REQUEST', accountMessages.emailFormat);
    expectRefusal(await post('/api/user-key/check', { userKeyType: 'MOBILE', userKeyCode: '010-1234' }), 400, 'BAD_REQUEST', accountMessages.phoneFormat);
  });

  it('sends to one key at most once a minute and five times in ten minutes', async () => {
    const email = newEmail();
    const send = () => post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: email });
    expect((await send()).statusCode).toBe(200);
    clock.advance(59 * SECOND);
    expectRefusal(await send(), 429, 'TOO_MANY_REQUESTS', accountMessages.pincodeTooSoon);
    // Another key is not affected.
    expect((await post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: newEmail() })).statusCode).toBe(200);
    for (let sent = 2; sent <= 5; sent++) {
      clock.advance(61 * SECOND);
      expect((await send()).statusCode, `send ${sent}`).toBe(200);
    }
    clock.advance(61 * SECOND);
    expectRefusal(await send(), 429, 'TOO_MANY_REQUESTS', accountMessages.pincodeTooMany);
    const sent = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(sent).toHaveLength(5);
    // The first send leaves the ten-minute window.
    clock.advance(10 * MINUTE - 5 * 61 * SECOND + 60 * SECOND);
    expect((await send()).statusCode).toBe(200);
  });

  it('PINCODE_RESEND_SECONDS sets the least time between sends; five in ten minutes stays the cap', async () => {
    const quick = await buildApp({ db: t.db, config: { ...t.config, pincodeResendMs: 0 }, keys: t.keys, clock }, { logger: false });
    try {
      const email = newEmail();
      const send = () => quick.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType: 'EMAIL', userKeyCode: email } });
      for (let sent = 1; sent <= 5; sent++) expect((await send()).statusCode, `send ${sent}`).toBe(200);
      expectRefusal(await send(), 429, 'TOO_MANY_REQUESTS', accountMessages.pincodeTooMany);
    } finally {
      await quick.close();
    }
  });
});

describe('POST /api/user-key/confirm', () => {
  async function pending() {
    const email = newEmail();
    const token = await requestPincode(t, 'EMAIL', email);
    return { email, token, pincode: await lastPincode(t, email) };
  }
  const wrong = (pincode: string) => String((Number(pincode) + 1) % 1_000_000).padStart(6, '0');

  it('without a token asks to send again (spec §5)', async () => {
    expectRefusal(await confirm(undefined, '123456'), 400, 'BAD_REQUEST', '인증번호 발송 요청을 다시 해주세요.');
    expectRefusal(await confirm('', '123456'), 400, 'BAD_REQUEST', '인증번호 발송 요청을 다시 해주세요.');
    expectRefusal(await confirm('unknown-token', '123456'), 400, 'BAD_REQUEST', '인증번호 발송 요청을 다시 해주세요.');
  });

  it('the right pincode gives a new, confirmed token bound to the address, valid 30 minutes', async () => {
    const { email, token, pincode } = await pending();
    const res = await confirm(token, pincode);
    expect(body(res)).toMatchObject({ code: 'SUCCESS', message: '인증에 성공하였습니다.' });
    const confirmed = data<{ userKeyToken: string }>(res).userKeyToken;
    expect(confirmed).not.toBe(token);
    const [row] = await t.db.select().from(userKeyToken).where(eq(userKeyToken.keyCode, email));
    expect(row).toMatchObject({ status: 'CONFIRMED', keyType: 'EMAIL' });
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * MINUTE);
    // Single use: the pending token is spent.
    expectRefusal(await confirm(token, pincode), 400, 'BAD_REQUEST', accountMessages.pincodeTokenMissing);
  });

  it('a wrong pincode fails; the fifth wrong one ends the token, even for the right code', async () => {
    const { token, pincode } = await pending();
    for (let i = 1; i <= 4; i++) {
      const res = await confirm(token, wrong(pincode));
      expectRefusal(res, 400, 'BAD_REQUEST', '인증에 실패하였습니다.');
      // The spec's failure sentence names no field: the pincode may be typed again.
      expect(body(res).field).toBeUndefined();
    }
    const fifth = await confirm(token, wrong(pincode));
    expectRefusal(fifth, 400, 'BAD_REQUEST', accountMessages.pincodeTooManyTries);
    // About the token: it is spent, and the screen asks for a new pincode (issue 21).
    expect(body(fifth).field).toBe('userKeyToken');
    expectRefusal(await confirm(token, pincode), 400, 'BAD_REQUEST', accountMessages.pincodeTooManyTries);
  });

  it('four wrong pincodes still leave the fifth try', async () => {
    const { token, pincode } = await pending();
    for (let i = 1; i <= 4; i++) expect((await confirm(token, wrong(pincode))).statusCode).toBe(400);
    expect((await confirm(token, pincode)).statusCode).toBe(200);
  });

  it('a malformed pincode is refused without using a try', async () => {
    const { token, pincode } = await pending();
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      expectRefusal(await confirm(token, bad), 400, 'BAD_REQUEST', accountMessages.pincodeFormat);
    }
    const [row] = await t.db.select({ tries: userKeyToken.tries }).from(userKeyToken).where(eq(userKeyToken.tokenHash, hashToken(token)));
    expect(row!.tries).toBe(0);
    expect((await confirm(token, pincode)).statusCode).toBe(200);
  });

  it('a pincode expires after 5 minutes', async () => {
    const early = await pending();
    clock.advance(5 * MINUTE - SECOND);
    expect((await confirm(early.token, early.pincode)).statusCode).toBe(200);

    const late = await pending();
    clock.advance(5 * MINUTE);
    expectRefusal(await confirm(late.token, late.pincode), 400, 'BAD_REQUEST', accountMessages.pincodeExpired);
  });
});
