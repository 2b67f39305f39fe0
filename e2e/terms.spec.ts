import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectKoreanDocument, expectScreen, test } from './fixtures';

const termsPages = [
  { url: '/TOS/Content/PrivacyContent', h1: /개인정보\s*처리\s*방침/ },
  { url: '/TOS/Content/TermsContent', h1: /이용\s*약관/ },
  { url: '/TOS/Content/ContactUs/TermsContent', h1: /개인정보|약관|동의/ },
];

test.describe('terms pages have no site layout', () => {
  // One page opens the three documents (and the lower-case spelling) in turn, instead of a browser
  // context each; the privacy policy's sections and officer are checked on the one load of it.
  test('each terms page shows its document without the header menu or footer; the privacy policy has the sections the law requires and names the privacy officer from the site settings', async ({ page, request }) => {
    for (const { url, h1 } of termsPages) {
      await test.step(url, async () => {
        await page.goto(url);
        const heading = await expectScreen(page, url);
        expect(heading).toMatch(h1);
        await expect(page.locator('h1'), 'one <h1>').toHaveCount(1);
        await expectKoreanDocument(page, url);
        await expect(page.locator('nav[aria-label="주 메뉴"]')).toHaveCount(0);
        await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
        await expect(page.getByRole('contentinfo'), 'no page footer').toHaveCount(0);
        await expect(page.getByRole('banner'), 'no page header').toHaveCount(0);
        await expect(page.getByRole('link', { name: '본문 바로가기' })).toHaveCount(0);
        if (url === '/TOS/Content/PrivacyContent') await expectPrivacyPolicy(page, request);
      });
    }

    await test.step('the lower-case spelling opens the same page', async () => {
      await page.goto('/tos/content/privacycontent');
      expect(await expectScreen(page)).toMatch(/개인정보\s*처리\s*방침/);
      await expect(page.locator('nav[aria-label="주 메뉴"]')).toHaveCount(0);
    });
  });
});

/** The sections the law requires, and the privacy officer as the site settings name them. */
async function expectPrivacyPolicy(page: Page, request: APIRequestContext) {
  const sections: [string, RegExp][] = [
    ['처리 목적', /처리\s*(하는\s*)?목적/],
    ['보유 기간', /보유\s*(및\s*이용\s*)?기간|처리\s*및\s*보유/],
    ['파기', /파기/],
    ['제3자 제공', /제\s*3\s*자\s*(에게\s*)?제공/],
    ['위탁', /위탁/],
    ['권리', /권리/],
    ['안전성 확보', /안전성\s*확보/],
    ['개인정보 보호책임자', /개인정보\s*보호\s*책임자/],
  ];
  const headings = page.getByRole('heading');
  for (const [name, pattern] of sections) {
    await expect(headings.filter({ hasText: pattern }).first(), `a heading for ${name}`).toBeVisible();
  }
  const info = (await (await request.get('/api/site-setting/info')).json()) as { data: { privacyOfficer: { name: string; phone: string } } };
  await expect(page.locator('body')).toContainText(info.data.privacyOfficer.name);
  await expect(page.locator('body')).toContainText(info.data.privacyOfficer.phone);
}
