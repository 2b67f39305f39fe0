import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages, twoFactorMessages, twoFactorStatus } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as TwoFactorPage } from './TwoFactorPage';

/**
 * 2단계 인증's forms before the factor changes (issue 12): the button waits for both fields, a wrong
 * code (the answer names the field `code`) is said in the form and at the code, which is emptied
 * and focused with the password kept; a wrong password empties and focuses the password. The
 * browser keeps the enrolment and sign-in journey (e2e/admin-two-factor.spec.ts).
 */

const enabled = twoFactorStatus.parse({ enabled: true, enabledAt: '2026-12-01T09:00:00.000Z', recoveryCodesLeft: 10, required: false, setupRequired: false });

describe('two-factor changes', () => {
  it('a wrong code is said at the code, the password kept; a wrong password at the password', async () => {
    const api = stubApi({
      'GET /api/admin/two-factor': ok(enabled),
      'POST /api/admin/two-factor/recovery-codes': refuse(400, 'INVALID_OTP', twoFactorMessages.codeInvalid, 'code'),
    });
    const { user } = renderScreen(TwoFactorPage, { path: 'admin/two-factor' });
    const form = await screen.findByRole('form', { name: '복구 코드 새로 만들기' });
    const password = within(form).getByLabelText('현재 비밀번호');
    const code = within(form).getByLabelText('인증 코드 또는 복구 코드');
    const button = within(form).getByRole('button', { name: '복구 코드 새로 만들기' });
    await user.type(password, 'Passw0rd!');
    expect(button).toBeDisabled();
    await user.type(code, ' aaaaa-aaaaa ');
    await user.click(button);

    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(twoFactorMessages.codeInvalid));
    expect(code).toHaveValue('');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(new RegExp(`^${twoFactorMessages.codeInvalid.replace(/[.()]/g, '\\$&')}`));
    expect(code).toHaveFocus();
    expect(password).toHaveValue('Passw0rd!');
    expect(api.callsTo('POST /api/admin/two-factor/recovery-codes')[0]!.body).toEqual({ password: 'Passw0rd!', code: 'aaaaa-aaaaa' });

    api.set({ 'POST /api/admin/two-factor/recovery-codes': refuse(400, 'BAD_REQUEST', accountMessages.currentPasswordWrong, 'password') });
    await user.type(code, '123456');
    await user.click(button);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(accountMessages.currentPasswordWrong);
    expect(password).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'false');
  });
});
