import type { Page } from '@playwright/test';
import { byTitle, expect, expectKoreanDocument, expectScreen, latestItems, test } from './fixtures';

/** The home section headed exactly `heading` (the innermost section holding that heading). */
function homeSection(page: Page, heading: string, other: string) {
  return page
    .locator('main section, main [role="region"]')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    .filter({ hasNot: page.getByRole('heading', { name: other, exact: true }) });
}

test.describe('home', () => {
  test('shows the five newest 공지사항 and 공개자료 titles in their sections', async ({ page, request }) => {
    const [notices, publics] = await Promise.all([latestItems(request, 'notice'), latestItems(request, 'public')]);
    expect(notices.content, 'the demo seed has at least five notices').toHaveLength(5);
    expect(publics.content, 'the demo seed has at least five public files').toHaveLength(5);

    await page.goto('/');
    await expectScreen(page, '/');
    await expectKoreanDocument(page, '/');

    for (const [heading, other, items, boardCode] of [
      ['공지사항', '공개자료', notices.content, 'notice'],
      ['공개자료', '공지사항', publics.content, 'public'],
    ] as const) {
      const section = homeSection(page, heading, other);
      await expect(section, `one section headed "${heading}"`).toHaveCount(1);
      for (const item of items) {
        await expect(byTitle(section, item.title), `"${item.title}" in ${heading}`).toBeVisible();
        // Each title opens its post.
        const link = section.locator(`a[href$="/${boardCode}/view/${item.itemNo}" i]`);
        await expect(link, `a link to ${boardCode} post ${item.itemNo}`).toHaveCount(1);
      }
      // No more than the five newest.
      await expect(section.locator('a[href*="/view/" i]')).toHaveCount(5);
    }
  });

  test('a title on the home opens its post', async ({ page, request }) => {
    const { content } = await latestItems(request, 'notice', 1);
    const newest = content[0]!;
    await page.goto('/');
    const section = homeSection(page, '공지사항', '공개자료');
    await section.locator(`a[href$="/notice/view/${newest.itemNo}" i]`).click();
    await expect(page).toHaveURL(new RegExp(`/notice/view/${newest.itemNo}$`, 'i'));
    await expect(byTitle(page.locator('main'), newest.title)).toBeVisible();
    await expectKoreanDocument(page);
  });
});
