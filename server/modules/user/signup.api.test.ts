import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, type SignupRequest, type TokenPair } from '@contract';
import { appUser, userKeyToken } from '../../db/schema';
import { seedSettings } from '../../seed/base';
import { confirmedKeyToken, requestPincode, setSiteSetting, signinRequest } from '../../test/accounts';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { hashToken } from '../../auth/tokens';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const MINUTE = 60_000;
let n = 0;
const PASSWORD = 'pass!word7x';

beforeAll(async () => {
  t = await createTestApp({ clock });
  await createMember(t.db, { userKeyCode: 'takenid', email: 'taken@example.com', mobile: '010-9999-0000' });
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  await setSiteSetting(t, 'authType', 'IdAndPassword');
  await setSiteSetting(t, 'userProfiles', seedSettings.userProfiles);
  await setSiteSetting(t, 'useCapcha', false);
});

const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user/signup', payload });

/** A valid ID sign-up with a fresh ID and e-mail, and a confirmed e-mail token for it. */
async function idSignup(overrides: Omit<Partial<SignupRequest>, 'profile'> & { profile?: Record<string, unknown> } = {}) {
  n += 1;
  const email = `joiner${n}@example.com`;
  const { profile, ...rest } = overrides;
  return {
    userKeyType: 'ID',
    userKeyCode: `joiner${n}`,
    password: PASSWORD,
    profile: { name: '홍길동', email, organization: '서울대학교병원', occupation: '간호사', ...profile },
    userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
    agreeTerms: true,
    ...rest,
  } as Omit<SignupRequest, 'profile'> & { profile: Record<string, unknown> & { email: string } };
}

function expectBadRequest(res: { statusCode: number; body: string }, message: string, status = 400, code = 'BAD_REQUEST') {
  expect(res.statusCode, res.body).toBe(status);
  // The code and the sentence; the field a refusal names is checked where it matters (issue 21).
  const { code: answered, message: said } = body<{ code: string; message: string }>(res);
  expect({ code: answered, message: said }).toEqual({ code, message });
}

async function accountCount() {
  return (await t.db.select({ id: appUser.id }).from(appUser)).length;
}

