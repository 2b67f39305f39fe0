import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, findIdResponse, siteAuthentication, type SiteAuthentication } from '@contract';
import { ok, refuse, stubApi, type StubHandler } from '@web/test/api-stub';
import { demoAuthentication } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { Component as FindIdPage } from './FindIdPage';

/**
 * Find ID after the pincode (issue 23): the screen keeps the IDs masked and says where the full
 * ones went, the address just verified. The real pincode round with the mail stays in the browser
 * tests (e2e/accounts.spec.ts); here the server's answers are the contract's shapes.
 */

const alert = vi.fn();
beforeEach(() => vi.stubGlobal('alert', alert));
afterEach(() => alert.mockReset());

function open(findId: StubHandler, auth: SiteAuthentication = demoAuthentication) {
  const api = stubApi({
    'GET /api/site-setting/authentication': ok(auth),
    'POST /api/user-key/check': ok({ userKeyToken: 'pending-token' }),
    'POST /api/user-key/confirm': ok({ userKeyToken: 'confirmed-token' }),
    'POST /api/user/find-id': findId,
  });
  return { ...renderScreen(FindIdPage, { path: 'Account/FindId', url: '/Account/FindId' }), api };
}

async function verify(user: ReturnType<typeof open>['user'], label: string, value: string) {
  await user.type(await screen.findByRole('textbox', { name: new RegExp(`^${label}(?! 인증번호)`) }), value);
  await user.click(screen.getByRole('button', { name: '인증번호 발송' }));
  await user.type(await screen.findByRole('textbox', { name: new RegExp(`^${label} 인증번호`) }), '123456');
  await user.click(screen.getByRole('button', { name: '확인' }));
}

describe('Find ID', () => {
  it('after the e-mail pincode: the IDs masked, and the full ID sent to the verified e-mail', async () => {
    const answer = findIdResponse.parse({ idList: [{ userKeyCode: 'aud*******', createdDate: '2025-05-05T12:00:00+09:00' }], sentTo: 'EMAIL' });
    const { user, api } = open(ok(answer));
    await verify(user, '이메일', 'audrey@example.com');
    const result = await screen.findByRole('region', { name: '아이디 찾기 결과' });
    expect(within(result).getByText('aud*******')).toBeVisible();
    expect(within(result).getByRole('status')).toHaveTextContent(accountMessages.fullIdSentEmail);
    expect(result).not.toHaveTextContent('audrey.kim');
    expect(api.callsTo('POST /api/user/find-id')[0]!.body).toEqual({ userKeyToken: 'confirmed-token' });
  });

  it('by mobile number: the full ID went to the verified phone', async () => {
    const mobileAuth = siteAuthentication.parse({ ...demoAuthentication, authType: 'MobileAndPassword', signinKeyType: 'MOBILE', verifiedKeyTypes: ['EMAIL', 'MOBILE'] });
    const answer = findIdResponse.parse({ idList: [{ userKeyCode: '010-****-8888', createdDate: '2025-05-05T12:00:00+09:00' }], sentTo: 'MOBILE' });
    const { user } = open(ok(answer), mobileAuth);
    await verify(user, '휴대폰 번호', '010-7777-8888');
    const result = await screen.findByRole('region', { name: '아이디 찾기 결과' });
    expect(within(result).getByRole('status')).toHaveTextContent(accountMessages.fullIdSentMobile);
  });

  it('no account for the address: nothing was sent, and the screen does not say it was', async () => {
    const { user } = open(ok(findIdResponse.parse({ idList: [], sentTo: null })));
    await verify(user, '이메일', 'nobody@example.com');
    const result = await screen.findByRole('region', { name: '아이디 찾기 결과' });
    expect(result).toHaveTextContent('가입된 회원 정보가 없습니다.');
    expect(within(result).queryByRole('status')).toBeNull();
  });

  it('too many sends: the spec\'s failure alert, and the server\'s reason under it', async () => {
    const { user } = open(refuse(429, 'TOO_MANY_REQUESTS', accountMessages.fullIdTooSoon));
    await verify(user, '이메일', 'audrey@example.com');
    expect(await screen.findByText(accountMessages.fullIdTooSoon)).toBeVisible();
    expect(alert).toHaveBeenCalledWith(accountMessages.findIdFailed);
    expect(screen.queryByRole('region', { name: '아이디 찾기 결과' })).toBeNull();
  });
});
