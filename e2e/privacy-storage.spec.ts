import type { Browser, Page } from '@playwright/test';
import { paths } from '@contract';
import { expect, test } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi } from './support/accounts';
import { editorArea } from './support/board';
import { field } from './support/dialogs';

/**
 * PIPA (개인정보 보호법 제30조 and its decree: 자동 수집 장치의 설치·운영 및 거부): the privacy policy
 * names every cookie and every storage item the site keeps in a browser. Real sessions (a member
 * signed in through the form who chose a text size and left a draft, an administrator in the
 * console, a guest) leave their items, and each must be named in the policy's tables.
 */

/** Set by the test helpers, not by the site (support/accounts.ts openSignedIn). */
const TEST_ONLY = new Set(['e2e-session-set']);

async function keptInBrowser(page: Page): Promise<string[]> {
  const stored = await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)]);
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  return [...stored, ...cookies].filter((name) => !TEST_ONLY.has(name));
}

/** A name in the policy ending in `*` stands for the family of names it begins. */
function namedBy(name: string, named: readonly string[]): boolean {
  return named.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name));
}

async function memberItems(page: Page): Promise<string[]> {
  const member = await createMember(page.request);
  await page.goto(paths.signin);
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(member.userId);
  await field(form, '비밀번호').fill(member.password);
  await form.getByText('아이디 저장').click();
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
  await page.getByRole('group', { name: '글자 크기' }).getByRole('button', { name: '크게', exact: true }).click();
  await page.goto(paths.boardWrite('Member', 'community'));
  await field(page, '제목').fill('처리방침 확인용 임시 저장');
  await editorArea(page).click();
  await page.keyboard.type('임시 저장되는 내용');
  await expect.poll(async () => (await keptInBrowser(page)).some((name) => name.startsWith('boardDraft:'))).toBe(true);
  return keptInBrowser(page);
}

async function adminItems(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => (await keptInBrowser(page)).includes('adminActivity')).toBe(true);
    return await keptInBrowser(page);
  } finally {
    await context.close();
  }
}

/** A guest on the home page, who also hides a pop-up notice for the day (issue 22: nids.popupHidden). */
async function guestItems(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const admin = await signInByApi(context.request, ADMIN.userId, ADMIN.password);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const made = await context.request.put('/api/admin/popup', {
    headers,
    data: { title: '처리방침 확인용 팝업', body: '<p>안내</p>', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 600_000).toISOString(), screen: 'home' },
  });
  expect(made.status()).toBe(200);
  const popupId = ((await made.json()) as { data: { id: number } }).data.id;
  try {
    const page = await context.newPage();
    await page.goto(paths.home);
    await expect.poll(async () => (await keptInBrowser(page)).includes('guest')).toBe(true);
    await page.getByRole('region', { name: '처리방침 확인용 팝업' }).getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await expect.poll(async () => (await keptInBrowser(page)).includes('nids.popupHidden')).toBe(true);
    return await keptInBrowser(page);
  } finally {
    await context.request.delete(`/api/admin/popup/${popupId}`, { headers });
    await context.close();
  }
}

test('the privacy policy names everything the site keeps in a browser', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const kept = new Set([...(await memberItems(page)), ...(await adminItems(browser)), ...(await guestItems(browser))]);
  // The sessions above really left the kinds of things the policy must account for.
  for (const expected of ['nids_file', 'accessToken', 'refreshToken', 'loginUser', 'rememberId', 'nids.textSize', 'adminActivity', 'guest', 'nids.popupHidden']) {
    expect(kept, `a session kept ${expected}`).toContain(expected);
  }
  expect([...kept].some((name) => name.startsWith('boardDraft:user:')), 'a member draft was kept').toBe(true);

  await page.goto('/TOS/Content/PrivacyContent');
  // The article is the content's 제9조 (issue 22: its anchor is numbered from the headings, #privacy-9).
  const article = page.getByRole('region', { name: /^제9조/ });
  await expect(article.getByRole('table', { name: '누리집이 사용하는 쿠키' })).toBeVisible();
  const named = await article.locator('.terms-table__item').allTextContents();
  const unnamed = [...kept].filter((name) => !namedBy(name, named));
  expect(unnamed, 'kept in the browser but not named in 제9조 of the privacy policy').toEqual([]);
  // And it says what it uses instead of claiming there are no cookies.
  await expect(article).not.toContainText('쿠키(cookie)를 사용하지 않으며');
});
