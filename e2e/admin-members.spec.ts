import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, createMember, signInByApi } from './support/accounts';
import { field } from './support/dialogs';

/**
 * Issue 9, members in the console: the admin signs in, finds a new member in 회원, opens the
 * detail with the e-mail masked, reveals it (plain after) and finds that reveal in 접근기록;
 * changes the member's role; axe finds nothing on the list, the detail and 권한. The server is the
 * real one and the member is this test's own.
 */

async function signInAsAdmin(page: Page) {
  await page.goto('/account/signin');
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(ADMIN.userId);
  await field(form, '비밀번호').fill(ADMIN.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** The e-mail as the console masks it: the first three characters of the local part, then stars. */
const maskedEmail = (email: string) => {
  const [local, domain] = email.split('@') as [string, string];
  return `${local.slice(0, 3)}${'*'.repeat(local.length - 3)}@${domain}`;
};

test('the admin finds a member, reveals the e-mail, finds the reveal in the access records and changes the role', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await createMember(request);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: '관리자', exact: true }).click();
  await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '회원' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '회원' })).toBeVisible();
  await expect(page.getByRole('region', { name: '회원 목록 표' })).toBeVisible();
  await expectNoA11yViolations(page, 'the member list');

  // Search by ID: the URL carries the filter, the row shows the name and the masked e-mail only.
  await page.getByRole('main').getByLabel('검색어', { exact: true }).fill(member.userId);
  await page.getByRole('main').getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${member.userId}`));
  await expect(page.getByRole('status').filter({ hasText: '검색 결과 1명' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: member.userId });
  await expect(row).toContainText(member.name);
  await expect(row).toContainText(maskedEmail(member.email));
  await expect(page.getByRole('region', { name: '회원 목록 표' })).not.toContainText(member.email);
  // At 768 px the page keeps its width; the table scrolls inside its own region.
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await expectNoA11yViolations(page, 'the member list at 768 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The detail: masked before the reveal.
  await row.getByRole('link', { name: member.userId }).click();
  await expect(page.getByRole('heading', { level: 1, name: `회원 상세: ${member.name}` })).toBeVisible();
  const memberId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(memberId).toBeGreaterThan(0);
  const email = page.getByTestId('member-email');
  await expect(email).toHaveText(maskedEmail(member.email));
  await expectNoA11yViolations(page, 'the member detail');

  // 개인정보 보기: a dialog asks for an optional reason; after it the e-mail is plain.
  const revealButton = page.getByRole('button', { name: '개인정보 보기' });
  await revealButton.click();
  const dialog = page.getByRole('dialog', { name: '개인정보 보기' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^조회 사유/)).toBeFocused();
  await expectNoA11yViolations(page, 'the reveal dialog');
  const reason = `회원 문의 응대 ${member.userId}`;
  await dialog.getByLabel(/^조회 사유/).fill(reason);
  await dialog.getByRole('button', { name: '표시' }).click();
  await expect(dialog).toBeHidden();
  await expect(email).toHaveText(member.email);
  await expect(page.getByRole('status').filter({ hasText: '개인정보를 표시했습니다.' })).toBeVisible();

  // At 768 px the detail fits the width (the console's side menu moves above it).
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await expectNoA11yViolations(page, 'the member detail at 768 px');

  // Change the role: MEMBER to ADMIN and back, with the Korean confirmation.
  const roleSelect = page.getByLabel('권한', { exact: true });
  await roleSelect.selectOption('ADMIN');
  await page.getByRole('button', { name: '권한 변경' }).click();
  await expect(page.getByRole('status').filter({ hasText: '권한을 변경했습니다.' })).toBeVisible();
  await expect(page.locator('dl')).toContainText('관리자 (ADMIN)');
  // The change holds at the member's next request: their own sign-in now carries ADMIN_Access.
  const signedIn = await signInByApi(request, member.userId, member.password);
  expect(signedIn.user.role.permissions).toContain('ADMIN_Access');
  await roleSelect.selectOption('MEMBER');
  await page.getByRole('button', { name: '권한 변경' }).click();
  await expect(page.locator('dl')).toContainText('일반회원 (MEMBER)');

  // 접근기록: the reveal is there, with this member, this admin, the reason and the address.
  await page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link', { name: '접근기록' }).click();
  await expect(page).toHaveURL(/\/admin\/access-records/);
  const records = page.getByRole('table');
  for (const column of ['일시', '관리자', '작업', '대상', '사유', '접속 주소']) {
    await expect(records.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const revealRow = records.getByRole('row').filter({ hasText: `회원 #${memberId}` }).filter({ hasText: '회원 개인정보 표시' });
  await expect(revealRow).toHaveCount(1);
  await expect(revealRow).toContainText(reason);
  await expect(revealRow).toContainText(ADMIN.userId);
});

test('the roles screen lists the roles with their permissions and passes axe', async ({ page, pageErrors }) => {
  pageErrors.allow(REFUSED_REQUEST); // the guest role's ADMIN_Access is refused with 400
  await signInAsAdmin(page);
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: '권한' })).toBeVisible();
  const table = page.getByRole('region', { name: '권한 목록 표' });
  const adminRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'ADMIN', exact: true }) });
  await expect(adminRow.getByRole('checkbox', { name: /관리자 화면 이용/ })).toBeChecked();
  const guestRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /GUEST/ }) });
  await expect(guestRow.getByRole('checkbox', { name: /관리자 화면 이용/ })).not.toBeChecked();
  await expectNoA11yViolations(page, 'the roles screen');

  // The guest role never gets ADMIN_Access: the server's Korean refusal is shown.
  await guestRow.getByRole('checkbox', { name: /관리자 화면 이용/ }).check();
  await guestRow.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '비회원 권한에는 관리자 권한(ADMIN_Access)을 줄 수 없습니다.' })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(page.getByRole('heading', { level: 1, name: '권한' })).toBeVisible();
  await expectNoA11yViolations(page, 'the roles screen at 768 px');
});
