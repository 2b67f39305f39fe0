import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { demoAuthentication, demoMember, signInAs } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { Component as MyPagePage } from './MyPagePage';

/**
 * My page's forms refused before anything is sent, and its load failure (moved from
 * e2e/keyboard.spec.ts; the real profile, e-mail and password changes stay in the browser).
 */

function open(url: string, user: ReturnType<typeof ok> | ReturnType<typeof refuse> = ok(demoMember)) {
  signInAs(demoMember);
  const api = stubApi({
    'GET /api/site-setting/authentication': ok(demoAuthentication),
    [`GET /api/user/${demoMember.id}`]: user,
  });
  return { ...renderScreen(MyPagePage, { path: 'Account/MyPage', url }), api };
}

describe('My page', () => {
  it('the password change submitted empty by keyboard: announced, the current password focused and described', async () => {
    const { user, api } = open('/Account/MyPage?tab=password');
    const form = await screen.findByRole('form', { name: '비밀번호 변경' });
    within(form).getByRole('button', { name: '비밀번호 변경' }).focus();
    await user.keyboard('{Enter}');
    const summary = within(form).getAllByRole('alert').find((el) => el.textContent?.includes('입력 내용을 확인해주세요.'));
    expect(summary).toBeVisible();
    const current = within(form).getByLabelText(/^현재 비밀번호/);
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(/현재 비밀번호를 입력해주세요\./);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('opens on the profile tab with the member\'s own values', async () => {
    open('/Account/MyPage');
    const profile = await screen.findByRole('form', { name: '회원 정보' });
    expect(screen.getByRole('tab', { name: '회원 정보' })).toHaveAttribute('aria-selected', 'true');
    expect(within(profile).getByLabelText(/^이름/)).toHaveValue(demoMember.name);
    expect(within(profile).getByLabelText(/^소속 기관/)).toHaveValue('테스트 병원');
  });

  it('a record that fails to load says so and offers 다시 시도', async () => {
    const { user, api } = open('/Account/MyPage', refuse(500, 'INTERNAL_ERROR', messages.internalError));
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(/회원 정보를 불러오지 못했습니다/);
    api.set({ [`GET /api/user/${demoMember.id}`]: ok(demoMember) });
    await user.click(retry);
    expect(await screen.findByRole('form', { name: '회원 정보' })).toBeVisible();
  });
});
