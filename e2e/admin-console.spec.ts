import type { Page } from '@playwright/test';
import { accessActionLabels, adminMessages, boardAreas, paths, type AdminDashboard } from '@contract';
import { ADMIN, createMember, openSignedIn, uniqueSuffix } from './support/accounts';
import { editorArea } from './support/board';
import { field } from './support/dialogs';
import { apiGet, byTitle, expect, expectNoA11yViolations, latestItems, test } from './fixtures';

/**
 * The console's frame and the screens of its dashboard and access records (issue 9), the way in
 * for guests and members, and the home-page loose end: a notice written without touching
 * "첫 화면에 노출" is on the home page. Axe on the dashboard, the access records and its export
 * dialog: at 360 and 1280 px in e2e/screens-admin.spec.ts, at 768 px in e2e/admin-site.spec.ts.
 */
const header = (page: Page) => page.locator('.site-header__utility');
const consoleNav = (page: Page) => page.getByRole('navigation', { name: '관리자 메뉴' });

/** Waits until a screen has its content (not a loading state) before axe looks at it. */
async function settled(page: Page, content: string) {
  await expect(page.locator(content).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('a member who opens /admin reads a Korean refusal, not a broken page', async ({ page }) => {
  const member = await createMember(page.request);
  await openSignedIn(page, member.userId, member.password, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('관리자 화면');
  await expect(page.locator('[role="alert"]', { hasText: adminMessages.adminOnly })).toBeVisible();
  await expect(page.getByRole('link', { name: '첫 화면으로' })).toBeVisible();
  await expect(consoleNav(page)).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: '관리자', exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page, 'the console refusal');
});

test('a guest who opens /admin/members signs in as the administrator and comes back there', async ({ page }) => {
  await page.goto('/admin/members?page=1');
  await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === paths.signin.toLowerCase());
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(ADMIN.userId);
  await field(form, '비밀번호').fill(ADMIN.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/members' && url.search === '?page=1');
  await expect(consoleNav(page).getByRole('link', { name: '회원' })).toHaveAttribute('aria-current', 'page');
});

test('the administrator finds 관리자 in the header, the dashboard figures, and moves through the console by keyboard', async ({ page }) => {
  const session = await openSignedIn(page, ADMIN.userId, ADMIN.password, '/');
  await header(page).getByRole('link', { name: '관리자', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('대시보드');

  // Other tests sign members up meanwhile: the figure is checked against the API's, read just after.
  const figure = (card: string, label: string) =>
    page.getByRole('region', { name: card, exact: true }).locator('.dashboard-figure', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('회원', '활동 회원')).toHaveText(/^[\d,]+명$/);
  const shown = Number((await figure('회원', '활동 회원').innerText()).replace(/[^\d]/g, ''));
  const response = await page.request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${session.accessToken}` } });
  const { data: figures } = (await response.json()) as { data: AdminDashboard };
  expect(shown).toBeGreaterThan(0);
  expect(Math.abs(figures.members.active - shown)).toBeLessThanOrEqual(5);
  await expect(figure('게시글과 댓글', '전체 게시글')).toHaveText(/^[\d,]+건$/);
  await expect(figure('문의', '답변 대기')).toHaveText(/^[\d,]+건$/);
  await expect(figure('로그인 (최근 24시간)', '로그인 실패')).toHaveText(/^[\d,]+회$/);
  await expect(page.getByRole('region', { name: '문의', exact: true }).getByRole('link', { name: '문의 관리로 이동' })).toHaveAttribute('href', '/admin/inquiries');

  // The console's navigation by keyboard: Tab from 대시보드 to 접근기록, a visible focus, Enter.
  const nav = consoleNav(page);
  await nav.getByRole('link', { name: '대시보드' }).focus();
  // 회원, 권한, 게시판, 메뉴, 문의, 주소록, 사이트 설정, 콘텐츠, 팝업, 인기 검색어, 접근기록 (issue 22 added three, issue 23 one).
  for (let i = 0; i < 11; i++) await page.keyboard.press('Tab');
  const accessLink = nav.getByRole('link', { name: '접근기록' });
  await expect(accessLink).toBeFocused();
  const outline = await accessLink.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/admin/access-records');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('접근기록');
  await expect(accessLink).toHaveAttribute('aria-current', 'page');
});

test('access records: filter by action through the URL, export with a reason, and find the export recorded', async ({ page }) => {
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/access-records');
  await settled(page, '.access-records__table tbody tr');

  // The reason is required: the dialog says so and keeps the focus.
  await page.getByRole('button', { name: '엑셀 다운로드' }).click();
  const dialog = page.getByRole('dialog', { name: '접근기록 엑셀 다운로드' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '다운로드' }).click();
  await expect(dialog.getByText('사유를 입력해주세요.')).toBeVisible();
  const reason = `정기 점검 ${uniqueSuffix()}`;
  await field(dialog, '다운로드 사유').fill(reason);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '다운로드' }).click();
  expect((await download).suggestedFilename()).toMatch(/^접근기록_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '엑셀 다운로드' })).toBeFocused();

  // The export is itself a record, with its reason, found by the action filter.
  await page.getByLabel('작업', { exact: true }).selectOption({ label: accessActionLabels.ACCESS_RECORD_EXPORT });
  await page.getByRole('button', { name: '조회' }).click();
  await expect(page).toHaveURL(/[?&]action=ACCESS_RECORD_EXPORT(&|$)/);
  const row = page.locator('.access-records__table tbody tr', { hasText: reason });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText(ADMIN.userId);
  await expect(row.locator('td').nth(2)).toHaveText(accessActionLabels.ACCESS_RECORD_EXPORT);
  await expect(row.locator('td').nth(3)).toHaveText('전체');

  // A filter that matches nothing says so.
  await page.goto('/admin/access-records?actor=no-such-account');
  await expect(page.getByText('조건에 맞는 접근기록이 없습니다.')).toBeVisible();
  await expect(page.getByLabel('관리자 계정')).toHaveValue('no-such-account');
});

test('a notice written without touching 첫 화면에 노출 is on the home page', async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, ADMIN.userId, ADMIN.password, paths.boardWrite(boardAreas.notice ?? 'Nids', 'notice'));
  await expect(editorArea(page)).toBeVisible();
  await expect(page.getByLabel('첫 화면에 노출')).toBeChecked();
  const title = `첫 화면 공지 ${uniqueSuffix()}`;
  await field(page, '제목').fill(title);
  await editorArea(page).click();
  await page.keyboard.type('새 공지 본문입니다.');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/View\/\d+$/i);

  // The home query finds it among the newest five (other tests may write notices meanwhile), and the home page shows it.
  const itemNo = Number(/\/View\/(\d+)$/i.exec(page.url())![1]);
  expect((await apiGet<{ showItemToMain: boolean }>(page.request, `/api/board-item/notice/${itemNo}`)).showItemToMain).toBe(true);
  const home = await latestItems(page.request, 'notice');
  expect(home.content.map((item) => item.title)).toContain(title);
  await page.goto('/');
  await expect(byTitle(page.locator('main'), title)).toBeVisible();
});
