import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { ADMIN, openSignedIn, uniqueSuffix } from './support/accounts';

/**
 * Issue 9, the address book in the console: an admin adds, finds, edits, imports (preview, then
 * the row-by-row report), exports and deletes records; axe finds nothing on the screen and its
 * dialogs. The server is the real one; every record here carries this test's own suffix.
 */

const ALUMNI = '/admin/alumni';

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('주소록');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sheetRows(download: Download): Promise<string[][]> {
  const bytes = fs.readFileSync(await download.path());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const table = (page: Page) => page.getByRole('region', { name: '주소록 목록' });

async function searchFor(page: Page, keyword: string) {
  await page.getByRole('main').getByRole('searchbox', { name: '검색어', exact: true }).fill(keyword);
  await page.getByRole('main').getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await expect(page.getByRole('heading', { name: new RegExp(`‘${keyword}’ 검색 결과`) })).toBeVisible();
}

test('an admin adds, finds, edits, imports, exports and deletes address-book records', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const org = `시험병원${suffix}`;
  await openSignedIn(page, ADMIN.userId, ADMIN.password, ALUMNI);
  await expect(page.getByRole('heading', { level: 1, name: '주소록' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('전체 목록');
  await expectNoA11yViolations(page, 'the address book');

  // Add: labelled fields, Korean errors at the fields, the first wrong one focused.
  const addButton = page.getByRole('button', { name: '주소록 등록' });
  await addButton.click();
  const form = page.getByRole('dialog', { name: '주소록 등록' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel(/^이름/)).toBeFocused();
  await expectNoA11yViolations(page, 'the add dialog');
  await form.getByLabel(/^연락처/).fill('010 1234');
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form.getByText('이름을 입력해주세요.')).toBeVisible();
  await expect(form.getByText('연락처를 형식에 맞게 입력해주세요.')).toBeVisible();
  await expect(form.getByLabel(/^이름/)).toBeFocused();
  await expect(form.getByLabel(/^이름/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'the add dialog with errors');
  await form.getByLabel(/^이름/).fill('홍길동');
  await form.getByLabel(/^소속/).fill(org);
  await form.getByLabel(/^직위/).fill('연구원');
  await form.getByLabel(/^이메일/).fill(`hong${suffix}@example.test`);
  await form.getByLabel(/^연락처/).fill('010-1234-5678');
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '주소록에 등록했습니다.' })).toBeVisible();
  await expect(addButton).toBeFocused();

  // Search by a two-syllable word of the organisation and the test's suffix.
  await searchFor(page, org);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(table(page).getByRole('rowheader', { name: '홍길동' })).toBeVisible();

  // Edit.
  await page.getByRole('button', { name: '홍길동 수정' }).click();
  const edit = page.getByRole('dialog', { name: '주소록 수정' });
  await expect(edit.getByLabel(/^직위/)).toHaveValue('연구원');
  await edit.getByLabel(/^직위/).fill('책임연구원');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(edit).toBeHidden();
  await expect(table(page).getByRole('cell', { name: '책임연구원' })).toBeVisible();
  await expect(page.getByRole('button', { name: '홍길동 수정' })).toBeFocused();

  // Import: two good rows and one bad row. The preview first, then the report.
  const importButton = page.getByRole('button', { name: '엑셀 가져오기' });
  await importButton.click();
  const importer = page.getByRole('dialog', { name: '주소록 엑셀 가져오기' });
  await expect(importer).toBeVisible();
  await expectNoA11yViolations(page, 'the import dialog');
  await importer.getByLabel(/^엑셀 파일/).setInputFiles({
    name: '학회 명단.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      ['이름', '소속', '이메일', '연락처', '비고란'],
      ['김가져', org, `kim${suffix}@example.test`, '02-123-4567', '무시'],
      ['이가져', org, `lee${suffix}@example.test`, '', ''],
      ['박오류', org, 'not-an-email', '', ''],
    ]),
  });
  await importer.getByRole('button', { name: '올리고 미리보기' }).click();
  const preview = importer.getByRole('region', { name: /미리보기: 전체 3행 중 처음 3행/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('columnheader')).toHaveText(['행', '이름', '소속', '이메일', '연락처']);
  await expect(preview.getByRole('row', { name: /김가져/ })).toBeVisible();
  await expect(importer.getByText('가져오지 않는 열: 비고란')).toBeVisible();
  await expect(importer.getByRole('radio', { name: /모두 올바를 때만 반영/ })).toBeChecked();
  await expectNoA11yViolations(page, 'the import preview');
  // The reason is required.
  await importer.getByRole('button', { name: '가져오기', exact: true }).click();
  await expect(importer.getByText('사유를 입력해주세요.')).toBeVisible();
  await importer.getByLabel(/^가져오기 사유/).fill('학회 참석자 명단 반영');
  await importer.getByRole('button', { name: '가져오기', exact: true }).click();
  // All or nothing: one bad row, nothing changed, every bad row listed.
  await expect(importer.getByRole('status')).toContainText('아무것도 반영하지 않았습니다');
  const rejected = importer.getByRole('region', { name: /오류 행 1개/ });
  await expect(rejected.getByRole('row', { name: /4행: 이메일을 형식에 맞게 입력해주세요\./ })).toBeVisible();
  await expectNoA11yViolations(page, 'the import report');
  // Then only the good rows.
  await importer.getByRole('button', { name: '올바른 행만 반영' }).click();
  await expect(importer.getByRole('status')).toContainText('가져오기를 마쳤습니다');
  await expect(importer.getByRole('status').getByRole('definition')).toHaveText(['2건', '0건', '0건', '1건']);
  await expect(rejected.getByRole('row', { name: /4행/ })).toBeVisible();
  await importer.getByRole('button', { name: '닫기' }).click();
  await expect(importer).toBeHidden();
  await expect(importButton).toBeFocused();
  await expect(table(page).getByRole('row')).toHaveCount(4);
  await expect(table(page).getByRole('rowheader', { name: '김가져' })).toBeVisible();

  // Export with a reason, and read the workbook back.
  const exportButton = page.getByRole('button', { name: '엑셀 다운로드' });
  await exportButton.click();
  const exporter = page.getByRole('dialog', { name: '주소록 엑셀 다운로드' });
  await expectNoA11yViolations(page, 'the export dialog');
  await exporter.getByRole('button', { name: '다운로드' }).click();
  await expect(exporter.getByText('사유를 입력해주세요.')).toBeVisible();
  await expect(exporter.getByLabel(/^다운로드 사유/)).toBeFocused();
  await exporter.getByLabel(/^다운로드 사유/).fill('학회 안내 발송');
  const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: '다운로드' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^주소록_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await sheetRows(download);
  expect(rows[0]).toEqual(['이름', '소속', '부서', '직위', '이메일', '연락처', '메모', '등록일', '수정일']);
  expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(['김가져', '이가져', '홍길동'].sort());
  expect(rows.find((r) => r[0] === '홍길동')!.slice(0, 6)).toEqual(['홍길동', org, '', '책임연구원', `hong${suffix}@example.test`, '010-1234-5678']);
  await expect(exporter).toBeHidden();
  await expect(exportButton).toBeFocused();

  // Delete, after a confirmation that names the person; the focus goes to the list.
  await page.getByRole('button', { name: '이가져 삭제' }).click();
  const confirm = page.getByRole('dialog', { name: '주소록 삭제' });
  await expect(confirm).toContainText('이가져');
  await expect(confirm.getByRole('button', { name: '취소' })).toBeFocused();
  await expectNoA11yViolations(page, 'the delete dialog');
  await confirm.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '주소록에서 삭제했습니다.' })).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2, name: /검색 결과/ })).toBeFocused();
});

test('at 768 px the table scrolls in its own region, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await openSignedIn(page, ADMIN.userId, ADMIN.password, ALUMNI);
  await page.getByRole('button', { name: '주소록 등록' }).click();
  const form = page.getByRole('dialog', { name: '주소록 등록' });
  await form.getByLabel(/^이름/).fill('넓은표');
  await form.getByLabel(/^소속/).fill(`아주 긴 소속 이름을 가진 기관 ${uniqueSuffix()}`);
  await form.getByLabel(/^이메일/).fill(`wide${uniqueSuffix()}@a-rather-long-domain-name.example.test`);
  await form.getByRole('button', { name: '저장' }).click();
  await expect(form).toBeHidden();
  await expect(table(page)).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const region = await table(page).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(region.scroll).toBeGreaterThan(region.client);
  await expectNoA11yViolations(page, 'the address book at 768 px');
});
