import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@contract';
import { appUser } from '../../db/schema';
import { confirmedKeyToken, lastPincode, signIn, signinRequest } from '../../test/accounts';
import { createMember } from '../../test/factories';
import { body, createTestApp, data, type TestApp } from '../../test/harness';

/**
 * Issue 12, "Passwords": besides the spec's pattern, the 10,000 most common passwords and
 * passwords containing the member's ID are refused wherever a password is set (sign-up, change,
 * reset), with the form's sentence, and nothing is written.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

function expectRefused(res: { statusCode: number; body: string }, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res)).toEqual({ code: 'BAD_REQUEST', message, field: 'password' });
}

describe('a new password is neither common nor built on the member\'s ID', () => {
  it('sign-up refuses both and creates no account; a strong password signs up', async () => {
    const signup = async (userKeyCode: string, password: string) => {
      const email = `${userKeyCode}@example.com`;
      return post('/api/user/signup', {
        userKeyType: 'ID',
        userKeyCode,
        password,
        profile: { name: '홍길동', email, organization: '기관', occupation: '간호사' },
        userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
        agreeTerms: true,
      });
    };
    expectRefused(await signup('policy1', 'Password1!'), accountMessages.passwordTooCommon);
    expectRefused(await signup('policy2', 'x!POLICY2x'), accountMessages.passwordHasUserId);
    const written = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.userKeyCode, 'policy1'));
    expect(written).toEqual([]);
    expect(body(await signup('policy3', 'Reg1stry#Seoul'))).toMatchObject({ code: 'SUCCESS' });
  });

  it('a change keeps the old password after a refusal', async () => {
    const member = await createMember(t.db);
    const session = await signIn(t, member.userKeyCode, member.password);
    const headers = t.auth(session.accessToken);
    const change = (password: string) =>
      post(`/api/user/change-password/${member.id}`, { currentPassword: member.password, password, passwordConfirm: password }, headers);
    expectRefused(await change('abc123!!'), accountMessages.passwordTooCommon);
    expectRefused(await change(`${member.userKeyCode}#1`), accountMessages.passwordHasUserId);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
  });

  it('a reset refuses them after the pincode, and the same pincode then sets a strong one', async () => {
    const member = await createMember(t.db, { email: 'policy-reset@example.com' });
    const { userToken } = data<{ userToken: string }>(await post('/api/user/reset-password-token', { email: member.email! }));
    const pincode = await lastPincode(t, member.email!);
    const reset = (password: string) => post('/api/user/reset-password', { userToken, pincode, password, passwordConfirm: password });
    expectRefused(await reset('iloveyou1!'), accountMessages.passwordTooCommon);
    expectRefused(await reset('Policy-Reset9'), accountMessages.passwordHasUserId);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
    expect(body(await reset('Reg1stry#Seoul'))).toMatchObject({ code: 'SUCCESS' });
    expect((await signinRequest(t, member.userKeyCode, 'Reg1stry#Seoul')).statusCode).toBe(200);
  });
});

describe('what a guesser tries first is refused wherever a password is set (issue 25)', () => {
  const twist = [accountMessages.passwordTooCommon, accountMessages.passwordCommonTwist];

  it('a change: substitutions, decorations, keyboard walks, Korean typed in Latin letters and the site\'s name, each with its reason', async () => {
    const member = await createMember(t.db);
    const session = await signIn(t, member.userKeyCode, member.password);
    const headers = t.auth(session.accessToken);
    const change = (password: string) =>
      post(`/api/user/change-password/${member.id}`, { currentPassword: member.password, password, passwordConfirm: password }, headers);
    const reason = async (password: string) => {
      const res = await change(password);
      expect(res.statusCode, password).toBe(400);
      return (body(res) as { message: string; field: string }).message;
    };
    for (const password of ['P@ssw0rd', 'P@ssword1', 'Korea123!']) expect(twist, password).toContain(await reason(password));
    for (const password of ['1q2w3e4r!', 'qwer1234!', 'asdf1234!']) expect([...twist, accountMessages.passwordKeyboardWalk], password).toContain(await reason(password));
    expect(await reason('dkssud12!')).toBe(accountMessages.passwordKoreanTyped);
    expect(await reason('Nids#2026')).toBe(accountMessages.passwordHasSiteName);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
    expect(body(await change('Zq8!mT3w'))).toMatchObject({ code: 'SUCCESS' });
  });

  it('a reset and a sign-up refuse the same way', async () => {
    const member = await createMember(t.db, { email: 'guesser-reset@example.com' });
    const { userToken } = data<{ userToken: string }>(await post('/api/user/reset-password-token', { email: member.email! }));
    const pincode = await lastPincode(t, member.email!);
    expectRefused(await post('/api/user/reset-password', { userToken, pincode, password: 'tkfkdgo1!', passwordConfirm: 'tkfkdgo1!' }), accountMessages.passwordKoreanTyped);
    const email = 'guesser-signup@example.com';
    const signup = await post('/api/user/signup', {
      userKeyType: 'ID',
      userKeyCode: 'guesser1',
      password: 'Registry#77',
      profile: { name: '홍길동', email, organization: '기관', occupation: '간호사' },
      userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
      agreeTerms: true,
    });
    expectRefused(signup, accountMessages.passwordHasSiteName);
  });
});
