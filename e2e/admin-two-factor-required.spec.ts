import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { twoFactorMessages } from '@contract';
import { expect, REFUSED_REQUEST } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi, type TestMember } from './support/accounts';
import { field } from './support/dialogs';
import { testOnOwnSite } from './support/own-site';
import { checkScreen, SCREEN_WIDTHS } from './support/screen-check';

/**
 * Issue 12: 사이트 설정 → 관리자 2단계 인증. The system administrator, enrolled, switches it on in
 * the settings screen; another administrator without a second factor then gets only the 2단계 인증
 * screen of the console, with the reason, until they enrol. On a site of its own: the switch
 * applies to every administrator, the other specs' included.
 */
// Every request logged: a failure seen once on CI (the console left at /admin, 2026-12) comes with them.
const test = testOnOwnSite('two-factor-required', { LOG_LEVEL: 'info' });
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ ownSite }) => {
  test.setTimeout(180_000);
  api = await playwrightRequest.newContext({ baseURL: ownSite.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
});

const appCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Enrols the signed-in administrator on the 2단계 인증 screen; the key read from the page. */
async function enrolOnScreen(page: Page, password: string): Promise<string> {
  const start = page.getByRole('form', { name: '등록 시작' });
  await field(start, '현재 비밀번호').fill(password);
  await start.getByRole('button', { name: '등록 시작' }).click();
  const secret = (await page.locator('.two-factor-key code').innerText()).replace(/\s/g, '');
  const confirm = page.getByRole('form', { name: '인증 코드 확인' });
  await field(confirm, '앱에 표시된 6자리 인증 코드').fill(appCode(secret));
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('list', { name: '복구 코드 10개' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: '보관했습니다' }).click();
  await expect(page.getByRole('heading', { name: '사용 중' })).toBeVisible();
  return secret;
}

test('switched on in the settings, it closes the console to an administrator without a second factor until they enrol', async ({ page, pageErrors }, testInfo) => {
  test.setTimeout(60_000); // two enrolments and the setup-required screen checked at two widths
  pageErrors.allow(REFUSED_REQUEST); // the refused switch, and the console's calls before enrolment
  // An administrator by role, signed in before the switch.
  const manager: TestMember = await createMember(api);
  const { user } = await signInByApi(api, manager.userId, manager.password);
  const system = await signInByApi(api, ADMIN.userId, ADMIN.password);
  const promoted = await api.patch(`/api/admin/users/${user.id}/role`, { headers: { authorization: `Bearer ${system.accessToken}` }, data: { roleCode: 'ADMIN' } });
  expect(promoted.status()).toBe(200);

  // Without a second factor of their own, the system administrator cannot switch it on.
  await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/settings');
  const switchOn = page.getByRole('checkbox', { name: /모든 계정이 인증 앱 코드로 로그인/ });
  await switchOn.check();
  await page.getByRole('button', { name: '설정 저장' }).click();
  await expect(page.getByRole('alert').filter({ hasText: twoFactorMessages.enableOwnFirst })).toBeVisible();

  // Enrolled, they can.
  await page.goto('/admin/two-factor');
  await enrolOnScreen(page, ADMIN.password);
  await page.goto('/admin/settings');
  await page.getByRole('checkbox', { name: /모든 계정이 인증 앱 코드로 로그인/ }).check();
  await page.getByRole('button', { name: '설정 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '사이트 설정을 저장했습니다.' })).toBeVisible();

  // The other administrator: the console's dashboard sends them to 2단계 인증, with the reason.
  const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const managerPage = await other.newPage();
  try {
    await openSignedIn(managerPage, manager.userId, manager.password, '/admin');
    await expect(managerPage).toHaveURL((url) => url.pathname === '/admin/two-factor');
    await expect(managerPage.getByRole('alert').filter({ hasText: twoFactorMessages.setupRequired })).toBeVisible();
    // The console's "two-factor setup required" screen, held to what every screen is, at both widths.
    await expect(managerPage.getByRole('form', { name: '등록 시작' })).toBeVisible();
    for (const viewport of SCREEN_WIDTHS) {
      await managerPage.setViewportSize(viewport);
      await checkScreen(managerPage, testInfo, 'admin-two-factor-setup-required');
    }
    await enrolOnScreen(managerPage, manager.password);
    await managerPage.goto('/admin');
    await expect(managerPage.getByRole('heading', { name: '대시보드', level: 1 })).toBeVisible();
  } finally {
    await other.close();
  }
});
