import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { a11yViolations } from './fixtures';
import { ADMIN, openSignedIn, uniqueSuffix } from './support/accounts';

/**
 * Issue 22, the console's content screens against the real server: staff add a year to the history
 * and publish it, and a guest sees it on /nids/history; the versions screen shows the change as
 * marked text and previews it; a privacy-policy version is scheduled, the versions list shows it
 * scheduled, and the public privacy page announces it with a link to the coming text and lists it
 * in its revision history. axe checks the list, the editors and the versions at
 * 360 and 1280 px. One test, one signed-in page (the browser tier's budget is tight).
 */

async function expectNoViolationsAtBothWidths(page: Page, what: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await a11yViolations(page), `axe on ${what} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A moment some months ahead as a datetime-local value in Korea time, and as the console shows it. */
function koreaLocalInDays(days: number): { local: string; shown: string } {
  const kst = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 11) + '10:00';
  return { local: kst, shown: `${kst.slice(0, 10).replace(/-/g, '.')} 10:00` };
}

test('staff publish a year of the history (a guest reads it), compare and preview versions, and schedule a privacy-policy version', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const text = `e2e 연혁 ${uniqueSuffix()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');

  // The list, from the console's menu.
  await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '콘텐츠' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '콘텐츠 관리' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(9);
  await expectNoViolationsAtBothWidths(page, 'the content list');

  // The history's editor: a new row for 2027, published now.
  await table.getByRole('link', { name: '연혁 수정' }).click();
  const form = page.getByRole('form', { name: '콘텐츠 수정' });
  await expect(form.getByRole('button', { name: '행 추가' })).toBeVisible();
  await form.getByRole('button', { name: '행 추가' }).click();
  await expect(form.getByLabel('1번째 행의 연도')).toBeFocused();
  await page.keyboard.type('2027');
  await form.getByLabel('2027년 행의 월').fill('1');
  await form.getByLabel('2027년 1월 행의 내용').fill(text);
  await form.getByRole('button', { name: '날짜순 정렬' }).click();
  await form.getByLabel('변경 메모').fill('2027년 연혁 추가');
  await expectNoViolationsAtBothWidths(page, 'the history editor');
  await form.getByRole('button', { name: '게시', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: '게시했습니다' })).toHaveText(/^버전 \d+(을|를) 게시했습니다\.$/);

  // A guest (another browser context, no session) sees it on the public screen at once.
  const guest = await browser.newContext();
  try {
    const guestPage = await guest.newPage();
    await guestPage.goto('/nids/history');
    await expect(guestPage.getByRole('heading', { name: '2027년' })).toBeVisible();
    await expect(guestPage.getByText(text)).toBeVisible();
  } finally {
    await guest.close();
  }

  // The versions: the new one against the one before shows the row as added, and its preview shows it.
  await page.getByRole('link', { name: '버전 기록과 미리보기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '버전 기록: 연혁' })).toBeVisible();
  const added = page.locator('ins', { hasText: text });
  await expect(added).toBeVisible();
  await expect(added).toContainText('[추가:');
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText('게시중');
  await expect(newest).toContainText('2027년 연혁 추가');
  await newest.getByRole('button', { name: /^미리보기/ }).click();
  const preview = page.getByRole('region', { name: /^미리보기: 버전 \d+/ });
  await expect(preview).toContainText('게시중');
  await expect(preview.getByRole('heading', { name: '2027년' })).toBeVisible();
  await expect(preview).toContainText(text);
  await expectNoViolationsAtBothWidths(page, 'the history versions with a comparison and a preview');

  // The privacy policy: a version scheduled some months ahead (it never takes effect during the run).
  const when = koreaLocalInDays(200);
  await page.goto('/admin/content/privacy');
  const privacy = page.getByRole('form', { name: '콘텐츠 수정' });
  await expect(privacy.getByRole('textbox', { name: '본문' })).toBeVisible();
  await privacy.getByLabel('변경 메모').fill(`개정 예약 ${text}`);
  await privacy.getByRole('radio', { name: '예약 게시' }).check();
  await privacy.getByLabel('게시 일시 (한국 시간)').fill(when.local);
  await expect(await a11yViolations(page), 'axe on the privacy editor (rich text) at 1280 px').toEqual([]);
  await privacy.getByRole('button', { name: '예약 게시' }).click();
  await expect(privacy.getByRole('status').filter({ hasText: '예약했습니다' })).toContainText(`${when.shown}에 게시되도록 예약했습니다.`);

  await page.getByRole('link', { name: '버전 기록과 미리보기' }).click();
  const scheduled = page.getByRole('table').getByRole('row').filter({ hasText: `개정 예약 ${text}` });
  await expect(scheduled).toContainText('예약');
  await expect(scheduled).toContainText(`${when.shown} ~`);
  await page.getByRole('link', { name: '콘텐츠 목록' }).click();
  await expect(page.getByRole('row', { name: /개인정보처리방침/ })).toContainText(`${when.shown} 게시 예정`);

  // The public privacy page announces it (PIPA: before it applies) and lists it in its history.
  // when.local is Korea time: its date as the page says it, without zero padding.
  const koreanDay = `${when.local.slice(0, 4)}년 ${Number(when.local.slice(5, 7))}월 ${Number(when.local.slice(8, 10))}일`;
  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto('/TOS/Content/PrivacyContent');
    await expect(readerPage.getByText(`${koreanDay}부터 개정된 방침이 적용됩니다`)).toBeVisible();
    const history = readerPage.getByRole('region', { name: '개인정보처리방침 개정 이력' });
    await expect(history.getByRole('link')).not.toHaveCount(0);
    await readerPage.getByRole('link', { name: '개정된 개인정보처리방침 미리 보기' }).click();
    await expect(readerPage).toHaveURL(/\/TOS\/Content\/PrivacyContent\?version=\d+$/);
    await expect(readerPage.getByText(`이 문서는 ${koreanDay}부터 적용될 개정된 개인정보처리방침입니다.`)).toBeVisible();
  } finally {
    await reader.close();
  }
});
