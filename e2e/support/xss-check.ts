import { expect, type Page } from '@playwright/test';
import { myPageTab } from './accounts';

/**
 * What any screen must hold after rendering XSS payloads (e2e/support/xss-corpus.ts), shared by
 * e2e/xss.spec.ts (what members and guests write) and e2e/xss-admin.spec.ts (what administrators
 * set): nothing ran (`window.__xss`, which every payload would set, is unset), no element carries
 * an event handler or a javascript:/vbscript:/data:text/html URL, and no executable element was
 * added, neither in the content (`main`) nor around it (the header, the footer, the head the
 * server writes). A Content-Security-Policy violation is a console error, which fails the test
 * through the fixture (e2e/fixtures.ts).
 */
export async function expectNothingRan(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => {
    const executable: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        // Browsers skip whitespace and control characters in a URL's scheme (java\tscript:).
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (name.startsWith('on')) executable.push(`${el.tagName} ${name}`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'background'].includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value)) {
          executable.push(`${el.tagName} ${name}=${attr.value.slice(0, 40)}`);
        }
      }
    }
    const inContent = [...document.querySelectorAll('main script, main iframe[srcdoc], main object, main embed, main base, main meta, main form[action^="javascript" i]')].map((el) => el.outerHTML.slice(0, 80));
    // Outside the content only the app's own scripts (its entry and chunks, the server's first data) belong.
    const appScript = 'script[type="module"][src^="/assets/"], script[type="application/json"]#first-data';
    const aroundContent = [...document.querySelectorAll('script, iframe, object, embed, base, meta[http-equiv], form[action^="javascript" i]')]
      .filter((el) => !el.closest('main') && !el.matches(appScript))
      .map((el) => el.outerHTML.slice(0, 80));
    return { fired: (window as unknown as { __xss?: unknown }).__xss ?? null, executable, inContent, aroundContent };
  });
  expect(found, what).toEqual({ fired: null, executable: [], inContent: [], aroundContent: [] });
}

/** Opens every tab of My page in turn (at least the four it has) and checks each with expectNothingRan. */
export async function expectNothingRanOnEveryMyPageTab(page: Page): Promise<string[]> {
  const tabs = (await page.getByRole('tablist', { name: '마이페이지 메뉴' }).getByRole('tab').allInnerTexts()).map((t) => t.trim());
  expect(tabs.length, 'the tabs of My page').toBeGreaterThanOrEqual(4);
  for (const tab of tabs) {
    await myPageTab(page, tab).click();
    await expect(myPageTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    await expectNothingRan(page, `My page, the tab ${tab}`);
  }
  return tabs;
}
