import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountMessages, messages } from '@contract';
import { never, ok, refuse, stubApi } from '@web/test/api-stub';
import { demoAuthentication } from '@web/test/fixtures';
import { findAlertSaying } from '@web/test/alerts';
import { renderScreen } from '@web/test/render-screen';
import { Component as SigninPage } from './SigninPage';

/**
 * The sign-in screen's states and messages (moved from e2e/keyboard.spec.ts and e2e/accounts.spec.ts;
 * the real sign-in, lock-out and session journeys stay there): loading, a failed settings load, the
 * errors of an empty submit, and each refusal code's spec §8 sentence with where the focus goes.
 */

function open() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const rendered = renderScreen(SigninPage, { path: 'Account/Signin' });
  return { ...rendered, alert };
}

async function signinForm() {
  return screen.findByRole('form', { name: '로그인' });
}

describe('sign-in screen', () => {
  it('says it is loading while the settings are on their way', async () => {
    stubApi({ 'GET /api/site-setting/authentication': () => never() });
    open();
    expect(screen.getByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(/불러오는 중/);
    expect(screen.queryByRole('form', { name: '로그인' })).toBeNull();
  });

  it('a failed settings load says so without an alert and offers 다시 시도, which loads the form', async () => {
    const api = stubApi({ 'GET /api/site-setting/authentication': refuse(500, 'INTERNAL_ERROR', messages.internalError) });
    const { user, alert } = open();
    expect(await screen.findByText('화면 설정을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeVisible();
    expect(alert).not.toHaveBeenCalled();
    api.set({ 'GET /api/site-setting/authentication': ok(demoAuthentication) });
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await signinForm()).toBeVisible();
  });

  it('submitted empty by keyboard: the summary lists both fields, each is marked and described, the focus is on the first, a summary link moves it', async () => {
    const api = stubApi({ 'GET /api/site-setting/authentication': ok(demoAuthentication) });
    const { user } = open();
    const form = await signinForm();
    const userId = within(form).getByLabelText('아이디');
    const password = within(form).getByLabelText('비밀번호');
    userId.focus();
    await user.keyboard('{Enter}');

    const summary = await findAlertSaying(form, '입력 내용을 확인해주세요.');
    expect(summary).toHaveTextContent('확인이 필요한 항목이 2개 있습니다.');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['아이디를 입력해주세요.', '비밀번호를 입력해주세요.']);
    expect(userId).toHaveFocus();
    expect(userId).toHaveAttribute('aria-invalid', 'true');
    expect(userId).toHaveAccessibleDescription(/아이디를 입력해주세요\./);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/비밀번호를 입력해주세요\./);

    within(summary).getByRole('link', { name: '비밀번호를 입력해주세요.' }).focus();
    await user.keyboard('{Enter}');
    expect(password).toHaveFocus();
    // Nothing was sent.
    expect(api.callsTo('POST /api/user/signin')).toEqual([]);
  });

  it.each([
    ['NOT_FOUND', 404, messages.loginNotFound, '아이디'],
    ['INVALID_CREDENTIAL', 401, messages.loginInvalidCredential, '비밀번호'],
    ['NOT_ACCEPTABLE', 403, messages.loginNotAcceptable, '비밀번호'],
  ] as const)('a $0 refusal is the spec\'s alert, stays on the screen, and the focus goes to $3', async (code, status, sentence, focusLabel) => {
    const serverText = code === 'NOT_ACCEPTABLE' ? accountMessages.accountLocked : sentence;
    const api = stubApi({
      'GET /api/site-setting/authentication': ok(demoAuthentication),
      'POST /api/user/signin': refuse(status, code, serverText),
    });
    const { user, alert } = open();
    const form = await signinForm();
    await user.type(within(form).getByLabelText('아이디'), 'someone01');
    await user.type(within(form).getByLabelText('비밀번호'), 'Whatever1!');
    await user.click(within(form).getByRole('button', { name: '로그인' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(sentence));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(await findAlertSaying(form, sentence)).toBeVisible();
    // A locked account says why under the spec's sentence.
    if (code === 'NOT_ACCEPTABLE') expect(form).toHaveTextContent(accountMessages.accountLocked);
    // The password is emptied for the next try.
    expect(within(form).getByLabelText('비밀번호')).toHaveValue('');
    expect(within(form).getByLabelText(focusLabel)).toHaveFocus();
    expect(api.callsTo('POST /api/user/signin')[0]!.body).toMatchObject({ userKeyType: 'ID', userKeyCode: 'someone01', password: 'Whatever1!' });
  });
});