describe('sign-up on an ID site (IdAndPassword)', () => {
  it('creates a member with role MEMBER who can sign in with the ID', async () => {
    const payload = await idSignup({ profile: { email: 'Mixed.Case@Example.com', interests: ['인공관절'], marketingAgree: false, unknownField: 'x' } });
    // The token was confirmed for the lower-case address the server stores.
    payload.userKeyTokenForEmail = await confirmedKeyToken(t, 'EMAIL', 'mixed.case@example.com');
    const res = await signup(payload);
    expect(body(res)).toEqual({ code: 'SUCCESS', data: { userName: '홍길동' } });

    const [row] = await t.db.select().from(appUser).where(eq(appUser.userKeyCode, payload.userKeyCode));
    expect(row).toMatchObject({
      roleCode: 'MEMBER',
      userType: 'Member',
      status: 'ACTIVE',
      name: '홍길동',
      email: 'mixed.case@example.com',
      mobile: null,
      profile: { organization: '서울대학교병원', occupation: '간호사', interests: ['인공관절'], marketingAgree: false },
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);

    const session = data<TokenPair>(await signinRequest(t, payload.userKeyCode, PASSWORD));
    expect(session.user).toMatchObject({ userKeyCode: payload.userKeyCode, name: '홍길동', userType: 'Member', role: { roleCode: 'MEMBER' } });
  });

  it('stores a mobile number given in the form', async () => {
    const payload = await idSignup({ profile: { mobile: '02-123-4567' } });
    expect((await signup(payload)).statusCode).toBe(200);
    const [row] = await t.db.select({ mobile: appUser.mobile }).from(appUser).where(eq(appUser.userKeyCode, payload.userKeyCode));
    expect(row!.mobile).toBe('02-123-4567');
  });

  it('without an e-mail token: "이메일 인증을 진행해주세요."', async () => {
    const payload = await idSignup();
    expectBadRequest(await signup({ ...payload, userKeyTokenForEmail: undefined }), '이메일 인증을 진행해주세요.');
    expectBadRequest(await signup({ ...payload, userKeyTokenForEmail: '' }), '이메일 인증을 진행해주세요.');
  });

  it('with an e-mail token that is not confirmed, for another address or another purpose: "이메일 인증을 진행해주세요."', async () => {
    const payload = await idSignup();
    const pending = await requestPincode(t, 'EMAIL', `pending${n}@example.com`);
    expectBadRequest(await signup({ ...payload, profile: { ...payload.profile, email: `pending${n}@example.com` }, userKeyTokenForEmail: pending }), accountMessages.emailTokenMissing);
    expectBadRequest(await signup({ ...payload, profile: { ...payload.profile, email: `other${n}@example.com` } }), accountMessages.emailTokenMissing);
    const findIdToken = await confirmedKeyToken(t, 'EMAIL', `finder${n}@example.com`, 'FIND_ID');
    expectBadRequest(
      await signup({ ...payload, profile: { ...payload.profile, email: `finder${n}@example.com` }, userKeyTokenForEmail: findIdToken }),
      accountMessages.emailTokenMissing,
    );
    // None of these spent the real token.
    expect((await signup(payload)).statusCode).toBe(200);
  });

  it('a confirmed e-mail token works for one sign-up only', async () => {
    const payload = await idSignup();
    expect((await signup(payload)).statusCode).toBe(200);
    const [row] = await t.db.select().from(userKeyToken).where(eq(userKeyToken.tokenHash, hashToken(payload.userKeyTokenForEmail!)));
    expect(row).toMatchObject({ status: 'USED', usedAt: clock.now() });
    // Bound to an address that now has an account, so a second use cannot get further than that.
    expectBadRequest(await signup({ ...payload, userKeyCode: `${payload.userKeyCode}b` }), '이미 사용 중인 이메일입니다.', 409, 'CONFLICT');
    // Were the address free again, the spent token would still be refused.
    await t.db.update(appUser).set({ email: null }).where(eq(appUser.userKeyCode, payload.userKeyCode));
    expectBadRequest(await signup({ ...payload, userKeyCode: `${payload.userKeyCode}b` }), accountMessages.keyTokenInvalid);
  });

  it('a confirmed e-mail token expires after 30 minutes', async () => {
    const inTime = await idSignup();
    clock.advance(30 * MINUTE - 1000);
    expect((await signup(inTime)).statusCode).toBe(200);
    const late = await idSignup();
    clock.advance(30 * MINUTE);
    expectBadRequest(await signup(late), accountMessages.keyTokenInvalid);
  });

  it('a key taken at submit time is refused: "이미 사용 중인 아이디입니다." / "…이메일입니다.", no account written, token kept', async () => {
    const payload = await idSignup();
    const before = await accountCount();
    expectBadRequest(await signup({ ...payload, userKeyCode: 'takenid' }), '이미 사용 중인 아이디입니다.', 409, 'CONFLICT');
    const takenEmailToken = await confirmedKeyToken(t, 'EMAIL', 'taken@example.com', 'FIND_ID');
    expectBadRequest(
      await signup({ ...payload, profile: { ...payload.profile, email: 'taken@example.com' }, userKeyTokenForEmail: takenEmailToken }),
      '이미 사용 중인 이메일입니다.', 409, 'CONFLICT',
    );
    expect(await accountCount()).toBe(before);
    expect((await signup(payload)).statusCode).toBe(200);
  });

  it.each([
    ['5 characters', 'ab1!c'],
    ['17 characters', 'abcdefghij1!klmno'],
    ['no special character', 'abcdefg12'],
    ['no digit', 'abcdefg!!'],
    ['no letter', '123456!!'],
    ['a space', 'abc 12!de'],
  ])('refuses a password with %s', async (_case, password) => {
    expectBadRequest(await signup({ ...(await idSignup()), password }), accountMessages.passwordFormat);
  });

  it('accepts passwords of 6 and 16 characters', async () => {
    expect((await signup(await idSignup({ password: 'ab1!cd' }))).statusCode).toBe(200);
    expect((await signup(await idSignup({ password: 'abcdefghij1!klmn' }))).statusCode).toBe(200);
  });

  it.each([['홍길동전우'], ['Hong'], [''], ['홍 길동'], ['ㅎㄱㄷ']])('refuses the name "%s" (1-4 Hangul syllables)', async (name) => {
    expectBadRequest(await signup(await idSignup({ profile: { name } })), accountMessages.userNameFormat);
  });

  it('accepts names of 1 and 4 syllables', async () => {
    expect((await signup(await idSignup({ profile: { name: '홍' } }))).statusCode).toBe(200);
    expect((await signup(await idSignup({ profile: { name: '남궁길동' } }))).statusCode).toBe(200);
  });

  it.each([['010-1234-567'], ['01012345678'], ['010-12345-6789'], ['1-123-4567']])('refuses the phone number %s: "연락처를 형식에 맞게 입력해주세요."', async (mobile) => {
    expectBadRequest(await signup(await idSignup({ profile: { mobile } })), '연락처를 형식에 맞게 입력해주세요.');
  });

  it('refuses a malformed ID or e-mail address', async () => {
    expectBadRequest(await signup(await idSignup({ userKeyCode: 'has space' })), accountMessages.userIdFormat);
    expectBadRequest(await signup(await idSignup({ profile: { email: 'not-an-email' } })), accountMessages.emailFormat);
  });

  it('required extra fields: "{name} 항목을 확인바랍니다."', async () => {
    expectBadRequest(await signup(await idSignup({ profile: { organization: '' } })), '소속 기관 항목을 확인바랍니다.');
    expectBadRequest(await signup(await idSignup({ profile: { organization: undefined } })), '소속 기관 항목을 확인바랍니다.');
    expectBadRequest(await signup(await idSignup({ profile: { occupation: '우주비행사' } })), '직역 항목을 확인바랍니다.');
  });

  it('a required multi-checkbox needs one choice; a required single checkbox must be true', async () => {
    await setSiteSetting(t, 'userProfiles', [
      { code: 'interests', name: '관심 분야', inputType: 'checkboxes', detail: ['인공관절', '인공수정체'], required: true },
      { code: 'privacyAgree', name: '개인정보 수집 동의', inputType: 'checkbox', required: true },
    ]);
    const valid = { interests: ['인공수정체'], privacyAgree: true };
    expectBadRequest(await signup(await idSignup({ profile: { ...valid, interests: [] } })), '관심 분야 항목을 확인바랍니다.');
    expectBadRequest(await signup(await idSignup({ profile: { ...valid, interests: ['없는 항목'] } })), '관심 분야 항목을 확인바랍니다.');
    expectBadRequest(await signup(await idSignup({ profile: { ...valid, privacyAgree: false } })), '개인정보 수집 동의 항목을 확인바랍니다.');
    expectBadRequest(await signup(await idSignup({ profile: { ...valid, privacyAgree: undefined } })), '개인정보 수집 동의 항목을 확인바랍니다.');
    const payload = await idSignup({ profile: valid });
    expect((await signup(payload)).statusCode).toBe(200);
    const [row] = await t.db.select({ profile: appUser.profile }).from(appUser).where(eq(appUser.userKeyCode, payload.userKeyCode));
    expect(row!.profile).toEqual(valid);
  });

  it('refuses a key type the site does not sign in with, and a refused terms agreement', async () => {
    const payload = await idSignup();
    expectBadRequest(await signup({ ...payload, userKeyType: 'EMAIL', userKeyCode: payload.profile.email }), accountMessages.signupFailed);
    expectBadRequest(await signup({ ...payload, agreeTerms: false }), accountMessages.termsRequired);
    const { agreeTerms: _omitted, ...withoutConsent } = payload;
    expectBadRequest(await signup(withoutConsent), accountMessages.termsRequired);
  });

  it('records when the member agreed to the terms', async () => {
    const payload = await idSignup();
    expect((await signup(payload)).statusCode).toBe(200);
    const [row] = await t.db.select({ termsAgreedAt: appUser.termsAgreedAt, createdAt: appUser.createdAt }).from(appUser).where(eq(appUser.userKeyCode, payload.userKeyCode));
    expect(row!.termsAgreedAt).toEqual(row!.createdAt);
  });
});

describe('sign-up on an e-mail site (EmailAndPassword)', () => {
  it('the e-mail address is the key; sign-in takes it in any case', async () => {
    await setSiteSetting(t, 'authType', 'EmailAndPassword');
    const email = `emailkey${++n}@example.com`;
    const payload = {
      userKeyType: 'EMAIL',
      userKeyCode: email,
      password: PASSWORD,
      profile: { name: '김이메', email, organization: '기관', occupation: '의사' },
      userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
      agreeTerms: true,
    };
    expectBadRequest(await signup({ ...payload, userKeyType: 'ID', userKeyCode: `emailkey${n}` }), accountMessages.signupFailed);
    expectBadRequest(await signup({ ...payload, userKeyCode: `other${n}@example.com` }), accountMessages.signupFailed);
    expect(body(await signup(payload))).toEqual({ code: 'SUCCESS', data: { userName: '김이메' } });
    const session = data<TokenPair>(await signinRequest(t, email.toUpperCase(), PASSWORD, 'EMAIL'));
    expect(session.user.userKeyCode).toBe(email);
    expectBadRequest(await signup({ ...payload, userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', `x${email}`) }), '이미 사용 중인 이메일입니다.', 409, 'CONFLICT');
  });
});

describe('sign-up on a mobile site (MobileAndPassword)', () => {
  it('the number is the key and is verified by SMS as well as the e-mail', async () => {
    await setSiteSetting(t, 'authType', 'MobileAndPassword');
    const email = `mobile${++n}@example.com`;
    const mobile = `010-7000-${String(1000 + n)}`;
    const payload = {
      userKeyType: 'MOBILE',
      userKeyCode: mobile,
      password: PASSWORD,
      profile: { name: '박휴대', email, mobile, organization: '기관', occupation: '의사' },
      userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
      userKeyTokenForMobile: await confirmedKeyToken(t, 'MOBILE', mobile),
      agreeTerms: true,
    };
    expectBadRequest(await signup({ ...payload, userKeyTokenForMobile: undefined }), '휴대폰 인증을 진행해주세요.');
    const otherNumber = await confirmedKeyToken(t, 'MOBILE', '010-7000-0001');
    expectBadRequest(await signup({ ...payload, userKeyTokenForMobile: otherNumber }), '휴대폰 인증을 진행해주세요.');
    expectBadRequest(await signup({ ...payload, userKeyCode: '010-7000-0002' }), accountMessages.signupFailed);
    expectBadRequest(await signup({ ...payload, profile: { ...payload.profile, mobile: undefined } }), '연락처를 형식에 맞게 입력해주세요.');
    expectBadRequest(await signup({ ...payload, userKeyCode: '010-9999-0000', profile: { ...payload.profile, mobile: '010-9999-0000' } }), '이미 사용 중인 번호입니다.', 409, 'CONFLICT');

    expect(body(await signup(payload))).toEqual({ code: 'SUCCESS', data: { userName: '박휴대' } });
    const session = data<TokenPair>(await signinRequest(t, mobile, PASSWORD, 'MOBILE'));
    expect(session.user.userKeyCode).toBe(mobile);
    const [row] = await t.db.select({ mobile: appUser.mobile, email: appUser.email }).from(appUser).where(eq(appUser.userKeyCode, mobile));
    expect(row).toEqual({ mobile, email });
  });
});
