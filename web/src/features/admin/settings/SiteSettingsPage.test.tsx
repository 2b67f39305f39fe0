import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteSettingMessages } from '@contract';
import { never, ok, refuse, stubApi } from '@web/test/api-stub';
import { demoAdminSiteSetting } from '@web/test/fixtures';
import { renderScreen } from '@web/test/render-screen';
import { Component as SiteSettingsPage } from './SiteSettingsPage';

/**
 * The settings form's refusals (moved from e2e/admin-site.spec.ts "an invalid setting is refused
 * with the server's Korean sentence"; the server's sentences are held by
 * server/modules/site-setting/site-setting-admin.api.test.ts, the save that reaches the public
 * screens stays in the browser).
 */

describe('site settings', () => {
  it('says it is loading until the settings arrive', async () => {
    stubApi({ 'GET /api/admin/site-setting': () => never() });
    renderScreen(SiteSettingsPage, { path: 'admin/settings' });
    expect(screen.getByRole('heading', { level: 1, name: '사이트 설정' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(/불러오는 중/);
  });

  it('a sign-up field added without a name: the server\'s sentence is shown by the form, and what was sent is the new field', async () => {
    const position = demoAdminSiteSetting.settings.userProfiles.length + 1;
    const api = stubApi({
      'GET /api/admin/site-setting': ok(demoAdminSiteSetting),
      'PATCH /api/site-setting': refuse(400, 'BAD_REQUEST', siteSettingMessages.profileNameRequired(position), `userProfiles.${position - 1}.name`),
    });
    const { user } = renderScreen(SiteSettingsPage, { path: 'admin/settings' });
    const form = await screen.findByRole('form', { name: '사이트 설정' });
    await user.click(within(form).getByRole('button', { name: '항목 추가' }));
    const codes = within(form).getAllByLabelText('코드 (영문)');
    await user.type(codes.at(-1)!, 'nameless');
    await user.click(within(form).getByRole('button', { name: '설정 저장' }));

    await waitFor(() => expect(within(form).getAllByRole('alert').some((el) => el.textContent?.includes(`회원가입 추가 항목 ${position}번째의 이름을 입력해주세요.`))).toBe(true));
    const sent = api.callsTo('PATCH /api/site-setting')[0]!.body as { userProfiles: { code: string; name: string }[] };
    expect(sent.userProfiles).toHaveLength(position);
    expect(sent.userProfiles.at(-1)).toMatchObject({ code: 'nameless', name: '' });
  });

  it('an emptied site name: the refusal is said in the form and under the field, which is marked and focused', async () => {
    stubApi({
      'GET /api/admin/site-setting': ok(demoAdminSiteSetting),
      'PATCH /api/site-setting': refuse(400, 'BAD_REQUEST', siteSettingMessages.siteNameRequired, 'siteName'),
    });
    const { user } = renderScreen(SiteSettingsPage, { path: 'admin/settings' });
    const form = await screen.findByRole('form', { name: '사이트 설정' });
    const siteName = within(form).getByLabelText('사이트 이름', { exact: true });
    await user.clear(siteName);
    await user.click(within(form).getByRole('button', { name: '설정 저장' }));
    await waitFor(() => expect(within(form).getAllByRole('alert').some((el) => el.textContent === siteSettingMessages.siteNameRequired)).toBe(true));
    expect(siteName).toHaveAttribute('aria-invalid', 'true');
    expect(siteName).toHaveAccessibleDescription(new RegExp(`${siteSettingMessages.siteNameRequired.replace(/[.]/g, '\\.')}$`));
    expect(siteName).toHaveFocus();
  });

  it('a site name over the contract\'s 100 characters is refused at the field, which takes the focus, and nothing is sent', async () => {
    const api = stubApi({ 'GET /api/admin/site-setting': ok(demoAdminSiteSetting) });
    const { user } = renderScreen(SiteSettingsPage, { path: 'admin/settings' });
    const form = await screen.findByRole('form', { name: '사이트 설정' });
    const siteName = within(form).getByLabelText('사이트 이름', { exact: true });
    await user.clear(siteName);
    await user.paste('가'.repeat(101));
    await user.click(within(form).getByRole('button', { name: '설정 저장' }));
    await waitFor(() => expect(siteName).toHaveAttribute('aria-invalid', 'true'));
    expect(siteName).toHaveAccessibleDescription('100자 이내로 입력해주세요.');
    expect(siteName).toHaveFocus();
    expect(api.callsTo('PATCH /api/site-setting')).toEqual([]);
  });
});
