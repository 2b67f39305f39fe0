import type { APIRequestContext, Page } from '@playwright/test';
import type { Menu, SiteInfo, SiteSettingPatch } from '@contract';
import { apiGet, expect, expectNoA11yViolations, test } from './fixtures';
import { ADMIN, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { field } from './support/dialogs';
import { nextMessage } from './support/inbox';

/**
 * Issue 9, the console's site settings, boards and inquiries, against the real server: a setting
 * changes the public screens at once, a new sign-up field shows in the live preview (as required
 * while ticked) and on /Account/Signup, a new board is in its area's menu, an inquiry is answered in place and the
 * answer reaches the inquirer's mailbox. Settings are shared by every spec on this server, so each
 * change is put back at once (in `finally`).
 */

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await signInByApi(request, ADMIN.userId, ADMIN.password)).accessToken;
}

async function patchSettings(request: APIRequestContext, patch: SiteSettingPatch): Promise<void> {
  const response = await request.patch('/api/site-setting', { data: patch, headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.status(), await response.text()).toBe(200);
}

async function signInWithForm(page: Page) {
  await page.goto('/Account/Signin');
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(ADMIN.userId);
  await field(form, '비밀번호').fill(ADMIN.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test('the admin changes the phone number and adds a sign-up field (previewed as required); the public screens follow at once', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const before = await apiGet<SiteInfo>(request, '/api/site-setting/info');
  const phone = `02-555-${String(Date.now() % 10000).padStart(4, '0')}`;
  const code = `license${uniqueSuffix().replace(/[^a-z0-9]/g, '')}`.slice(0, 40);
  try {
    await signInWithForm(page);
    await page.getByRole('link', { name: '관리자', exact: true }).click();
    await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '사이트 설정' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '사이트 설정' })).toBeVisible();
    const form = page.getByRole('form', { name: '사이트 설정' });
    await expect(form.getByLabel('대표전화')).toHaveValue(before.phone);

    // A site fact: the footer of every public screen shows it on the next request.
    await form.getByLabel('대표전화').fill(phone);
    await form.getByRole('button', { name: '설정 저장' }).click();
    await expect(form.getByRole('status')).toHaveText('사이트 설정을 저장했습니다.');
    await page.getByRole('link', { name: before.siteName }).first().click();
    await expect(page.locator('footer')).toContainText(`대표전화 ${phone}`);

    // A required extra field: the live preview shows it as it is typed, before saving.
    await page.goto('/admin/settings');
    const preview = page.getByRole('group', { name: '추가 정보 미리보기' });
    await expect(field(preview, '소속 기관')).toBeVisible();
    await form.getByRole('button', { name: '항목 추가' }).click();
    const nameInput = form.getByLabel('항목 이름').last();
    await expect(nameInput).toBeFocused();
    await nameInput.fill('면허 번호');
    await form.getByLabel('코드 (영문)').last().fill(code);
    await expect(field(preview, '면허 번호')).toBeVisible();
    await form.getByLabel('필수 항목').last().check();
    await expect(field(preview, '면허 번호')).toHaveAttribute('aria-required', 'true');
    // Reordering by keyboard: the new field moves up one place and the focus goes with it.
    const up = form.getByRole('button', { name: '위로: 면허 번호' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: '위로: 면허 번호' })).toBeFocused();
    await expect(preview.locator('input, select, textarea').last()).not.toHaveAttribute('id', /license/);
    await expectNoA11yViolations(page, 'site settings with a new profile field');
    // Saved as optional: the specs share one server, and a required field would refuse the
    // sign-ups other tests make meanwhile. The server's enforcement of a required field is
    // tested in server/modules/site-setting/site-setting-admin.api.test.ts.
    // The field moved up one place: its own group (legend "N. 면허 번호"), not the last one.
    await form.getByRole('group', { name: /\d+\. 면허 번호$/ }).getByLabel('필수 항목').uncheck();
    await expect(field(preview, '면허 번호')).not.toHaveAttribute('aria-required', 'true');
    await form.getByRole('button', { name: '설정 저장' }).click();
    await expect(form.getByRole('status')).toHaveText('사이트 설정을 저장했습니다.');

    // A visitor (not signed in) sees it on the sign-up form at once.
    const visitor = await browser.newContext();
    try {
      const signup = await visitor.newPage();
      await signup.goto('/Account/Signup');
      const signupForm = signup.getByRole('form', { name: '회원가입' });
      await expect(field(signupForm, '면허 번호')).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    await patchSettings(request, { phone: before.phone, userProfiles: before.userProfiles });
  }
  const after = await apiGet<SiteInfo>(request, '/api/site-setting/info');
  expect(after.userProfiles).toEqual(before.userProfiles);
});

