import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { messages, paths } from '@contract';
import { byTitle, expect, expectNoA11yViolations, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { PNG_1X1, SMALL_PDF, composeKorean, createItemByApi, editorArea } from './support/board';
import { field, recordDialogs } from './support/dialogs';
import { messagesTo, nextMessage } from './support/inbox';

/**
 * Issue 4, the write side in the browser: a member writes a post with an image and an attachment
 * in the editor, finds it in the list, comments, edits and deletes it; a guest sends an inquiry
 * and an administrator answers it; a secret post is 비밀글입니다 to others. Real server, real data.
 */

const communityWrite = paths.boardWrite('Member', 'community');
const communityList = paths.boardList('Member', 'community');
const contactWrite = paths.boardWrite('Nids', 'contactus');

async function openWriteScreen(page: Page) {
  const member = await createMember(page.request);
  await openSignedIn(page, member.userId, member.password, communityWrite);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('커뮤니티 글쓰기');
  await expect(editorArea(page)).toBeVisible();
  return member;
}

test('a member writes a post with an image and an attachment, comments, edits and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await openWriteScreen(page);
  const title = `에디터 글 ${uniqueSuffix()}`;

  await field(page, '제목').fill(title);
  const editor = editorArea(page);
  await editor.click();
  await page.keyboard.type('본문 첫 줄입니다. ');
  // Korean typed through an IME: composition updates, then the committed syllables.
  await composeKorean(page, ['ㅎ', '하', '한', '한ㄱ', '한그', '한글'], '한글');
  await expect(editor).toContainText('본문 첫 줄입니다. 한글');

  // Bold through the toolbar: a toggle that says whether it is on.
  const bold = page.getByRole('toolbar', { name: '서식 도구' }).getByRole('button', { name: '굵게' });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('굵은 글씨');
  await expect(editor.locator('strong')).toHaveText('굵은 글씨');

  // An image for the text, uploaded and put in place.
  await page.locator('.rich-editor input[type=file]').setInputFiles({ name: '사진.png', mimeType: 'image/png', buffer: PNG_1X1 });
  // While writing it shows from the writer's own copy; the saved HTML points at the server's file.
  await expect(editor.locator('img')).toHaveCount(1);

  // An attachment with its size and the upload finished.
  await page.getByLabel('첨부파일 선택').setInputFiles({ name: '안내문.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  const attachment = page.locator('.attachments__item', { hasText: '안내문.pdf' });
  await expect(attachment).toContainText('올림 완료');
  await expect(attachment).toContainText(/\d+ B/);

  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/View\/\d+$/i);
  await expect(page.locator('#board-view-title')).toHaveText(title);
  await expect(page.locator('.board-content')).toContainText('한글');
  await expect(page.locator('.board-content img[src^="/api/file/"]')).toHaveCount(1);
  // The browser loads the image of this members-only board by itself (no bearer token on an
  // <img>): the file cookie set at sign-in lets it through.
  await expect.poll(() => page.locator('.board-content img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('.board-files')).toContainText('안내문.pdf');
  // And so does a plain download link.
  const download = page.waitForEvent('download');
  await page.locator('.board-files').getByRole('link', { name: /안내문\.pdf/ }).first().click();
  expect((await download).suggestedFilename()).toBe('안내문.pdf');
  const viewUrl = page.url();

  // In the list.
  await page.goto(communityList);
  await expect(byTitle(page.locator('main'), title)).toBeVisible();
  await page.goto(viewUrl);

  // A comment, a reply to it, the count.
  await page.getByLabel('댓글 쓰기').fill('첫 댓글입니다');
  await page.getByRole('button', { name: '댓글 등록' }).click();
  await expect(page.locator('.comment__content', { hasText: '첫 댓글입니다' })).toBeVisible();
  await page.getByRole('button', { name: /^답글/ }).first().click();
  await page.getByLabel(/답글 쓰기/).fill('답글입니다');
  await page.getByRole('button', { name: '답글 등록' }).click();
  await expect(page.locator('.comments__replies .comment__content')).toHaveText('답글입니다');
  await expect(page.locator('.comments__count')).toHaveText('2');

  // Editing a comment of one's own.
  await page.locator('.comments__item > .comment').getByRole('button', { name: /^수정/ }).click();
  await page.getByLabel('댓글 수정').fill('고친 댓글입니다');
  await page.getByRole('button', { name: '수정 저장' }).click();
  await expect(page.locator('.comment__content', { hasText: '고친 댓글입니다' })).toBeVisible();

  // Editing the post: the form comes back filled in.
  await page.locator('.board-actions').getByRole('link', { name: '수정' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('커뮤니티 글 수정');
  await expect(field(page, '제목')).toHaveValue(title);
  await expect(page.locator('.attachments__item')).toContainText('안내문.pdf');
  const edited = `${title} 수정됨`;
  await field(page, '제목').fill(edited);
  await page.getByRole('button', { name: '수정', exact: true }).click();
  await expect(page.locator('#board-view-title')).toHaveText(edited);

  // Deleting asks first.
  const dialogs = recordDialogs(page);
  await page.locator('.board-actions').getByRole('button', { name: '삭제' }).click();
  await expect(page).toHaveURL(/\/List\/?$/i);
  expect(dialogs.messages.join('\n')).toContain('삭제하시겠습니까');
  await expect(page.getByRole('status').filter({ hasText: '게시글이 삭제되었습니다.' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(edited);
});

test('the write screen says what is missing at the field, focuses it, and passes axe', async ({ page }) => {
  await openWriteScreen(page);
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('제목을 입력해주세요.')).toBeVisible();
  await expect(field(page, '제목')).toBeFocused();
  await expect(field(page, '제목')).toHaveAttribute('aria-invalid', 'true');

  await field(page, '제목').fill('내용 없는 글');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('내용을 입력해주세요.')).toBeVisible();
  await expect(editorArea(page)).toBeFocused();
  await expect(editorArea(page)).toHaveAttribute('aria-invalid', 'true');

  // The toolbar is one tab stop; arrow keys move along it.
  const toolbar = page.getByRole('toolbar', { name: '서식 도구' });
  await toolbar.getByRole('button').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '제목 2 (중간 제목)' })).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);

  await page.waitForLoadState('networkidle');
  await expectNoA11yViolations(page, 'community write screen');
});

test('a table made in the editor keeps header cells that say what they head', async ({ page }) => {
  await openWriteScreen(page);
  const title = `표 정리 ${uniqueSuffix()}`;
  await field(page, '제목').fill(title);
  await editorArea(page).click();
  await page.keyboard.type('등록 순서입니다.');
  await page.keyboard.press('Enter');
  await page.getByRole('toolbar', { name: '서식 도구' }).getByRole('button', { name: '표 넣기' }).click();
  // The cursor is in the first header cell; Tab moves along the cells.
  for (const text of ['단계', '하는 일', '담당', '1', '동의서 받기', '의료진']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/View\/\d+$/i);

  const table = page.locator('.board-content table');
  await expect(table.locator('th')).toHaveText(['단계', '하는 일', '담당']);
  for (const header of await table.locator('th').all()) await expect(header).toHaveAttribute('scope', 'col');
  await expect(table.locator('td').first()).toHaveText('1');

  // Opened again in the editor, the header cells keep their scope.
  await page.locator('.board-actions').getByRole('link', { name: '수정' }).click();
  await expect(editorArea(page).locator('th[scope="col"]')).toHaveCount(3);
});

test('images in a post carry the description their writer gives, or none when they are decoration', async ({ page }) => {
  await openWriteScreen(page);
  const title = `그림 설명 ${uniqueSuffix()}`;
  await field(page, '제목').fill(title);
  await editorArea(page).click();
  await page.keyboard.type('그림 두 장입니다.');
  const picture = await sharp({ create: { width: 200, height: 120, channels: 3, background: { r: 11, g: 79, b: 138 } } }).png().toBuffer();
  await page.locator('.rich-editor input[type=file]').setInputFiles([
    { name: '순서도.png', mimeType: 'image/png', buffer: picture },
    { name: '꾸밈선.png', mimeType: 'image/png', buffer: picture },
  ]);
  const images = editorArea(page).locator('img');
  await expect(images).toHaveCount(2);
  // Until described, an image is named after its file, and the writer is told where to describe it.
  await expect(images.first()).toHaveAttribute('alt', '순서도');
  await expect(page.locator('.rich-editor__status')).toContainText('이미지 설명 입력');

  const toolbar = page.getByRole('toolbar', { name: '서식 도구' });
  const describe = async (index: number, text: string) => {
    await images.nth(index).click();
    await toolbar.getByRole('button', { name: '이미지 설명 입력' }).click();
    const input = page.getByRole('textbox', { name: '이미지 설명 (대체 텍스트)' });
    await input.fill(text);
    await input.press('Enter');
  };
  await describe(0, '등록 절차 순서도: 동의, 입력, 확인');
  await describe(1, '');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/View\/\d+$/i);

  const shown = page.locator('.board-content img');
  await expect(shown).toHaveCount(2);
  await expect(shown.first()).toHaveAttribute('alt', '등록 절차 순서도: 동의, 입력, 확인');
  await expect(shown.nth(1)).toHaveAttribute('alt', '');
});

test('unsaved writing asks before leaving and comes back as a draft', async ({ page }) => {
  await openWriteScreen(page);
  await field(page, '제목').fill('임시 저장 확인');
  await editorArea(page).click();
  await page.keyboard.type('사라지면 안 되는 내용');
  // The draft is written shortly after typing stops.
  await page.waitForTimeout(1200);

  const asked: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  await page.locator('main').getByRole('link', { name: '취소' }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('떠나시겠습니까');
  await expect(page).toHaveURL(/\/Write\/NEW$/i);

  answer = true;
  await page.locator('main').getByRole('link', { name: '취소' }).click();
  await expect(page).toHaveURL(/\/List\/?$/i);

  await page.goto(communityWrite);
  await page.getByRole('button', { name: '임시 저장 글 불러오기' }).click();
  await expect(field(page, '제목')).toHaveValue('임시 저장 확인');
  await expect(editorArea(page)).toContainText('사라지면 안 되는 내용');
});

test('a guest sends an inquiry and an administrator answers it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const email = `guest${suffix}@example.test`;
  const title = `문의 ${suffix}`;

  await page.goto(contactWrite);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await field(page, '이름').fill('홍길동');
  await field(page, '이메일').fill(email);
  await field(page, '연락처').fill('010-12-5678');
  await field(page, '제목').fill(title);
  await field(page, '문의 내용').fill('등록 절차가 궁금합니다.\n두 번째 줄입니다.');
  await page.getByRole('button', { name: '문의하기' }).click();
  // Spec §5: the phone rule and its sentence; consent is required too.
  await expect(page.getByText('연락처를 형식에 맞게 입력해주세요.')).toBeVisible();
  await expect(page.getByText('개인정보 수집·이용에 동의해주세요.')).toBeVisible();
  await expect(field(page, '연락처')).toBeFocused();
  await expect(page.getByRole('link', { name: /약관 보기/ })).toHaveAttribute('href', paths.contactUsTerms);
  await expectNoA11yViolations(page, 'inquiry form with errors');

  await field(page, '연락처').fill('010-1234-5678');
  await page.getByLabel(/개인정보 수집·이용에 동의합니다/).check();
  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByRole('heading', { name: '문의가 접수되었습니다. 답변은 입력하신 이메일로 알려드립니다.' })).toBeFocused();

  // The guest cannot list inquiries; the administrator finds it and answers.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, ADMIN.userId, ADMIN.password, paths.boardList('Nids', 'contactus'));
  await admin.locator('main a', { hasText: title }).click();
  await expect(admin.locator('#board-view-title')).toContainText(title);
  await expect(admin.locator('.inquiry-contact')).toContainText(email);
  await expect(admin.locator('.board-content')).toContainText('두 번째 줄입니다.');
  const seen = (await messagesTo(email)).length;
  await admin.getByLabel('답변 내용').fill('등록 절차는 누리집 안내를 참고해주세요.');
  await admin.getByRole('button', { name: '답변 등록' }).click();
  await expect(admin.locator('.inquiry-answer__content')).toHaveText('등록 절차는 누리집 안내를 참고해주세요.');
  await adminContext.close();

  // The writer is e-mailed.
  const mail = await nextMessage(email, seen);
  expect(`${mail.subject ?? ''} ${mail.text ?? ''}`).toMatch(/답변/);
});

