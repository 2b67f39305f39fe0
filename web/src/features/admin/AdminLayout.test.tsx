import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { twoFactorStatus } from '@contract';
import { queryKeys } from '@web/lib/query-keys';
import { ok, stubApi } from '@web/test/api-stub';
import { demoMember, signInAs } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { Component as AdminLayout } from './AdminLayout';

/**
 * The console's frame when the settings require a second factor the administrator has not set up
 * (issue 12): every console screen leads to the enrolment screen, and the enrolment screen itself
 * stays where it is however its path is spelt (the router matches paths in any case, with or
 * without a trailing slash: contract/paths.ts).
 */

const setupRequired = twoFactorStatus.parse({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: true, setupRequired: true });

function signInAsAdmin() {
  signInAs({ ...demoMember, role: { roleCode: 'ADMIN', permissions: ['ADMIN_Access', 'MEMBER_Access'] } });
}

describe('console frame, second factor required', () => {
  it('sends another console screen to the enrolment screen', async () => {
    signInAsAdmin();
    stubApi({ 'GET /api/admin/two-factor': ok(setupRequired) });
    const { router } = renderScreen(AdminLayout, { path: 'admin/*', url: '/admin/members' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/two-factor'));
  });

  it.each(['/admin/two-factor', '/Admin/Two-Factor', '/admin/two-factor/'])('stays on the enrolment screen at %s', async (url) => {
    signInAsAdmin();
    stubApi({ 'GET /api/admin/two-factor': ok(setupRequired) });
    const { router, queryClient } = renderScreen(AdminLayout, { path: 'admin/*', url });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.admin.twoFactor)).toEqual(setupRequired));
    expect(await screen.findByRole('navigation', { name: '관리자 메뉴' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });
});

describe('console menu, content screens (issue 22)', () => {
  const noSetup = twoFactorStatus.parse({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, setupRequired: false });
  const menuLinks = async () => {
    const nav = await screen.findByRole('navigation', { name: '관리자 메뉴' });
    return Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
  };

  it('shows 콘텐츠 to staff whose role has CONTENT_Manage and to the system admin, not to other staff', async () => {
    stubApi({ 'GET /api/admin/two-factor': ok(noSetup) });
    signInAs({ ...demoMember, role: { roleCode: 'STAFF', permissions: ['ADMIN_Access'] } });
    const first = renderScreen(AdminLayout, { path: 'admin/*', url: '/admin/members' });
    expect(await menuLinks()).not.toContain('콘텐츠');
    first.unmount();

    signInAs({ ...demoMember, role: { roleCode: 'ADMIN', permissions: ['ADMIN_Access', 'CONTENT_Manage'] } });
    const second = renderScreen(AdminLayout, { path: 'admin/*', url: '/admin/members' });
    expect(await menuLinks()).toContain('콘텐츠');
    second.unmount();

    signInAs({ ...demoMember, userType: 'Admin', role: { roleCode: 'STAFF', permissions: ['ADMIN_Access'] } });
    renderScreen(AdminLayout, { path: 'admin/*', url: '/admin/members' });
    expect(await menuLinks()).toContain('콘텐츠');
  });
});
