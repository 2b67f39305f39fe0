import { adminMessages } from '@contract';
import { expect, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, openSignedIn } from './support/accounts';

/**
 * ADMIN_ALLOWED_IPS (issue 12): the e2e server admits console calls from 127.0.0.1 only and
 * trusts 127.0.0.1 as its proxy (playwright.config.ts). A page whose requests say they were
 * forwarded for another client is that client to the server: the console's screens still load
 * (static files), every call is refused with 403, and the screen shows the server's message. The
 * public site works for the same administrator.
 */
test('an administrator outside ADMIN_ALLOWED_IPS sees the refusal on the console, and uses the public site as usual', async ({ page, pageErrors }) => {
  pageErrors.allow(REFUSED_REQUEST);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.7' });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/dashboard'));
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
  const answer = await refused;
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toEqual({ code: 'FORBIDDEN', message: adminMessages.addressNotAllowed });
  await expect(page.getByRole('heading', { name: '대시보드', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: adminMessages.addressNotAllowed })).toBeVisible();

  // The public site: still signed in, My page loads.
  await page.locator('.site-header__utility').getByRole('link', { name: '마이페이지' }).click();
  await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
});

test('from an allowed address the console works', async ({ page }) => {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/dashboard'));
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(/최근 7일:/)).toBeVisible();
});
