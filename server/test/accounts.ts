import { desc, eq } from 'drizzle-orm';
import type { TokenPair, UserKeyType } from '@contract';
import { outbox, siteSetting } from '../db/schema';
import { data, type TestApp } from './harness';

/** The newest message the site sent to `recipient` (the outbox records every e-mail and SMS). */
export async function lastMessage(t: TestApp, recipient: string) {
  await t.app.deps.delivery.idle();
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  if (!row) throw new Error(`no message was sent to ${recipient}`);
  return row;
}

export async function lastPincode(t: TestApp, recipient: string): Promise<string> {
  const match = /인증번호:? (\d{6})/.exec((await lastMessage(t, recipient)).body);
  if (!match) throw new Error(`no pincode in the last message to ${recipient}`);
  return match[1]!;
}

/** `POST /api/user-key/check`: the pending token (expects success). */
export async function requestPincode(
  t: TestApp,
  userKeyType: 'EMAIL' | 'MOBILE',
  userKeyCode: string,
  purpose: 'SIGNUP' | 'FIND_ID' | 'CHANGE_KEY' = 'SIGNUP',
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType, userKeyCode, purpose } });
  return data<{ userKeyToken: string }>(res).userKeyToken;
}

/** The whole pincode round: send, read the code from the outbox, confirm; the confirmed token. */
export async function confirmedKeyToken(
  t: TestApp,
  userKeyType: 'EMAIL' | 'MOBILE',
  userKeyCode: string,
  purpose: 'SIGNUP' | 'FIND_ID' | 'CHANGE_KEY' = 'SIGNUP',
): Promise<string> {
  const pending = await requestPincode(t, userKeyType, userKeyCode, purpose);
  const pincode = await lastPincode(t, userKeyCode.toLowerCase());
  const res = await t.app.inject({ method: 'POST', url: '/api/user-key/confirm', payload: { userKeyToken: pending, pincode } });
  return data<{ userKeyToken: string }>(res).userKeyToken;
}

export function signinRequest(t: TestApp, userKeyCode: string, password: string, userKeyType: UserKeyType = 'ID', extra: object = {}) {
  return t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType, userKeyCode, password, ...extra } });
}

export async function signIn(t: TestApp, userKeyCode: string, password: string, userKeyType: UserKeyType = 'ID'): Promise<TokenPair> {
  return data<TokenPair>(await signinRequest(t, userKeyCode, password, userKeyType));
}

/** Changes one stored site setting and drops the settings cache. */
export async function setSiteSetting(t: TestApp, key: string, value: unknown): Promise<void> {
  await t.db.update(siteSetting).set({ value }).where(eq(siteSetting.key, key));
  t.app.deps.settings.invalidate();
}
