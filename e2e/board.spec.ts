import type { Page, Response } from '@playwright/test';
import type { BoardItemPage } from '@contract';
import { apiGet, byTitle, escapeRegExp, expect, expectKoreanDocument, getItem, htmlText, latestItems, test } from './fixtures';

/** The next answer of the list API for this board whose query matches `params`. */
function listResponse(page: Page, boardCode: string, params: Record<string, string> = {}): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/board-item' || url.searchParams.get('boardCode') !== boardCode) return false;
    return Object.entries(params).every(([key, value]) => (url.searchParams.get(key) ?? (key === 'page' ? '1' : '')) === value);
  });
}

async function listData(response: Promise<Response>): Promise<BoardItemPage> {
  const answer = await response;
  expect(answer.status(), answer.url()).toBe(200);
  return ((await answer.json()) as { data: BoardItemPage }).data;
}

/** The post links of a list screen (table rows or cards), in screen order. */
const itemLinks = (page: Page) => page.locator('main a[href*="/view/" i]');

/** A short piece of a post's text, free of entities, to look for on the screen. */
function snippetOf(html: string): string {
  const words = htmlText(html)
    .split(' ')
    .filter((word) => !word.includes('&'));
  return words.slice(0, 4).join(' ');
}

test.describe('board list', () => {
  test('pagination: page 2 by the pagination nav, kept on reload, back returns to page 1', async ({ page, request }) => {
    // The first page comes with the list's HTML (server/modules/seo/first-data.ts), not from a call.
    const first = await apiGet<BoardItemPage>(request, '/api/board-item?boardCode=notice&page=1&pinNotices=true&sort=createdDate,DESC');
    await page.goto('/nids/notice/list');
    expect(first.totalPages, 'the demo notices fill at least two pages').toBeGreaterThanOrEqual(2);
    await expect(page.locator('h1')).toHaveText('공지사항');
    await expectKoreanDocument(page);
    const firstTitle = first.content[0]!.title;
    await expect(itemLinks(page).filter({ hasText: firstTitle }).first()).toBeVisible();

    const pagination = page.getByRole('navigation', { name: '페이지 이동' });
    await expect(pagination.getByRole('link', { name: '1페이지' })).toHaveAttribute('aria-current', 'page');

    const secondAnswer = listResponse(page, 'notice', { page: '2' });
    await pagination.getByRole('link', { name: '2페이지' }).click();
    const second = await listData(secondAnswer);
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pagination.getByRole('link', { name: '2페이지' })).toHaveAttribute('aria-current', 'page');
    const secondTitle = second.content[0]!.title;
    expect(secondTitle).not.toBe(firstTitle);
    await expect(itemLinks(page).filter({ hasText: secondTitle }).first()).toBeVisible();
    await expect(itemLinks(page).filter({ hasText: firstTitle })).toHaveCount(0);

    await page.reload();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(itemLinks(page).filter({ hasText: secondTitle }).first()).toBeVisible();
    await expect(pagination.getByRole('link', { name: '2페이지' })).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(itemLinks(page).filter({ hasText: firstTitle }).first()).toBeVisible();
    await expect(pagination.getByRole('link', { name: '1페이지' })).toHaveAttribute('aria-current', 'page');
  });

  test('search by 제목 with a word of a real title', async ({ page, request }) => {
    const all = await apiGet<BoardItemPage>(request, '/api/board-item?boardCode=notice&page=1&size=100&sort=createdDate,DESC');
    // The Hangul word of two letters or more found in the fewest titles: a search that narrows the list.
    const counts = new Map<string, number>();
    for (const item of all.content) {
      const words = new Set(item.title.split(/[\s()[\]「」『』:·,.]+/).filter((w) => /^[\uac00-\ud7a3]{2,}$/.test(w)));
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const [keyword] = [...counts.entries()].sort((a, b) => a[1] - b[1])[0]!;
    const expected = await apiGet<BoardItemPage>(
      request,
      `/api/board-item?boardCode=notice&page=1&sort=createdDate,DESC&searchType=title&keyword=${encodeURIComponent(keyword)}`,
    );
    expect(expected.content.length, `the API finds "${keyword}" in a title`).toBeGreaterThan(0);

    await page.goto('/nids/notice/list');
    await expect(itemLinks(page).first()).toBeVisible();
    const form = page.getByRole('search', { name: '공지사항 검색' });
    await form.getByLabel('검색 구분').selectOption({ label: '제목' });
    await form.getByRole('searchbox', { name: '검색어' }).fill(keyword);
    const answer = listResponse(page, 'notice', { searchType: 'title', keyword });
    await form.getByRole('button', { name: '검색' }).click();
    await listData(answer);

    await expect(page).toHaveURL((url) => url.searchParams.get('searchType') === 'title' && url.searchParams.get('keyword') === keyword);
    await expect(page.locator('main')).toContainText(`검색 결과 ${expected.totalElements}건`);
    await expect(itemLinks(page)).toHaveCount(expected.content.length);
    const shown = (await itemLinks(page).allInnerTexts()).map((t) => t.trim());
    for (const text of shown) expect(text, `a result for "${keyword}"`).toContain(keyword);
    expect(shown).toEqual(expected.content.map((item) => item.title));
    // The form shows the search that is on screen.
    await expect(form.getByLabel('검색 구분')).toHaveValue('title');
    await expect(form.getByRole('searchbox', { name: '검색어' })).toHaveValue(keyword);

    // A search that finds nothing says so.
    await form.getByRole('searchbox', { name: '검색어' }).fill('없는검색어zq');
    await form.getByRole('button', { name: '검색' }).click();
    await expect(page.locator('main')).toContainText('검색 결과가 없습니다.');
    await expect(itemLinks(page)).toHaveCount(0);
  });

  test('promotionVideo shows image cards whose thumbnails load', async ({ page, request }) => {
    const videos = await apiGet<BoardItemPage>(request, '/api/board-item?boardCode=promotionVideo&page=1&sort=createdDate,DESC');
    expect(videos.content.length, 'the demo seed has videos').toBeGreaterThan(0);

    await page.goto('/reference/promotionVideo/list');
    await expect(page.locator('h1')).toHaveText('홍보영상');
    const cards = page.getByRole('list', { name: '홍보영상 목록' }).getByRole('listitem');
    await expect(cards).toHaveCount(videos.content.length + videos.notices.length);
    for (const item of videos.content) {
      await expect(cards.getByRole('link', { name: item.title, exact: true })).toBeVisible();
    }
    const images = page.getByRole('list', { name: '홍보영상 목록' }).locator('img');
    const withThumbnails = [...videos.content, ...videos.notices].filter((item) => item.thumbnailUrl).length;
    expect(withThumbnails, 'the demo videos have poster thumbnails').toBeGreaterThan(0);
    await expect(images).toHaveCount(withThumbnails);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
          message: `thumbnail ${await image.getAttribute('src')} loads`,
        })
        .toBeGreaterThan(0);
    }
  });
});

