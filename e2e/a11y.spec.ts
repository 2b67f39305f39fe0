import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, latestItems, test } from './fixtures';

/** Waits until the screen has its content (not a loading state) before axe looks at it. */
async function ready(page: Page, url: string, content?: string) {
  await page.goto(url);
  await expect(page.locator('h1').first()).toBeVisible();
  if (content) await expect(page.locator(content).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility (axe, WCAG 2.1 A/AA): no serious or critical violation', () => {
  test('home', async ({ page }) => {
    await ready(page, '/', 'main a[href*="/view/" i]');
    await expectNoA11yViolations(page, 'home');
  });

  test('home at 390px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await ready(page, '/', 'main a[href*="/view/" i]');
    await expectNoA11yViolations(page, 'home at 390px');
    // With the phone menu open too.
    await page.getByRole('button', { name: '전체 메뉴' }).click();
    await expect(page.getByRole('button', { name: '메뉴 닫기' })).toBeVisible();
    await expectNoA11yViolations(page, 'home at 390px with the menu open');
  });

  test('board list /nids/notice/list', async ({ page }) => {
    await ready(page, '/nids/notice/list', 'main a[href*="/view/" i]');
    await expectNoA11yViolations(page, 'notice list');
  });

  test('board view (newest notice)', async ({ page, request }) => {
    const { content } = await latestItems(request, 'notice', 1);
    await ready(page, `/nids/notice/view/${content[0]!.itemNo}`, 'main article');
    await expectNoA11yViolations(page, 'notice view');
  });

  test('info page /nids/organization', async ({ page }) => {
    await ready(page, '/nids/organization');
    await expectNoA11yViolations(page, 'organization');
  });

  test('privacy policy', async ({ page }) => {
    await ready(page, '/TOS/Content/PrivacyContent');
    await expectNoA11yViolations(page, 'privacy policy');
  });
});
