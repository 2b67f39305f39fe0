import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, openSignedIn } from './support/accounts';
import { forwardTo } from './support/session-clock';

/**
 * Issue 12: an administrator's sign-in ends after 15 minutes without a request (ADMIN_IDLE_MINUTES,
 * the server's default here), sooner than the 30-minute token. The session expiry warning comes
 * five minutes before that idle limit, 로그인 연장 counts as activity, and ignored, the
 * administrator is signed out (the refresh token revoked on the server) and told so.
 * The page's clock is moved forward (support/session-clock.ts); tokens and server are real.
 */

const WARNING = '로그인 시간이 곧 끝납니다';
const ENDED = '로그아웃되었습니다';
const MINUTE = 60_000;

const lastActivity = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('adminActivity') ?? 'null') as { at: number; idleMs: number } | null);

async function adminOnDashboard(page: Page) {
  await page.clock.install();
  const session = await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
  await expect(page.getByRole('heading', { name: '대시보드', level: 1 })).toBeVisible();
  // The console's own calls told the page the server's idle limit.
  await expect.poll(() => lastActivity(page)).not.toBeNull();
  const activity = (await lastActivity(page))!;
  expect(activity.idleMs).toBe(15 * MINUTE);
  // The server writes activity once a minute: the page ends the session a minute early.
  return { session, idleEnd: activity.at + activity.idleMs - MINUTE };
}

test.describe('an administrator idle for 15 minutes', () => {
  test('is warned five minutes before the idle limit, long before the token runs out, and signed out after it', async ({ page, request }) => {
    const { session, idleEnd } = await adminOnDashboard(page);
    await forwardTo(page, idleEnd - 5 * MINUTE - 10_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await forwardTo(page, idleEnd - 4 * MINUTE - 30_000);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/남은 시간 4:[0-3]\d/);
    await expect(warning.getByRole('button', { name: '로그인 연장' })).toBeFocused();

    await forwardTo(page, idleEnd + 1000);
    const ended = page.getByRole('alertdialog', { name: ENDED });
    await expect(ended).toBeVisible();
    await expect(page.locator('.site-header__utility').getByRole('link', { name: '로그인' })).toBeVisible();
    // Cleared once the sign-out call has been answered.
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('adminActivity')])).toEqual([null, null]);
    // Signed out on the server too.
    await expect.poll(async () => (await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: session.refreshToken } })).status()).toBe(401);
  });

  test('로그인 연장 counts as activity: the idle limit starts again', async ({ page }) => {
    const { idleEnd } = await adminOnDashboard(page);
    await forwardTo(page, idleEnd - 3 * MINUTE);
    const warning = page.getByRole('alertdialog', { name: WARNING });
    await expect(warning).toBeVisible();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/signin-by-refresh-token'));
    await warning.getByRole('button', { name: '로그인 연장' }).click();
    const answer = await refreshed;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-admin-idle-seconds']).toBe('900');
    await expect(warning).toBeHidden();
    const renewed = (await lastActivity(page))!;
    expect(renewed.at).toBeGreaterThan(idleEnd - 3 * MINUTE - 1000);
    // Eight minutes later, nothing is said: the limit counts from the extension (the warning would
    // come at 9 minutes, 14 minutes after the first activity).
    await forwardTo(page, renewed.at + 8 * MINUTE);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '대시보드', level: 1 })).toBeVisible();
  });
});