test.describe('board view', () => {
  test('a post opened from the list shows its title, content, neighbours, and 목록 returns to the list page', async ({ page, request }) => {
    const answer = listResponse(page, 'notice', { page: '2' });
    await page.goto('/nids/notice/list?page=2');
    const second = await listData(answer);
    const summary = second.content[0]!;
    const item = await getItem(request, 'notice', summary.itemNo);

    await itemLinks(page).filter({ hasText: summary.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/notice/view/${summary.itemNo}$`, 'i'));
    await expect(page.locator('h1')).toContainText(summary.title);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(summary.title)));
    await expect(page.locator('main article')).toContainText(snippetOf(item.content));

    const neighbours = page.getByRole('navigation', { name: '이전글과 다음글' });
    expect(item.prev ?? item.next, 'a post on page 2 has a neighbour').toBeTruthy();
    for (const neighbour of [item.prev, item.next]) {
      if (!neighbour) continue;
      await expect(neighbours.getByRole('link', { name: neighbour.title, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`/notice/view/${neighbour.itemNo}$`, 'i'),
      );
    }
    const neighbour = (item.next ?? item.prev)!;
    await neighbours.getByRole('link', { name: neighbour.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/notice/view/${neighbour.itemNo}$`, 'i'));
    await expect(page.locator('h1')).toContainText(neighbour.title);

    await page.locator('main').getByRole('link', { name: '목록', exact: true }).click();
    await expect(page).toHaveURL(/\/notice\/list\/?\?page=2$/i);
    await expect(page.locator('h1')).toHaveText('공지사항');
    await expect(itemLinks(page).filter({ hasText: summary.title }).first()).toBeVisible();
  });

  test('the newest notice: no 다음글, and its 이전글 is the one before', async ({ page, request }) => {
    const { content } = await latestItems(request, 'notice', 2);
    const [newest, older] = content;
    await page.goto(`/nids/notice/view/${newest!.itemNo}`);
    await expect(page.locator('h1')).toContainText(newest!.title);
    const neighbours = page.getByRole('navigation', { name: '이전글과 다음글' });
    await expect(neighbours).toContainText('다음글이 없습니다.');
    await expect(neighbours.getByRole('link', { name: older!.title, exact: true })).toBeVisible();
    await page.locator('main').getByRole('link', { name: '목록', exact: true }).click();
    await expect(page).toHaveURL(/\/notice\/list\/?$/i);
    await expect(byTitle(page.locator('main'), newest!.title)).toBeVisible();
  });

  test('an attachment downloads with its Korean file name (RFC 5987)', async ({ page, request }) => {
    const item = await getItem(request, 'annualReport', 1);
    const file = item.files[0];
    expect(file, 'annual report 1 has a file').toBeTruthy();
    expect(file!.name).toMatch(/\.pdf$/i);

    await page.goto('/reference/annualReport/view/1');
    await expect(page.locator('h1')).toContainText(item.title);
    const files = page.getByRole('region', { name: /첨부파일/ });
    const link = files.getByRole('link', { name: new RegExp(escapeRegExp(file!.name)) });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    const disposition = response.headers()['content-disposition'] ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain("filename*=UTF-8''");
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(file!.name);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
