import type { Page } from '@playwright/test';
import { accountMessages, paths } from '@contract';
import { expect, REFUSED_REQUEST, test } from './fixtures';
import { draftKey } from '@web/lib/member-storage';
import { expiryOf, forwardTo, signedInAndIdle } from './support/session-clock';

/**
 * KWCAG 2.2.1 (timing adjustable): the session is the 30-minute access token (any call in its last
 * 10 minutes renews it, so only a member who makes no call runs out). Five minutes before it ends
 * the member gets a modal alert dialog, by keyboard alone: 로그인 연장 exchanges the refresh token
 * through the real API, 로그아웃 signs out, Escape puts the warning away; ignored, the member is
 * signed out (the refresh token revoked on the server) and told so.
 *
 * Time is the page's own clock (Playwright's clock), moved forward instead of waited for; the
 * tokens and the server are the real ones (support/session-clock.ts).
 */

const WARNING = '로그인 시간이 곧 끝납니다';
const ENDED = '로그아웃되었습니다';

const header = (page: Page) => page.locator('.site-header__utility');

/** A post draft of the member's, as the write screen keeps it (features/board/write/draft.ts). */
async function keepDraft(page: Page, userId: number): Promise<string> {
  const key = draftKey(`user:${userId}`, 'community', null);
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ title: '쓰던 글', content: '<p>내용</p>', savedAt: Date.now() })), key);
  return key;
}
const storedItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const stored = (page: Page) =>
  page.evaluate(() => ({ accessToken: localStorage.getItem('accessToken'), refreshToken: localStorage.getItem('refreshToken'), loginUser: localStorage.getItem('loginUser') }));

test.describe('the session expiry warning', () => {
  test('warns 5 minutes before, by keyboard: the focus is in the dialog, and 로그인 연장 renews the session through the API', async ({ page, request }) => {
    const { session, expiresAt } = await signedInAndIdle(page, request);
    // Nothing is said while more than five minutes are left.
    await forwardTo(page, expiresAt - 5 * 60_000 - 10_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await forwardTo(page, expiresAt - 4 * 60_000 - 30_000);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAccessibleDescription(/자동으로 로그아웃됩니다/);
    await expect(warning).toContainText(/남은 시간 4:[0-3]\d/);
    const extend = warning.getByRole('button', { name: '로그인 연장' });
    await expect(extend).toBeFocused();
    // Modal: Tab and Shift+Tab stay on the dialog's controls.
    await page.keyboard.press('Shift+Tab');
    await expect(warning.getByRole('button', { name: '로그아웃' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(warning.getByRole('button', { name: '닫기' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(extend).toBeFocused();

    // The server counts the new token's 30 minutes from its real clock: the page's clock goes back
    // to it, or the new token would look as old as the first.
    await page.clock.setSystemTime(Date.now());
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/signin-by-refresh-token'));
    await page.keyboard.press('Enter');
    expect((await refreshed).status()).toBe(200);
    await expect(warning).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '로그인 시간이 연장되었습니다.' })).toBeAttached();

    // A new pair is stored.
    const renewed = await stored(page);
    expect(renewed.refreshToken).not.toBe(session.refreshToken);
    expect(expiryOf(renewed.accessToken!)).toBeGreaterThan(Date.now() + 25 * 60_000);

    // The session goes on: a members-only screen loads with the new token.
    await header(page).getByRole('link', { name: '마이페이지' }).click();
    await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: '로그아웃' })).toBeVisible();

    // The spent refresh token no longer works (rotation). Presented again it reads as a copy and
    // ends this sign-in, the new tokens included (docs/decisions/0017), so it is tried last.
    expect((await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: session.refreshToken } })).status()).toBe(401);
    expect((await request.get(`/api/user/${session.user.id}`, { headers: { authorization: `Bearer ${renewed.accessToken}` } })).status()).toBe(401);
  });

  test('Escape puts the warning away; ignored, the session ends cleanly with a message', async ({ page, request }) => {
    const { session, expiresAt } = await signedInAndIdle(page, request);
    const link = page.locator('main').getByRole('link', { name: '조직도' }).first();
    await link.focus();
    const draft = await keepDraft(page, session.user.id);

    await forwardTo(page, expiresAt - 3 * 60_000);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning.getByRole('button', { name: '로그인 연장' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    // The focus is back where it was, and the member is still signed in.
    await expect(link).toBeFocused();
    await expect(header(page).getByRole('button', { name: '로그아웃' })).toBeVisible();

    // The time runs out.
    await forwardTo(page, expiresAt + 1000);
    const ended = page.getByRole('alertdialog', { name: ENDED });
    await expect(ended).toBeVisible();
    await expect(ended).toHaveAccessibleDescription('로그인 시간이 끝나 자동으로 로그아웃되었습니다. 계속 이용하시려면 다시 로그인해주세요.');
    await expect(ended.getByRole('button', { name: '확인' })).toBeFocused();
    await expect(header(page).getByRole('link', { name: '로그인' })).toBeVisible();
    expect(await stored(page)).toEqual({ accessToken: null, refreshToken: null, loginUser: null });
    // The member did not choose to leave: the draft is kept for them to find after signing in again.
    expect(await storedItem(page, draft)).not.toBeNull();
    // Signed out on the server too: the refresh token was revoked, not only forgotten.
    await expect.poll(async () => (await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: session.refreshToken } })).status()).toBe(401);

    // 다시 로그인 leads to the sign-in screen, which brings the member back here afterwards.
    await page.keyboard.press('Tab');
    await expect(ended.getByRole('link', { name: '다시 로그인' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === paths.signin);
    await expect(ended).toBeHidden();
  });

  test('로그아웃 in the warning signs out at once, without the expiry message', async ({ page, request }) => {
    const { session, expiresAt } = await signedInAndIdle(page, request);
    const draft = await keepDraft(page, session.user.id);
    await forwardTo(page, expiresAt - 4 * 60_000);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(header(page).getByRole('link', { name: '로그인' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: session.refreshToken } })).status()).toBe(401);
    // Chosen by the member (issue 12, shared computers): their drafts go too.
    await expect.poll(() => storedItem(page, draft)).toBeNull();
  });

  test('a sign-in ended elsewhere cannot be extended: the server\'s message is shown and the member is signed out', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const { session, expiresAt } = await signedInAndIdle(page, request);
    // The member signs out on another device: every token of this sign-in is revoked.
    expect((await request.post('/api/user/signout', { data: { refreshToken: session.refreshToken } })).status()).toBe(200);
    await forwardTo(page, expiresAt - 4 * 60_000);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning.getByRole('button', { name: '로그인 연장' })).toBeFocused();
    await page.keyboard.press('Enter');
    const ended = page.getByRole('alertdialog', { name: ENDED });
    await expect(ended).toHaveAccessibleDescription(accountMessages.sessionExpired);
    await expect(header(page).getByRole('link', { name: '로그인' })).toBeVisible();
    expect((await stored(page)).accessToken).toBeNull();
  });
});