test('the admin creates a board in the Member area and finds it in the menu', async ({ page }) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix().replace(/[^a-z0-9]/g, '');
  const boardCode = `e2e${suffix}`.slice(0, 40);
  const name = `시험 게시판 ${suffix.slice(-4)}`;
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/boards');
  await expect(page.getByRole('heading', { level: 1, name: '게시판 관리' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('공지사항');

  await page.getByRole('link', { name: '새 게시판 만들기' }).click();
  const form = page.getByRole('form', { name: '새 게시판' });
  await form.getByLabel('게시판 코드 (영문, 주소에 쓰임)').fill(boardCode);
  await form.getByLabel('게시판 이름').fill(name);
  await form.getByLabel('영역 (메뉴 위치)').selectOption('Member');
  await form.getByLabel('분류 (한 줄에 하나, 없으면 비워 둡니다)').fill('질문\n정보');
  // The permission matrix: guests may read the list too.
  const matrix = form.getByRole('table', { name: /동작별 권한/ });
  await matrix.getByRole('checkbox', { name: '목록 보기: 비회원' }).check();
  await matrix.getByRole('checkbox', { name: '글 읽기: 비회원' }).check();
  await form.getByRole('button', { name: '게시판 만들기' }).click();
  await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === `/admin/boards/${boardCode.toLowerCase()}`);
  await expect(page.getByRole('status').filter({ hasText: '게시판을 만들었습니다.' })).toBeVisible();

  // The menu's 커뮤니티 group lists it at once; its list opens.
  const nav = page.getByRole('navigation', { name: '주 메뉴' });
  await nav.getByRole('button', { name: '커뮤니티', exact: true }).click();
  await nav.getByRole('link', { name }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/Member/${boardCode}/List/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the admin answers a guest\'s inquiry in the queue and the answer reaches the inquirer', async ({ page, request }) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const email = `asker${suffix}@example.test`;
  const title = `등록 방법 문의 ${suffix.slice(-6)}`;
  const sent = await request.put('/api/board-item/contactus', {
    data: { title, content: '<p>환자 등록은 어떻게 하나요?</p>', name: '홍문의', email, phone: '010-2222-3333', agree: true, files: [] },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/inquiries');
  await expect(page.getByRole('heading', { level: 1, name: '문의 관리' })).toBeVisible();
  await page.getByRole('group', { name: '처리 상태로 거르기' }).getByRole('button', { name: /^접수/ }).click();
  await expect(page).toHaveURL(/status=RECEIVED/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('접수');

  await row.getByRole('button', { name: title }).click();
  const detail = page.getByRole('region', { name: title });
  await expect(detail.getByRole('heading', { name: title })).toBeFocused();
  await expect(detail).toContainText(email);
  await expect(detail).toContainText('환자 등록은 어떻게 하나요?');

  const answer = `등록기관을 통해 등록하실 수 있습니다. (${suffix.slice(-6)})`;
  await detail.getByLabel('답변 (문의하신 분께 이메일로 보내집니다)').fill(answer);
  await detail.getByRole('button', { name: '답변 등록' }).click();
  await expect(detail.getByRole('status')).toHaveText('답변을 등록했습니다. 문의하신 분께 이메일로 알려드립니다.');
  await expect(detail.getByLabel('처리 상태', { exact: true })).toHaveValue('DONE');

  const mail = await nextMessage(email);
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(title);

  // The queue shows it 완료 under 완료.
  await page.getByRole('group', { name: '처리 상태로 거르기' }).getByRole('button', { name: /^완료/ }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('완료');
});

/**
 * 768 px, between the phone and desktop layouts the screen sweeps check (e2e/screens-admin.spec.ts):
 * axe, and nothing but the tables' own scrolling regions wider than the screen, on every console
 * screen with a table or a form, and the access records' export dialog with its error.
 */
test('the console screens work at 768 px (dashboard, settings, boards, inquiries, access records)', async ({ page }) => {
  test.setTimeout(120_000); // seven screens and a dialog, axe on each
  await page.setViewportSize({ width: 768, height: 1024 });
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
  await expect(page.locator('.dashboard-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoA11yViolations(page, 'dashboard at 768 px');

  await page.goto('/admin/settings');
  await expect(page.getByRole('group', { name: '추가 정보 미리보기' })).toBeVisible();
  await expectNoA11yViolations(page, 'site settings at 768 px');
  for (const path of ['/admin/boards', '/admin/boards/community', '/admin/inquiries', '/admin/access-records']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Nothing wider than the screen but the tables' own scrolling regions.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, `${path} at 768 px`);
  }

  // The access records' export dialog, refused empty.
  await page.getByRole('button', { name: '엑셀 다운로드' }).click();
  const dialog = page.getByRole('dialog', { name: '접근기록 엑셀 다운로드' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '다운로드' }).click();
  await expect(dialog.getByText('사유를 입력해주세요.')).toBeVisible();
  await expectNoA11yViolations(page, 'access-records export dialog at 768 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** `PUT /api/admin/menu` as the administrator, over the menu's current revision. */
async function putMenu(request: APIRequestContext, items: Menu['items']): Promise<void> {
  const current = await apiGet<Menu>(request, '/api/menu');
  const response = await request.put('/api/admin/menu', {
    data: { revision: current.revision, items },
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('staff rename a menu entry in the console; the header shows it at 360 and 1280 px, in a page already open too', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  // The menu is shared by every spec on this server: this test works on a link of its own (added
  // here, under 환자등록시스템) and puts the menu back as it was.
  const original = (await apiGet<Menu>(request, '/api/menu')).items;
  const suffix = uniqueSuffix().slice(-6);
  const before = `시험 링크 ${suffix}`;
  const after = `이름 바꾼 링크 ${suffix}`;
  const withLink = original.map((group) =>
    group.id === 'system' ? { ...group, children: [...group.children, { id: `m-e2e${suffix}`, label: before, path: '/system/registSite', hidden: false, children: [] }] } : group,
  );
  await putMenu(request, withLink);
  const guest = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    // A visitor's page open before the change: it asks for the menu again while it stays open.
    const open = await guest.newPage();
    await open.goto('/');
    const openNav = open.getByRole('navigation', { name: '주 메뉴' });
    await expect(openNav.locator('a', { hasText: before })).toHaveCount(1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
    await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '메뉴', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '메뉴' })).toBeVisible();
    const form = page.getByRole('form', { name: '메뉴 편집' });
    // Labelled with where it is ("메뉴 이름 (환자등록시스템 > …)"), which follows what is typed.
    await expect(form.getByRole('textbox', { name: new RegExp(`^메뉴 이름 \\(환자등록시스템 > ${before}\\)`) })).toHaveValue(before);
    const name = form.locator(`#menu-m-e2e${suffix}-label`);
    await expectNoA11yViolations(page, 'the console\'s menu screen at 1280 px');
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoA11yViolations(page, 'the console\'s menu screen at 360 px');

    // An empty name is refused at the field, before anything is sent.
    await name.fill(' ');
    await form.getByRole('button', { name: '메뉴 저장' }).click();
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription(/메뉴 이름을 입력해주세요/);

    await name.fill(after);
    await form.getByRole('button', { name: '메뉴 저장' }).click();
    await expect(form.getByRole('status')).toHaveText('메뉴를 저장했습니다.');

    // The page left open shows it within seconds, without a reload.
    await expect(openNav.locator('a', { hasText: after })).toHaveCount(1, { timeout: 20_000 });
    await openNav.getByRole('button', { name: '환자등록시스템', exact: true }).click();
    const link = openNav.getByRole('link', { name: after, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(open).toHaveURL(/\/system\/registSite$/);

    // A phone (360 px): the menu button, the group, the renamed link.
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    try {
      await phone.goto('/');
      const nav = phone.getByRole('navigation', { name: '주 메뉴' });
      await nav.getByRole('button', { name: '전체 메뉴' }).click();
      await nav.getByRole('button', { name: '환자등록시스템', exact: true }).click();
      await expect(nav.getByRole('link', { name: after, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: before, exact: true })).toHaveCount(0);
    } finally {
      await phone.close();
    }
  } finally {
    await guest.close();
    await putMenu(request, original);
  }
});
