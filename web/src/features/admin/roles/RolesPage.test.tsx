import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { knownPermissions, roleList, roleMessages, type RoleList } from '@contract';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as RolesPage } from './RolesPage';

/**
 * 권한 (the console's roles, issue 9): the contract's rules said at the new role's fields before
 * anything is sent, the server's refusal of a taken code at the code field (by the answer's
 * `field`), and a row saved with the permissions the screen does not know kept. The browser keeps
 * the sweep of the form refused (e2e/screens-admin.spec.ts).
 */

const roles: RoleList = roleList.parse({
  content: [
    { roleCode: 'GUEST', name: '비회원', permissions: [], memberCount: 0, isGuestRole: true },
    { roleCode: 'MEMBER', name: '일반회원', permissions: ['MEMBER_Access', 'LEGACY_Flag'], memberCount: 12, isGuestRole: false },
  ],
  knownPermissions,
});

const path = 'admin/roles';

describe('the roles screen', () => {
  it('a new role with a malformed code and no name: each refused at its field, the code focused, nothing sent', async () => {
    const api = stubApi({ 'GET /api/admin/roles': ok(roles) });
    const { user } = renderScreen(RolesPage, { path });
    const form = await screen.findByRole('form', { name: '새 권한 만들기' });
    const code = within(form).getByLabelText('권한 코드');
    await user.type(code, 'lower');
    await user.click(within(form).getByRole('button', { name: '권한 만들기' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(`${roleMessages.roleCodeFormat} 영문 대문자로 시작, 영문 대문자·숫자·_ 2~30자`);
    expect(code).toHaveFocus();
    expect(within(form).getByLabelText('권한 이름')).toHaveAccessibleDescription(roleMessages.nameRequired);
    expect(api.callsTo('PUT /api/admin/roles')).toEqual([]);
  });

  it('a taken code: the refusal is said under the form and under the code, which is marked and focused', async () => {
    const api = stubApi({ 'GET /api/admin/roles': ok(roles), 'PUT /api/admin/roles': refuse(409, 'CONFLICT', roleMessages.duplicate, 'roleCode') });
    const { user } = renderScreen(RolesPage, { path });
    const form = await screen.findByRole('form', { name: '새 권한 만들기' });
    const code = within(form).getByLabelText('권한 코드');
    await user.type(code, 'MEMBER');
    await user.type(within(form).getByLabelText('권한 이름'), ' 화면 점검 ');
    await user.click(within(form).getByRole('checkbox', { name: knownPermissions[1].label }));
    await user.click(within(form).getByRole('button', { name: '권한 만들기' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(roleMessages.duplicate));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(new RegExp(`^${roleMessages.duplicate.replace('.', '\\.')}`));
    expect(code).toHaveFocus();
    expect(api.callsTo('PUT /api/admin/roles')[0]!.body).toEqual({ roleCode: 'MEMBER', name: '화면 점검', permissions: ['MEMBER_Access'] });
  });

  it('a row emptied of its name is refused at it; a row saved keeps the permissions the screen does not know', async () => {
    const api = stubApi({ 'GET /api/admin/roles': ok(roles), 'PATCH /api/admin/roles/MEMBER': ok(roles.content[1]) });
    const { user } = renderScreen(RolesPage, { path });
    const name = await screen.findByLabelText('MEMBER 이름');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: /^저장\s*: MEMBER$/ }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(roleMessages.nameRequired));
    expect(name).toHaveFocus();
    expect(api.callsTo('PATCH /api/admin/roles/MEMBER')).toEqual([]);

    await user.type(name, '정회원');
    await user.click(screen.getByRole('button', { name: /^저장\s*: MEMBER$/ }));
    await waitFor(() => expect(screen.getAllByRole('status').some((el) => el.textContent === `${roleMessages.saved} (MEMBER)`)).toBe(true));
    expect(api.callsTo('PATCH /api/admin/roles/MEMBER')[0]!.body).toEqual({ name: '정회원', permissions: ['MEMBER_Access', 'LEGACY_Flag'] });
  });
});
