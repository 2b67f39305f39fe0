import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignupRequest } from '@contract';
import { captchaChallenge } from '../../db/schema';
import { confirmedKeyToken, setSiteSetting, signinRequest } from '../../test/accounts';
import { answerQuestion } from '../../test/captcha';
import { createMember, type TestMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { imageAnswerHash } from './service';

let t: TestApp;
let member: TestMember;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));

interface Challenge {
  captchaId: string;
  image: string;
  textAlternative: string;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  member = await createMember(t.db);
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  await setSiteSetting(t, 'useCapcha', false);
});

const challenge = async () => data<Challenge>(await t.app.inject({ method: 'GET', url: '/api/captcha' }));
const solved = async () => {
  const c = await challenge();
  return { captchaId: c.captchaId, answer: String(answerQuestion(c.textAlternative)) };
};

function expectCaptchaFailed(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res)).toEqual({ code: 'BAD_REQUEST', message: '자동입력 방지 문자가 일치하지 않습니다.', field: 'captcha' });
}

describe('GET /api/captcha', () => {
  it('gives a self-drawn SVG and a text alternative, never cached; a new request is a new challenge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(res.headers['cache-control']).toBe('no-store');
    const first = data<Challenge>(res);
    expect(first.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(first.image.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<text|https?:\/\/(?!www\.w3\.org)/);
    expect(first.textAlternative).toMatch(/얼마입니까\?/);
    const second = await challenge();
    expect(second.captchaId).not.toBe(first.captchaId);
    expect(second.image).not.toBe(first.image);
  });
});

describe('CAPTCHA on sign-in', () => {
  it('is not asked for while useCapcha is off', async () => {
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
  });

  it('when on: missing or wrong → "자동입력 방지 문자가 일치하지 않습니다."; the text alternative\'s answer passes', async () => {
    await setSiteSetting(t, 'useCapcha', true);
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password));
    const c = await challenge();
    const wrong = String(answerQuestion(c.textAlternative) + 1);
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: { captchaId: c.captchaId, answer: wrong } }));
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: { captchaId: 'unknown', answer: '1' } }));
    const res = await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: await solved() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the image\'s digits pass too', async () => {
    await setSiteSetting(t, 'useCapcha', true);
    const c = await challenge();
    // The digits are only in the picture; give the stored challenge known ones.
    await t.db.update(captchaChallenge).set({ imageAnswerHash: imageAnswerHash('04817') }).where(eq(captchaChallenge.id, c.captchaId));
    const res = await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: { captchaId: c.captchaId, answer: ' 04817 ' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('each challenge is answered once, even a wrong answer spends it, and it lasts 5 minutes', async () => {
    await setSiteSetting(t, 'useCapcha', true);
    const used = await solved();
    expect((await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: used })).statusCode).toBe(200);
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: used }));

    const c = await challenge();
    const right = String(answerQuestion(c.textAlternative));
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: { captchaId: c.captchaId, answer: '9999' } }));
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: { captchaId: c.captchaId, answer: right } }));

    const early = await solved();
    clock.advance(5 * 60_000 - 1000);
    expect((await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: early })).statusCode).toBe(200);
    const late = await solved();
    clock.advance(5 * 60_000);
    expectCaptchaFailed(await signinRequest(t, member.userKeyCode, member.password, 'ID', { captcha: late }));
  });
});

describe('CAPTCHA on sign-up', () => {
  it('is required when on', async () => {
    await setSiteSetting(t, 'useCapcha', true);
    const email = 'captcha-joiner@example.com';
    const payload: SignupRequest = {
      userKeyType: 'ID',
      userKeyCode: 'captchajoiner',
      password: 'pass!word7x',
      profile: { name: '보안문', email, organization: '기관', occupation: '의사' },
      userKeyTokenForEmail: await confirmedKeyToken(t, 'EMAIL', email),
      agreeTerms: true,
    };
    expectCaptchaFailed(await t.app.inject({ method: 'POST', url: '/api/user/signup', payload }));
    const res = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: { ...payload, captcha: await solved() } });
    expect(body(res)).toEqual({ code: 'SUCCESS', data: { userName: '보안문' } });
  });
});

