import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { LoginUser, Success, TokenPair } from '@contract';
import { messagesTo, nextPincode } from './inbox';

/**
 * Members for browser tests, made through the real API (the same calls the sign-up screen makes)
 * with pincodes read from the local mail catcher. Each call makes a new member with unique keys,
 * so tests running in parallel never share an account.
 */
export interface TestMember {
  userId: string;
  password: string;
  name: string;
  email: string;
}

export const ADMIN = { userId: 'admin', password: 'e2e-Staff-Passphrase7!' } as const;

let sequence = 0;
/** A unique lower-case suffix: worker, time and a counter. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${process.env.TEST_WORKER_INDEX ?? '0'}${Date.now().toString(36)}${sequence}`;
}

/** Names of 1-4 Hangul syllables (spec §5), varied so lists show different writers. */
const NAMES = ['김민지', '이서준', '박지우', '최하은', '정도윤', '강서연'];

async function post<T>(request: APIRequestContext, url: string, body: unknown, token?: string): Promise<T> {
  const response = await request.post(url, { data: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const payload = (await response.json()) as Success<T> & { message?: string };
  expect(response.status(), `POST ${url}: ${payload.message ?? ''}`).toBe(200);
  return payload.data;
}

/** A confirmed e-mail token: sends the pincode, reads it from the catcher, confirms it. */
export async function confirmEmail(request: APIRequestContext, email: string, purpose: 'SIGNUP' | 'FIND_ID' | 'CHANGE_KEY' = 'SIGNUP'): Promise<string> {
  const seen = (await messagesTo(email)).length;
  const { userKeyToken } = await post<{ userKeyToken: string }>(request, '/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: email, purpose });
  const pincode = await nextPincode(email, seen);
  const confirmed = await post<{ userKeyToken: string }>(request, '/api/user-key/confirm', { userKeyToken, pincode });
  return confirmed.userKeyToken;
}

/** Signs up a new member (ID sign-in, the seeded authType) through the API. */
export async function createMember(request: APIRequestContext, overrides: Partial<TestMember> = {}): Promise<TestMember> {
  const suffix = uniqueSuffix();
  const member: TestMember = {
    userId: `m${suffix}`.slice(0, 20),
    password: 'Test-pass1!',
    name: NAMES[sequence % NAMES.length]!,
    email: `m${suffix}@example.test`,
    ...overrides,
  };
  const userKeyTokenForEmail = await confirmEmail(request, member.email);
  await post(request, '/api/user/signup', {
    userKeyType: 'ID',
    userKeyCode: member.userId,
    password: member.password,
    agreeTerms: true,
    profile: { name: member.name, email: member.email, organization: '테스트 병원', occupation: '의사' },
    userKeyTokenForEmail,
  });
  return member;
}

export interface SignedIn extends TokenPair {
  user: LoginUser;
}

export function signInByApi(request: APIRequestContext, userId: string, password: string): Promise<SignedIn> {
  return post<SignedIn>(request, '/api/user/signin', { userKeyType: 'ID', userKeyCode: userId, password });
}

/**
 * Opens the site signed in as `userId`: signs in through the API and stores the session the way
 * the sign-in screen does (spec §3: accessToken, refreshToken, loginUser in localStorage).
 */
export async function openSignedIn(page: Page, userId: string, password: string, path = '/'): Promise<SignedIn> {
  const session = await signInByApi(page.request, userId, password);
  await page.addInitScript((s) => {
    // Only on the first document of this test: a later sign-out in the test must stick.
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('loginUser', JSON.stringify(s.user));
  }, session);
  await page.goto(path);
  return session;
}

/** A tab of My page (회원 정보, 비밀번호 변경, 이메일, 휴대폰 번호, 회원 탈퇴): each form is in its own tab. */
export function myPageTab(page: Page, name: string): Locator {
  return page.getByRole('tablist', { name: '마이페이지 메뉴' }).getByRole('tab', { name, exact: true });
}
