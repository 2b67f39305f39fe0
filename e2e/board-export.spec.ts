import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { BoardItemPage } from '@contract';
import { apiGet, expect, expectNoA11yViolations, test } from './fixtures';
import { ADMIN, createMember, openSignedIn } from './support/accounts';

/**
 * Issue 4, Excel export in the browser: an administrator downloads the list on screen as .xlsx
 * after giving a reason in an accessible dialog; members and guests never see the button.
 */

const noticeList = '/nids/notice/list';
const REASON_REQUIRED = '내려받는 사유를 입력해주세요.';

const exportButton = (page: Page) => page.getByRole('button', { name: '엑셀 다운로드' });
const exportDialog = (page: Page) => page.getByRole('dialog', { name: /엑셀 다운로드/ });

/** The first sheet of a downloaded workbook, as rows of cell texts (header first). */
async function sheetRows(download: Download): Promise<string[][]> {
  const bytes = fs.readFileSync(await download.path());
  // An .xlsx is a zip archive: "PK\x03\x04".
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

test('an administrator downloads the list as .xlsx after giving a reason', async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, ADMIN.userId, ADMIN.password, noticeList);
  await expect(page.locator('h1')).toHaveText('공지사항');
  const button = exportButton(page);
  await expect(button).toBeVisible();

  // The dialog: named, the reason field takes the focus, Escape closes it and the focus comes back.
  await button.click();
  const dialog = exportDialog(page);
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel(/^다운로드 사유/);
  await expect(reason).toBeFocused();
  await expectNoA11yViolations(page, 'the export dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // 취소 closes it too.
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // No reason: the message at the field, nothing sent.
  await button.click();
  let exportRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/board-item/download-data/')) exportRequests += 1;
  });
  await dialog.getByRole('button', { name: '다운로드' }).click();
  await expect(dialog.getByText(REASON_REQUIRED)).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await expectNoA11yViolations(page, 'the export dialog with its field message');
  expect(exportRequests).toBe(0);

  // With a reason: the .xlsx of the list, with the bearer token and the reason.
  await reason.fill('분기 공지 현황 점검');
  await expect(dialog.getByText(REASON_REQUIRED)).toBeHidden();
  const requestSeen = page.waitForRequest((request) => request.url().includes('/api/board-item/download-data/notice'));
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '다운로드' }).click();
  const request = await requestSeen;
  expect(await request.headerValue('authorization')).toMatch(/^Bearer \S+/);
  const query = new URL(request.url()).searchParams;
  expect(query.get('reason')).toBe('분기 공지 현황 점검');
  expect(query.get('sort')).toBe('createdDate,DESC');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^공지사항.*\.xlsx$/);
  const rows = await sheetRows(download);
  expect(rows[0]!.slice(0, 4)).toEqual(['번호', '분류', '제목', '작성자']);
  expect(rows[0]).toContain('작성일');
  const all = await apiGet<BoardItemPage>(page.request, '/api/board-item?boardCode=notice&page=1&size=1&sort=createdDate,DESC');
  expect(rows.length - 1).toBe(all.totalElements);
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('the export follows the search on screen', async ({ page }) => {
  test.setTimeout(60_000);
  const first = await apiGet<BoardItemPage>(page.request, '/api/board-item?boardCode=notice&page=1&size=1&sort=createdDate,DESC');
  const keyword = first.content[0]!.title.split(/\s+/).find((word) => /^[\uac00-\ud7a3]{2,}$/.test(word))!;
  expect(keyword, `a Korean word in "${first.content[0]!.title}"`).toBeTruthy();
  const search = new URLSearchParams({ boardCode: 'notice', page: '1', size: '1', sort: 'createdDate,DESC', searchType: 'title', keyword });
  const found = await apiGet<BoardItemPage>(page.request, `/api/board-item?${search}`);

  await openSignedIn(page, ADMIN.userId, ADMIN.password, `${noticeList}?${new URLSearchParams({ searchType: 'title', keyword })}`);
  await expect(page.locator('.board-summary')).toContainText('검색 결과');
  await exportButton(page).click();
  const dialog = exportDialog(page);
  await dialog.getByLabel(/^다운로드 사유/).fill('검색 결과 확인');
  const requestSeen = page.waitForRequest((request) => request.url().includes('/api/board-item/download-data/notice'));
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '다운로드' }).click();
  const query = new URL((await requestSeen).url()).searchParams;
  expect(query.get('searchType')).toBe('title');
  expect(query.get('keyword')).toBe(keyword);
  const rows = await sheetRows(await downloading);
  expect(rows.length - 1).toBe(found.totalElements);
  for (const row of rows.slice(1)) expect(row[2]).toContain(keyword);
});

test('members and guests do not see 엑셀 다운로드', async ({ page }) => {
  await page.goto(noticeList);
  await expect(page.locator('h1')).toHaveText('공지사항');
  await expect(page.getByRole('navigation', { name: '페이지 이동' })).toBeVisible();
  await expect(exportButton(page)).toHaveCount(0);

  const member = await createMember(page.request);
  await openSignedIn(page, member.userId, member.password, noticeList);
  await expect(page.locator('h1')).toHaveText('공지사항');
  await expect(page.getByRole('navigation', { name: '페이지 이동' })).toBeVisible();
  await expect(exportButton(page)).toHaveCount(0);
});
