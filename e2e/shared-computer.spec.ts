import { paths } from '@contract';
import { expect, test } from './fixtures';
import { createMember, openSignedIn } from './support/accounts';
import { editorArea } from './support/board';
import { field } from './support/dialogs';

/**
 * Issue 12, shared computers: signing out leaves nothing of the member in the browser (tokens,
 * login user, post drafts), and the next person at the computer is offered no draft of theirs.
 */
const communityWrite = paths.boardWrite('Member', 'community');

const siteItems = (page: import('@playwright/test').Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((key) => key !== 'nids.textSize' && key !== 'rememberId'));

test('signing out removes the member\'s draft and session; the next member is offered nothing', async ({ page }) => {
  test.setTimeout(60_000);
  const first = await createMember(page.request);
  await openSignedIn(page, first.userId, first.password, communityWrite);
  await field(page, '제목').fill('공용 PC 임시 저장');
  await editorArea(page).click();
  await page.keyboard.type('다음 사람에게 보이면 안 되는 내용');
  await expect.poll(async () => (await siteItems(page)).filter((key) => key.startsWith('boardDraft:')).length).toBe(1);

  // Leave the screen (the unsaved-work question is answered yes), then sign out from the header.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(paths.home);
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible();
  await expect.poll(() => siteItems(page)).toEqual(['guest']);

  // The next person signs in with the form at the same computer and opens the same screen.
  const second = await createMember(page.request);
  await page.goto(paths.signin);
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(second.userId);
  await field(form, '비밀번호').fill(second.password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
  await page.goto(communityWrite);
  await expect(editorArea(page)).toBeVisible();
  await expect(page.getByRole('button', { name: '임시 저장 글 불러오기' })).toHaveCount(0);
  await expect(field(page, '제목')).toHaveValue('');
});
