import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@contract';
import { ok, stubApi, type ApiCall } from '@web/test/api-stub';
import { demoAuthentication } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { Component as SignupPage } from './SignupPage';

/**
 * The sign-up form's validation (moved from e2e/accounts.spec.ts and e2e/keyboard.spec.ts; the real
 * sign-up with a mailed pincode stays in the browser): the summary and the focus on the first
 * problem, the ID check's two answers, and the steps the form asks for before it sends anything.
 */

function open() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  // The server's answer to 중복 확인: the administrator's ID is taken, any other is free.
  const api = stubApi({
    'GET /api/site-setting/authentication': ok(demoAuthentication),
    'POST /api/user-key/check-exists': (call: ApiCall) => ok({ exists: (call.body as { userKeyCode: string }).userKeyCode === 'admin' }),
  });
  return { ...renderScreen(SignupPage, { path: 'Account/Signup' }), alert, api };
}

const summaryOf = (form: HTMLElement) => within(form).queryAllByRole('alert').find((el) => el.textContent?.includes('입력 내용을 확인해주세요.'));
/** The summary once the form's validation (asynchronous: the zod resolver) has shown it; slow under a loaded machine. */
const shownSummary = (form: HTMLElement) => waitFor(() => {
  const summary = summaryOf(form);
  expect(summary).toBeDefined();
  return summary!;
});

describe('sign-up screen', () => {
  it('an empty submit is announced in a summary naming 이용약관, marks the fields, and focuses the first consent box', async () => {
    const { user, api } = open();
    const form = await screen.findByRole('form', { name: '회원가입' });
    await user.click(within(form).getByRole('button', { name: '회원가입' }));
    const summary = await shownSummary(form);
    expect(summary).toHaveTextContent('이용약관');
    expect(within(form).getByLabelText(/이용약관에 동의합니다\./)).toHaveFocus();
    expect(within(form).getByLabelText(/^아이디/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/user/signup')).toEqual([]);
  });

  it('with only the ID filled in: the first problem is the missing ID check, then the password rule; the optional interests are not in error', async () => {
    const { user } = open();
    const form = await screen.findByRole('form', { name: '회원가입' });
    await user.click(within(form).getByLabelText(/이용약관에 동의합니다\./));
    await user.click(within(form).getByLabelText(/개인정보 수집·이용에 동의합니다\./));
    await user.type(within(form).getByLabelText(/^아이디/), 'keyboard01');
    within(form).getByLabelText(/^비밀번호\s*\(필수\)/).focus();
    await user.keyboard('{Enter}');
    expect(await shownSummary(form)).toBeVisible();
    const userId = within(form).getByLabelText(/^아이디/);
    expect(userId).toHaveFocus();
    expect(userId).toHaveAttribute('aria-invalid', 'true');
    expect(userId).toHaveAccessibleDescription(/아이디 중복 확인을 진행해주세요\./);
    const password = within(form).getByLabelText(/^비밀번호\s*\(필수\)/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/비밀번호는 영문, 숫자, 특수문자를 모두 포함/);
    expect(within(form).getByRole('group', { name: /관심 분야/ })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('중복 확인 says a taken ID is taken and a free one is free (spec §8), and the free one shows 확인 완료', async () => {
    const { user, alert, api } = open();
    const form = await screen.findByRole('form', { name: '회원가입' });
    const userId = within(form).getByLabelText(/^아이디/);
    await user.type(userId, 'admin');
    await user.click(within(form).getByRole('button', { name: '중복 확인' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(accountMessages.keyTaken('아이디')));
    expect(userId).toHaveFocus();

    await user.clear(userId);
    await user.type(userId, 'free0001');
    await user.click(within(form).getByRole('button', { name: '중복 확인' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(accountMessages.keyFree('아이디')));
    expect(within(form).getByRole('button', { name: '확인 완료' })).toBeDisabled();
    expect(api.callsTo('POST /api/user-key/check-exists').map((call) => call.body)).toEqual([
      { userKeyType: 'ID', userKeyCode: 'admin' },
      { userKeyType: 'ID', userKeyCode: 'free0001' },
    ]);
  });

  it('a short password is refused at its field first; with every field right but the e-mail not verified, the form says so and sends nothing', async () => {
    const { user, alert, api } = open();
    const form = await screen.findByRole('form', { name: '회원가입' });
    await user.click(within(form).getByLabelText(/이용약관에 동의합니다\./));
    await user.click(within(form).getByLabelText(/개인정보 수집·이용에 동의합니다\./));
    await user.type(within(form).getByLabelText(/^아이디/), 'free0002');
    await user.click(within(form).getByRole('button', { name: '중복 확인' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(accountMessages.keyFree('아이디')));
    const password = within(form).getByLabelText(/^비밀번호\s*\(필수\)/);
    const confirm = within(form).getByLabelText(/^비밀번호 확인/);
    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.type(within(form).getByLabelText(/^이름/), '홍길동');
    await user.type(within(form).getByLabelText(/^이메일/), 'nocheck@example.test');
    await user.type(within(form).getByLabelText(/^소속 기관/), '한국병원');
    await user.selectOptions(within(form).getByLabelText(/^직역/), '의사');
    await user.click(within(form).getByRole('button', { name: '회원가입' }));
    expect(within(form).getAllByText(accountMessages.passwordFormat)[0]).toBeVisible();
    expect(password).toHaveFocus();

    await user.clear(password);
    await user.type(password, 'Valid-pass1!');
    await user.clear(confirm);
    await user.type(confirm, 'Valid-pass1!');
    await user.click(within(form).getByRole('button', { name: '회원가입' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(accountMessages.emailTokenMissing));
    expect(api.callsTo('POST /api/user/signup')).toEqual([]);
  });
});
