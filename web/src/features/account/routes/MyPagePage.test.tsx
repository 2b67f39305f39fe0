import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages, memberActivityPage, messages, type MemberActivityPage } from '@contract';
import { ok, refuse, stubApi, type StubHandler } from '@web/test/api-stub';
import { demoAuthentication, demoMember, demoSiteInfo, signInAs } from '@web/test/fixtures';
import { findAlertSaying } from '@web/test/alerts';
import { renderScreen } from '@web/test/render-screen';
import { Component as MyPagePage } from './MyPagePage';

/**
 * My page's forms refused before anything is sent, and its load failure (moved from
 * e2e/keyboard.spec.ts; the real profile, e-mail and password changes stay in the browser).
 */

function open(url: string, user: ReturnType<typeof ok> | ReturnType<typeof refuse> = ok(demoMember), activity: StubHandler = ok(activityPage('posts', []))) {
  signInAs(demoMember);
  const api = stubApi({
    'GET /api/site-setting/authentication': ok(demoAuthentication),
    // The new-password hint refuses the site's own names (issue 25).
    'GET /api/site-setting/info': ok(demoSiteInfo),
    [`GET /api/user/${demoMember.id}`]: user,
    [`GET /api/user/${demoMember.id}/activity`]: activity,
  });
  return { ...renderScreen(MyPagePage, { path: 'Account/MyPage', url }), api };
}

/** One page of the activity answer, checked by the contract's schema (the server's shape). */
function activityPage(type: MemberActivityPage['type'], content: Partial<MemberActivityPage['content'][number]>[], total = content.length, page = 1): MemberActivityPage {
  return memberActivityPage.parse({
    type,
    content: content.map((row, i) => ({
      boardCode: 'community', boardName: '커뮤니티', area: 'Member', itemNo: 100 - i, title: `글 ${i + 1}`, isSecret: false,
      createdDate: '2026-11-20T10:00:00+09:00', commentId: null, comment: null, status: null, ...row,
    })),
    totalElements: total,
    totalPages: Math.ceil(total / 10),
    page,
    size: 10,
  });
}

describe('My page', () => {
  it('the password change submitted empty by keyboard: announced, the current password focused and described', async () => {
    const { user, api } = open('/Account/MyPage?tab=password');
    const form = await screen.findByRole('form', { name: '비밀번호 변경' });
    within(form).getByRole('button', { name: '비밀번호 변경' }).focus();
    await user.keyboard('{Enter}');
    const summary = await findAlertSaying(form, '입력 내용을 확인해주세요.');
    expect(summary).toBeVisible();
    const current = within(form).getByLabelText(/^현재 비밀번호/);
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(/현재 비밀번호를 입력해주세요\./);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('says why a new password would be refused while it is typed, before anything is sent (issue 25)', async () => {
    const { user, api } = open('/Account/MyPage?tab=password');
    const form = await screen.findByRole('form', { name: '비밀번호 변경' });
    await user.type(within(form).getByLabelText(/^새 비밀번호(?! 확인)/), 'dkssud12!');
    expect(await within(form).findByText(accountMessages.passwordKoreanTyped, {}, { timeout: 10_000 })).toBeVisible();
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

  it('내가 쓴 글: read only when its tab opens, newest first as the server sends them, each linking to its post; the tab is in the address', async () => {
    const { user, api, router } = open('/Account/MyPage', ok(demoMember), ok(activityPage('posts', [{ title: '최근 글', isSecret: true }, { title: '첫 글', itemNo: 3 }])));
    await screen.findByRole('form', { name: '회원 정보' });
    expect(api.callsTo(`GET /api/user/${demoMember.id}/activity`)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: '내가 쓴 글' }));
    const list = await screen.findByRole('list', { name: '내가 쓴 글' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['최근 글', '첫 글']);
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/Member/community/View/3');
    expect(within(items[0]!).getByText('비밀글')).toBeVisible();
    expect(screen.getByText(/전체/)).toHaveTextContent('전체 2건');
    const call = api.callsTo(`GET /api/user/${demoMember.id}/activity`)[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ type: 'posts', page: '1', size: '10' });
    expect(router.state.location.search).toBe('?tab=posts');
    expect(document.title).toMatch(/^내가 쓴 글 - 마이페이지/);
  });

  it('내 댓글: the comment and the title of the post it belongs to', async () => {
    open('/Account/MyPage?tab=comments', ok(demoMember), ok(activityPage('comments', [{ title: '남의 글', comment: '좋은 정보 감사합니다.', commentId: 9, itemNo: 12 }])));
    const list = await screen.findByRole('list', { name: '내 댓글' });
    expect(within(list).getByText('좋은 정보 감사합니다.')).toBeVisible();
    expect(within(list).getByRole('link', { name: '댓글을 단 글: 남의 글' })).toHaveAttribute('href', '/Member/community/View/12');
  });

  it('내 문의: each inquiry with its status; a page from the address, and the pages link within the tab', async () => {
    const { api } = open(
      '/Account/MyPage?tab=inquiries&page=2',
      ok(demoMember),
      ok(activityPage('inquiries', [{ boardCode: 'contactus', boardName: '문의하기', area: 'Nids', title: '등록 문의', status: 'IN_PROGRESS', isSecret: true }], 11, 2)),
    );
    const list = await screen.findByRole('list', { name: '내 문의' });
    expect(within(list).getByText('처리중')).toBeVisible();
    expect(within(list).getByRole('link', { name: '등록 문의' })).toHaveAttribute('href', '/Nids/contactus/View/100');
    expect(Object.fromEntries(api.callsTo(`GET /api/user/${demoMember.id}/activity`)[0]!.query)).toMatchObject({ type: 'inquiries', page: '2' });
    const pages = screen.getByRole('navigation', { name: '페이지 이동' });
    expect(within(pages).getByRole('link', { name: '1페이지' })).toHaveAttribute('href', '/Account/MyPage?tab=inquiries');
    expect(within(pages).getByRole('link', { name: '2페이지' })).toHaveAttribute('aria-current', 'page');
  });

  it('an empty tab says so; a failed read offers 다시 시도', async () => {
    const { user, api } = open('/Account/MyPage?tab=comments', ok(demoMember), ok(activityPage('comments', [])));
    expect(await screen.findByText('작성한 댓글이 없습니다.')).toBeVisible();
    api.set({ [`GET /api/user/${demoMember.id}/activity`]: refuse(500, 'INTERNAL_ERROR', messages.internalError) });
    await user.click(screen.getByRole('tab', { name: '내 문의' }));
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('내역을 불러오지 못했습니다.');
  });
});