test('a member sees their own inquiry and its answer', async ({ page, request }) => {
  const member = await createMember(request);
  const title = `회원 문의 ${uniqueSuffix()}`;
  await openSignedIn(page, member.userId, member.password, contactWrite);
  await expect(field(page, '이름')).toHaveValue(member.name);
  await field(page, '이메일').fill(member.email);
  await field(page, '제목').fill(title);
  await field(page, '문의 내용').fill('회원 문의 내용');
  await page.getByLabel(/개인정보 수집·이용에 동의합니다/).check();
  await page.getByRole('button', { name: '문의하기' }).click();
  await page.getByRole('link', { name: '내 문의 내역' }).click();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('답변 대기');

  // An administrator answers (through the API), and the member reads it.
  const adminSession = await signInByApi(request, ADMIN.userId, ADMIN.password);
  const itemNo = Number(/\/View\/(\d+)/i.exec((await row.getByRole('link').first().getAttribute('href')) ?? '')?.[1]);
  const answered = await request.patch(`/api/board-item/contactus/${itemNo}`, {
    data: { answer: '확인했습니다.' },
    headers: { authorization: `Bearer ${adminSession.accessToken}` },
  });
  expect(answered.status()).toBe(200);
  await page.reload();
  await expect(page.locator('tr', { hasText: title })).toContainText('답변 완료');
  await page.locator('tr', { hasText: title }).getByRole('link').first().click();
  await expect(page.locator('.inquiry-answer__content')).toHaveText('확인했습니다.');
});

test('a secret post shows as 비밀글입니다 to other members', async ({ page, request, pageErrors }) => {
  pageErrors.allow(REFUSED_REQUEST); // opening the secret post by its address is refused
  const writer = await createMember(request);
  const other = await createMember(request);
  const session = await signInByApi(request, writer.userId, writer.password);
  const title = `비밀 이야기 ${uniqueSuffix()}`;
  const item = await createItemByApi(request, session.accessToken, 'community', {
    title,
    content: '<p>다른 사람은 못 봅니다</p>',
    isSecret: true,
    files: [],
  });

  await openSignedIn(page, other.userId, other.password, communityList);
  await expect(page.locator('main table')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(title);
  await expect(page.locator('main a[href$="/View/' + item.itemNo + '"]')).toContainText(messages.secretItem);
  await page.goto(paths.boardView('Member', 'community', item.itemNo));
  await expect(page.locator('main')).not.toContainText('다른 사람은 못 봅니다');
});
