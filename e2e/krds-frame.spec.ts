import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, expectScreen, test } from './fixtures';

/** The operator the first-start seed writes into the site settings (server/seed/base.ts). */
const SEEDED_OPERATOR = '한국의료기기안전정보원';

const rootFontSize = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `no sideways scroll: ${what}`).toBeLessThanOrEqual(0);
}

async function expectTouchTarget(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box, `"${name}" is on screen`).not.toBeNull();
  expect(box!.width, `"${name}" is at least 44 px wide`).toBeGreaterThanOrEqual(44);
  expect(box!.height, `"${name}" is at least 44 px high`).toBeGreaterThanOrEqual(44);
}

test.describe('KRDS frame: official banner, footer, text size', () => {
  test('the official banner follows the skip link and its disclosure opens and closes by keyboard', async ({ page }) => {
    await page.goto('/');
    await expectScreen(page, '/');
    const banner = page.getByRole('region', { name: '공식 누리집 안내' });
    await expect(banner).toContainText('이 누리집은 대한민국 공식 전자정부 누리집입니다');
    // Right after the skip link, above the header.
    const order = await page.evaluate(() => {
      const skip = document.querySelector('.skip-link');
      const section = document.querySelector('.official-banner');
      const header = document.querySelector('header');
      return skip?.nextElementSibling === section && section?.nextElementSibling === header;
    });
    expect(order, 'skip link, then the banner, then the header').toBe(true);

    const toggle = banner.getByRole('button', { name: '공식 누리집 확인 방법' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelId = await toggle.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toBeHidden();

    // Tab order: skip link, then the disclosure button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '본문 바로가기' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('.go.kr');
    await expect(panel).toContainText('https://');
    await expect(panel).toContainText('자물쇠');

    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    // Esc closes it too and leaves the focus on the button.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('the footer follows the KRDS order and emphasises 개인정보처리방침', async ({ page }) => {
    await page.goto('/');
    await expectScreen(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('address')).toContainText('대표전화');
    const operatorLine = footer.getByText(`이 누리집은 ${SEEDED_OPERATOR}에서 운영하는 누리집입니다`, { exact: true });
    await expect(operatorLine).toBeVisible();

    const parts = [
      footer.locator('.site-footer__logo'),
      footer.locator('address'),
      footer.getByRole('navigation', { name: '바로가기' }),
      footer.getByRole('navigation', { name: '이용 정책' }),
      footer.getByText(/^© \d{4} .+\. All rights reserved\.$/),
      operatorLine,
    ];
    for (const part of parts) await expect(part).toHaveCount(1);
    await expect(parts[0]!).toContainText('인체이식형 의료기기 환자등록사업');
    await expect(parts[2]!.getByRole('link', { name: '문의하기' })).toBeVisible();
    await expect(parts[3]!.getByRole('link', { name: '이용약관' })).toBeVisible();

    // Document order (what a screen reader reads) is the KRDS order.
    const handles = await Promise.all(parts.map((part) => part.elementHandle()));
    const inOrder = await page.evaluate((elements) => {
      for (let i = 1; i < elements.length; i++) {
        if (!(elements[i - 1]!.compareDocumentPosition(elements[i]!) & Node.DOCUMENT_POSITION_FOLLOWING)) return i;
      }
      return 0;
    }, handles);
    expect(inOrder, 'each footer part follows the one before it (0 = all in order)').toBe(0);

    // 개인정보처리방침 first among the policy links, and set apart from the others by weight and colour.
    const policy = parts[3]!;
    await expect(policy.getByRole('link').first()).toHaveText('개인정보처리방침');
    const style = (name: string) =>
      policy.getByRole('link', { name }).evaluate((el) => {
        const computed = getComputedStyle(el);
        return { weight: Number(computed.fontWeight), color: computed.color };
      });
    const privacy = await style('개인정보처리방침');
    const terms = await style('이용약관');
    expect(privacy.weight).toBeGreaterThan(terms.weight);
    expect(privacy.color).not.toBe(terms.color);
  });

  test('the text size control scales the root font size and keeps the choice across a reload', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await expectScreen(page, '/');
    const group = page.getByRole('group', { name: '글자 크기' });
    const normal = group.getByRole('button', { name: '보통', exact: true });
    const large = group.getByRole('button', { name: '크게', exact: true });
    const xlarge = group.getByRole('button', { name: '아주 크게', exact: true });
    await expect(normal).toHaveAttribute('aria-pressed', 'true');
    const base = await rootFontSize(page);
    expect(base, 'body text stays at 16 px or more').toBeGreaterThanOrEqual(16);
    for (const name of ['보통', '크게', '아주 크게']) await expectTouchTarget(page, name);

    await large.click();
    await expect(large).toHaveAttribute('aria-pressed', 'true');
    await expect(normal).toHaveAttribute('aria-pressed', 'false');
    expect(await rootFontSize(page)).toBeCloseTo(base * 1.125);

    await xlarge.click();
    await expect(xlarge).toHaveAttribute('aria-pressed', 'true');
    expect(await rootFontSize(page)).toBeCloseTo(base * 1.25);
    await expectNoSidewaysScroll(page, 'home at 360 px with 아주 크게');

    await page.reload();
    await expectScreen(page, '/');
    await expect(xlarge).toHaveAttribute('aria-pressed', 'true');
    expect(await rootFontSize(page), 'the choice survives a reload').toBeCloseTo(base * 1.25);

    await normal.click();
    await expect(normal).toHaveAttribute('aria-pressed', 'true');
    expect(await rootFontSize(page)).toBeCloseTo(base);
  });

  // At 360 px the same state is swept in full (axe, sideways scroll, every target) by
  // e2e/screens-public.spec.ts "home with the official banner open".
  for (const width of [1280]) {
    test(`axe finds nothing on the home page at ${width} px with the banner open`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expectScreen(page, '/');
      await expect(page.locator('main a[href*="/view/" i]').first()).toBeVisible();
      await page.getByRole('button', { name: '공식 누리집 확인 방법' }).click();
      await expect(page.getByRole('button', { name: '공식 누리집 확인 방법' })).toHaveAttribute('aria-expanded', 'true');
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, `home at ${width} px with the banner open`);
      await expectTouchTarget(page, '공식 누리집 확인 방법');
      await expectNoA11yViolations(page, `home at ${width} px with the banner open`);
    });
  }
});
