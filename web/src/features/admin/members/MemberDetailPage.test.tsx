import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberDetail, memberMessages, memberRoleOptions, type MemberDetail } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as MemberDetailPage } from './MemberDetailPage';

/**
 * 회원 상세's 권한 변경 (issue 9): the member's role selected once the options arrive, the role
 * chosen sent, and the server's refusal said by the page. The browser keeps the journey with the
 * change holding at the member's next sign-in (e2e/admin-members.spec.ts).
 */

const member: MemberDetail = memberDetail.parse({
  id: 41, userKeyCode: 'member41', name: '김민지', email: 'm***@example.test', mobile: null, userType: 'Member', roleCode: 'MEMBER', roleName: '일반회원',
  status: 'ACTIVE', createdDate: '2026-11-02T09:00:00.000Z', profile: [], failedSigninCount: 0, lockedUntil: null, retiredDate: null,
  sessionsRevokedDate: null, twoFactorEnabled: false, revealed: false,
});
const roles = memberRoleOptions.parse([
  { roleCode: 'MEMBER', name: '일반회원', admin: false },
  { roleCode: 'ADMIN', name: '관리자', admin: true },
]);

describe('a member\'s role in the console', () => {
  it('shows the member\'s role, sends the one chosen, and says the server\'s refusal', async () => {
    const api = stubApi({
      'GET /api/admin/users/41': ok(member),
      'GET /api/admin/users/role-options': ok(roles),
      'PATCH /api/admin/users/41/role': refuse(400, 'BAD_REQUEST', memberMessages.unknownRole),
    });
    const { user } = renderScreen(MemberDetailPage, { path: 'admin/users/:userId', url: '/admin/users/41' });
    // The select is drawn again once the options arrive.
    await waitFor(() => expect(screen.getByLabelText('권한', { exact: true })).toHaveValue('MEMBER'));
    await user.selectOptions(screen.getByLabelText('권한', { exact: true }), 'ADMIN');
    await user.click(screen.getByRole('button', { name: '권한 변경' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((el) => el.textContent === memberMessages.unknownRole)).toBe(true));
    expect(api.callsTo('PATCH /api/admin/users/41/role')[0]!.body).toEqual({ roleCode: 'ADMIN' });

    api.set({ 'PATCH /api/admin/users/41/role': ok({ ...member, roleCode: 'ADMIN', roleName: '관리자' }) });
    await user.click(screen.getByRole('button', { name: '권한 변경' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((el) => el.textContent === memberMessages.roleChanged)).toBe(true));
  });
});
