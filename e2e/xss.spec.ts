import type { APIRequestContext, Page } from '@playwright/test';
import { paths, type BoardFile, type BoardItem, type Success, type UploadedFile, type UserDetail } from '@contract';
import { expect, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, confirmEmail, createMember, myPageTab, openSignedIn, signInByApi, uniqueSuffix, type SignedIn } from './support/accounts';
import { PNG_1X1, SMALL_PDF, commentByApi, createItemByApi, editorArea, uploadAttachmentByApi, uploadEditorImageByApi } from './support/board';
import { field, recordDialogs } from './support/dialogs';
import { FILE_NAME_PAYLOADS, SHORT_PAYLOADS, XSS_PAYLOADS, payloadGroups } from './support/xss-corpus';
import { expectNothingRan, expectNothingRanOnEveryMyPageTab } from './support/xss-check';
import { escapeMarkup } from '@server/modules/seo/text';

/**
 * Issue 12, the attacker's suite: 110 XSS payloads (e2e/support/xss-corpus.ts) through every text
 * and HTML field a visitor can write (post titles and bodies, comments, attachment and editor-image
 * names, a member's free-text profile, a guest's or a member's name and inquiry, a search keyword
 * in the address), then rendered in Chromium on every screen that shows them, the edit screen and
 * the console's included. No payload runs: `window.__xss` stays unset, no element carries an
 * event handler or a javascript: URL, no Content-Security-Policy violation is reported (any would
 * be a console error, which fails the test through the fixture), and the text shows as typed.
 * What only administrators write, and the head the server writes for guests' posts, is
 * e2e/xss-admin.spec.ts (a site of its own).
 */
test.describe.configure({ mode: 'serial' });

const communityList = paths.boardList('Member', 'community');
const contactList = paths.boardList('Nids', 'contactus');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The editor's alt text for an image: its file name without the extension (RichTextEditor.tsx). */
const altOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 120);

/** Editor images named with payloads, uploaded as the editor does, and the HTML the editor writes for them. */
async function editorImages(request: APIRequestContext, token: string, boardCode: string, names: readonly string[]): Promise<{ html: string; alts: string[] }> {
  const alts: string[] = [];
  let html = '';
  for (const name of names) {
    const image = await uploadEditorImageByApi(request, token, boardCode, { name, mimeType: 'image/png', buffer: PNG_1X1 });
    alts.push(altOf(name));
    html += `<p><img src="${escapeMarkup(image.url)}" alt="${escapeMarkup(altOf(name))}"></p>`;
  }
  return { html, alts };
}

const pdfsNamed = (request: APIRequestContext, token: string, boardCode: string, names: readonly string[]): Promise<UploadedFile[]> =>
  Promise.all(names.map((name) => uploadAttachmentByApi(request, token, boardCode, { name, mimeType: 'application/pdf', buffer: SMALL_PDF })));

/**
 * On a post's page: the attachment list shows each name as typed, each a download link to its
 * file; the images the editor put in its text keep their names as alt text.
 */
async function expectFilesShown(page: Page, files: BoardFile[], alts: string[], what: string): Promise<void> {
  await expect(page.locator('.board-files__name'), `${what}: attachment names`).toHaveText(files.map((f) => f.name));
  const hrefs = await page.locator('a.board-files__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs, `${what}: download links`).toEqual(files.map((f) => `${f.url}?download=true`));
  const shownAlts = await page.locator('.board-content img[src^="/api/file/"]').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
  expect(shownAlts, `${what}: editor images' alt text`).toEqual(alts);
}

/** What test 1 made, for the edit screens (test 2). */
interface MadePost {
  itemNo: number;
  title: string;
  files: BoardFile[];
  alts: string[];
}
const made = {
  writer: { userId: '', password: '' },
  bodyPosts: [] as MadePost[],
  titled: [] as MadePost[],
  /** The member whose free-text profile and inquiry hold payloads (test 4), for the console (test 5). */
  profiled: { userId: '', password: '', id: 0, token: '', organization: [] as string[], inquiryNo: 0, inquiryName: '' },
};

test('no payload runs on the list, the posts, the comments and the attachments', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const writer = await createMember(page.request);
  made.writer = writer;
  const session = await signInByApi(page.request, writer.userId, writer.password);
  const token = session.accessToken;

  // Titles: one post a payload, told apart by a marker.
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const title = `${payload} ${suffix}-${i}`.slice(0, 200);
    const item = await createItemByApi(page.request, token, 'community', { title, content: `<p>제목 시험 ${i}</p>` });
    made.titled.push({ itemNo: item.itemNo, title: item.title, files: [], alts: [] });
  }
  // Attachment names: every payload a file name holds whole (FILE_NAME_PAYLOADS), five a post
  // (the board's limit), and one more on the first. Editor images named with the same payloads,
  // their alt text as the editor writes it, a few a post.
  const attachments = await pdfsNamed(page.request, token, 'community', [
    `<img src=x onerror=window.__xss=1>${suffix}.pdf`,
    ...FILE_NAME_PAYLOADS.map((p, i) => `${p} ${i}.pdf`),
  ]);
  const imageNames = FILE_NAME_PAYLOADS.map((p, i) => `${p} 그림${i}.png`);
  // Bodies: ten payloads a post, each with its share of the named attachments and images, titled
  // with a payload that ends a <textarea>, a <title> or a <script>, or breaks out of a quoted
  // attribute (the edit screen puts the title in a field).
  const bodies = payloadGroups(10);
  const breakouts = XSS_PAYLOADS.filter((p) => /^["']|<\/(textarea|title|script|style)>/.test(p));
  const bodyTitle = (i: number) => `${breakouts[Math.floor((i * breakouts.length) / bodies.length)]} 본문 ${suffix}-${i}`.slice(0, 200);
  const imagesPerPost = Math.ceil(imageNames.length / bodies.length);
  for (const [i, content] of bodies.entries()) {
    const images = await editorImages(page.request, token, 'community', imageNames.slice(i * imagesPerPost, (i + 1) * imagesPerPost));
    const item = await createItemByApi(page.request, token, 'community', {
      title: bodyTitle(i),
      // Text of its own: a group the sanitiser empties entirely would be refused as an empty post.
      // The images first: a payload's unclosed element (<style>, <xmp>...) takes what follows it.
      content: `<p>본문 시험 ${i}</p>${images.html}${content}`,
      files: attachments.slice(i * 5, i * 5 + 5).map(({ id }) => ({ id })),
    });
    made.bodyPosts.push({ itemNo: item.itemNo, title: item.title, files: item.files, alts: images.alts });
  }
  expect(made.bodyPosts.flatMap((p) => p.files), 'every named attachment is on a post').toHaveLength(attachments.length);
  // Comments: ten payloads a comment, and a reply, on the first body post.
  const firstPost = made.bodyPosts[0]!.itemNo;
  for (const group of payloadGroups(10).map((html) => html.replace(/<\/?p>/g, '\n'))) {
    await commentByApi(page.request, token, 'community', firstPost, group);
  }

  const reader = await createMember(page.request);
  await openSignedIn(page, reader.userId, reader.password, communityList);
  // The list, page by page, until every payload title has been shown (as the text typed).
  const seen = new Set<number>();
  for (let pageNo = 1; pageNo <= 20 && seen.size < made.titled.length; pageNo += 1) {
    await page.goto(`${communityList}?page=${pageNo}`);
    await expect(page.locator('main')).toBeVisible();
    await expectNothingRan(page, `community list page ${pageNo}`);
    const shown = await page.locator('main').innerText();
    for (const [i, { title }] of made.titled.entries()) if (shown.includes(title)) seen.add(i);
  }
  expect(seen.size, 'every payload title shown on the list as typed').toBe(made.titled.length);

  // A title on its post's own screen (heading and document title), and every body post with its
  // attachments (names and download links) and images (alt text).
  for (const { itemNo, title } of [made.titled[0]!, made.titled[10]!, made.titled[60]!]) {
    await page.goto(paths.boardView('Member', 'community', itemNo));
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: title }))).not.toHaveCount(0);
    await expect(page.locator('main')).toContainText(title);
    await expectNothingRan(page, `post ${itemNo} titled with a payload`);
  }
  for (const { itemNo, files, alts } of made.bodyPosts) {
    await page.goto(paths.boardView('Member', 'community', itemNo));
    await expect(page.locator('.board-content')).toBeVisible();
    await expectFilesShown(page, files, alts, `post ${itemNo}`);
    await expectNothingRan(page, `post ${itemNo} with payloads in its body, attachment names and image names`);
  }
  await page.goto(paths.boardView('Member', 'community', firstPost));
  await expect(page.locator('main')).toContainText(`${suffix}.pdf`);
  await expect(page.locator('main')).toContainText('window.__xss=1');
  await expectNothingRan(page, 'comments and attachments named with payloads');

  // A download link named with a payload: the file, as an attachment, sandboxed, never a page.
  for (const file of made.bodyPosts.flatMap((p) => p.files).slice(0, 3)) {
    const download = await page.request.get(`${file.url}?download=true`);
    expect(download.status(), file.name).toBe(200);
    expect(download.headers()['content-disposition'], file.name).toMatch(/^attachment;/);
    expect(download.headers()['content-type'], file.name).toBe('application/pdf');
    expect(download.headers()['content-security-policy'], file.name).toContain('sandbox');
  }
});

test('the edit screen loads posts with payloads into the editor and nothing runs, before or after the editor takes focus', async ({ page }) => {
  test.setTimeout(120_000);
  // Leaving an edit screen may ask (a native confirm) once the editor has been used: accept it.
  recordDialogs(page);
  // Every body post: the whole corpus in the editor, breakout payloads in the title field, the
  // named attachments in the attachment field and the named images in the editor.
  await openSignedIn(page, made.writer.userId, made.writer.password, '/');
  for (const { itemNo, title, files, alts } of made.bodyPosts) {
    const what = `the edit screen of post ${itemNo}`;
    await page.goto(paths.boardWrite('Member', 'community', itemNo));
    await expect(editorArea(page)).toBeVisible();
    await expect(editorArea(page), `${what}: the stored body in the editor`).toContainText('본문 시험');
    await expect(field(page, '제목')).toHaveValue(title);
    await expect(editorArea(page).locator('img[src^="/api/file/"]')).toHaveCount(alts.length);
    const editorAlts = await editorArea(page).locator('img[src^="/api/file/"]').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(editorAlts, `${what}: images' alt text in the editor`).toEqual(alts);
    for (const file of files) await expect(page.locator('main'), `${what}: attachment ${file.name}`).toContainText(file.name);
    await expectNothingRan(page, what);
    await editorArea(page).click();
    await expect(editorArea(page)).toBeFocused();
    await expectNothingRan(page, `${what}, the editor focused`);
  }
});

test('a payload in the address (search keyword, page, board) is shown as text or refused', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  // A payload as the board code is a board that does not exist: the API's 404 is expected.
  pageErrors.allow(REFUSED_REQUEST);
  const reader = await createMember(page.request);
  await openSignedIn(page, reader.userId, reader.password, communityList);
  for (const payload of XSS_PAYLOADS.slice(0, 30)) {
    const query = new URLSearchParams({ searchType: 'title', keyword: payload, page: payload }).toString();
    await page.goto(`${communityList}?${query}`);
    await expect(page.locator('main')).toBeVisible();
    await expectNothingRan(page, `search for ${payload}`);
  }
  await page.goto(`/Member/${encodeURIComponent(XSS_PAYLOADS[2]!)}/List/`);
  await expectNothingRan(page, 'a payload as the board code');
});

/** The corpus as values of at most `max` characters, whole payloads joined by spaces. */
function valuesOf(payloads: readonly string[], max: number): string[] {
  const values: string[] = [];
  let current = '';
  for (const payload of payloads) {
    const next = current ? `${current} ${payload}` : payload;
    if (next.length > max && current) {
      values.push(current);
      current = payload;
    } else current = next;
  }
  if (current) values.push(current);
  return values;
}

async function patchUser(request: APIRequestContext, token: string, id: number, data: unknown) {
  return request.patch(`/api/user/${id}`, { data, headers: bearer(token) });
}

test('a member\'s free-text profile and inquiry full of payloads: sign-up, My page (every tab), the inquiry\'s list, view and edit screen', async ({ page }) => {
  test.setTimeout(120_000);
  // The seeded sign-up fields' one free-text field (소속 기관, contract: up to 2,000 characters)
  // holds the whole corpus over three values: the first given at sign-up, the others through
  // PATCH /api/user/{id}, as My page saves it. The choice fields only take their options.
  const organization = valuesOf(XSS_PAYLOADS, 2000);
  expect(organization.length, 'the corpus in three values').toBe(3);
  const suffix = uniqueSuffix();
  const email = `xp${suffix}@example.test`;
  const member = { userId: `xp${suffix}`.slice(0, 20), password: 'Test-pass1!' };
  const signup = await page.request.post('/api/user/signup', {
    data: {
      userKeyType: 'ID',
      userKeyCode: member.userId,
      password: member.password,
      agreeTerms: true,
      profile: { name: '김민지', email, organization: organization[0], occupation: '의사' },
      userKeyTokenForEmail: await confirmEmail(page.request, email),
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const session: SignedIn = await signInByApi(page.request, member.userId, member.password);
  made.profiled = { ...made.profiled, ...member, id: session.user.id, token: session.accessToken, organization };

  // A name is 1-4 Hangul syllables: a payload is refused, at sign-up's rule, with a 400 envelope.
  for (const name of [XSS_PAYLOADS[0]!, SHORT_PAYLOADS[1]!]) {
    const refused = await patchUser(page.request, session.accessToken, session.user.id, { name });
    expect(refused.status(), `a payload as the name: ${await refused.text()}`).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('BAD_REQUEST');
  }

  await openSignedIn(page, member.userId, member.password, paths.myPage);
  for (const [round, value] of organization.entries()) {
    if (round > 0) {
      const patched = await patchUser(page.request, session.accessToken, session.user.id, { profile: { organization: value } });
      expect(patched.status(), await patched.text()).toBe(200);
      expect(((await patched.json()) as Success<UserDetail>).data.profile.organization).toBe(value);
      await page.goto(paths.myPage);
    }
    await expect(field(page, '소속 기관')).toHaveValue(value);
    await expectNothingRan(page, `My page with payloads as 소속 기관, ${round + 1} of ${organization.length}`);
  }
  // Every tab of My page with the last value stored.
  const tabs = await expectNothingRanOnEveryMyPageTab(page);
  await myPageTab(page, tabs[0]!).click();
  await expect(field(page, '소속 기관')).toHaveValue(organization.at(-1)!);

  // The member's inquiry: a payload as the name, in the title and body, five attachments and
  // three editor images named with payloads.
  const files = await pdfsNamed(page.request, session.accessToken, 'contactus', FILE_NAME_PAYLOADS.slice(-5).map((p) => `${p} 문의.pdf`));
  const images = await editorImages(page.request, session.accessToken, 'contactus', FILE_NAME_PAYLOADS.slice(0, 3).map((p) => `${p} 문의그림.png`));
  const name = SHORT_PAYLOADS[1]!;
  const inquiry = await createItemByApi(page.request, session.accessToken, 'contactus', {
    title: `${XSS_PAYLOADS[54]} 회원 문의 ${suffix}`,
    content: `<p>회원 문의</p>${images.html}${payloadGroups(10)[5]}`,
    name,
    email,
    agree: true,
    files: files.map(({ id }) => ({ id })),
  });
  expect(inquiry.writerName, 'the payload kept as the writer name').toBe(name);
  made.profiled.inquiryNo = inquiry.itemNo;
  made.profiled.inquiryName = name;

  // Its list (the member's own inquiries), its page and its edit screen (the name in its field).
  await page.goto(contactList);
  const row = page.locator('main tr', { hasText: inquiry.title });
  await expect(row).toContainText(name);
  await expectNothingRan(page, 'the member\'s inquiries with a payload name');
  await page.goto(paths.boardView('Nids', 'contactus', inquiry.itemNo));
  await expect(page.locator('main')).toContainText(inquiry.title);
  await expect(page.locator('main')).toContainText(name);
  await expectFilesShown(page, inquiry.files, images.alts, 'the member\'s inquiry');
  await expectNothingRan(page, 'the member\'s inquiry with payloads');
  recordDialogs(page);
  await page.goto(paths.boardWrite('Nids', 'contactus', inquiry.itemNo));
  await expect(field(page, '이름')).toHaveValue(name);
  await expect(field(page, '제목')).toHaveValue(inquiry.title);
  await expectNothingRan(page, 'the member\'s inquiry, its edit screen');
});

test('guests name themselves with payloads: the inquiry list, the posts, the console\'s queue, its answer screen and access records; a payload profile in the console\'s members', async ({ page }) => {
  test.setTimeout(150_000);
  const suffix = uniqueSuffix();
  const guestInquiry = (name: string, title: string, content: string) =>
    page.request.put('/api/board-item/contactus', {
      data: { title, content, name, email: `xss${suffix}@example.test`, phone: '010-1234-5678', agree: true },
    });
  // Every short payload as a guest's name (up to 20 characters), one inquiry each; the first
  // with a payload title and twenty payloads in its body.
  const guests: { itemNo: number; name: string }[] = [];
  for (const [i, name] of SHORT_PAYLOADS.entries()) {
    expect(name.length, name).toBeLessThanOrEqual(20);
    const title = i === 0 ? `${XSS_PAYLOADS[0]} 문의 ${suffix}` : `이름 시험 문의 ${suffix} ${i}`;
    const sent = await guestInquiry(name, title, i === 0 ? `<p>문의 본문</p>${payloadGroups(20)[0]}` : `<p>문의 ${i}</p>`);
    expect(sent.status(), await sent.text()).toBe(200);
    const { data } = (await sent.json()) as Success<BoardItem>;
    expect(data.writerName, 'the payload kept as the name').toBe(name);
    guests.push({ itemNo: data.itemNo, name });
  }

  // The inquiry board's list, ten a page: every name in the writer column, newest first.
  const search = (pageNo: number) => `${contactList}?${new URLSearchParams({ searchType: 'title', keyword: suffix, page: String(pageNo) })}`;
  const admin = await openSignedIn(page, ADMIN.userId, ADMIN.password, search(1));
  const writers: string[] = [];
  for (let pageNo = 1; pageNo <= 2; pageNo += 1) {
    if (pageNo > 1) await page.goto(search(pageNo));
    const cells = page.locator('main tbody .board-table__writer');
    await expect(cells.first()).toBeVisible();
    await expectNothingRan(page, `the inquiry list with payload names, page ${pageNo}`);
    writers.push(...(await cells.allTextContents()));
  }
  expect(writers, 'every payload name in the list, as typed').toEqual(guests.map((g) => g.name).reverse());
  // The posts: the first guest's (payload title, body and name) and the member's (attachments, images).
  for (const { itemNo, name } of [guests[0]!, { itemNo: made.profiled.inquiryNo, name: made.profiled.inquiryName }]) {
    await page.goto(paths.boardView('Nids', 'contactus', itemNo));
    await expect(page.locator('main')).toContainText(name);
    await expectNothingRan(page, `inquiry ${itemNo} by ${name}, as the administrator`);
  }

  // The console's queue (every name) and its answer screen (the name, the body, the member's images).
  await page.goto(`/admin/inquiries?${new URLSearchParams({ keyword: suffix })}`);
  for (const { name } of guests) await expect(page.locator('main table')).toContainText(name);
  await expectNothingRan(page, 'the console\'s inquiry queue with payload names');
  await page.goto(`/admin/inquiries?${new URLSearchParams({ keyword: suffix, item: String(guests[0]!.itemNo) })}`);
  await expect(page.locator('.admin-facts').first()).toContainText(`${guests[0]!.name} (비회원)`);
  await expectNothingRan(page, `the console's answer screen for ${guests[0]!.name}`);
  await page.goto(`/admin/inquiries?${new URLSearchParams({ item: String(made.profiled.inquiryNo) })}`);
  await expect(page.locator('.admin-facts').first()).toContainText(`${made.profiled.inquiryName} (회원)`);
  await expect(page.locator('.inquiry-detail__content img[src^="/api/file/"]')).toHaveCount(3);
  await expectNothingRan(page, 'the console\'s answer screen for the member\'s inquiry');

  // Access records name an inquiry by its writer: each guest's inquiry read once more, then the records.
  for (const { itemNo } of guests) {
    expect((await page.request.get(`/api/board-item/contactus/${itemNo}`, { headers: bearer(admin.accessToken) })).status()).toBe(200);
  }
  const recorded = new Set<string>();
  for (let pageNo = 1; pageNo <= 3 && recorded.size < guests.length; pageNo += 1) {
    await page.goto(`/admin/access-records?${new URLSearchParams({ action: 'INQUIRY_VIEW', ...(pageNo > 1 ? { page: String(pageNo) } : {}) })}`);
    await expect(page.locator('main table')).toBeVisible();
    await expectNothingRan(page, `access records page ${pageNo} naming payload writers`);
    const subjects = await page.locator('.access-records__subject').allInnerTexts();
    for (const { itemNo, name } of guests) if (subjects.some((s) => s.includes(`문의 ${itemNo}번 (${name})`))) recorded.add(name);
  }
  expect([...recorded].sort(), 'every payload name in the access records, as typed').toEqual(guests.map((g) => g.name).sort());

  // The member with payloads as 소속 기관: the console's member list, and the member's page with
  // the profile revealed (free text is masked until then), once for each of the three values.
  const member = made.profiled;
  await page.goto(`/admin/members?${new URLSearchParams({ keyword: member.userId })}`);
  await expect(page.locator('main table')).toContainText(member.userId);
  await expectNothingRan(page, 'the console\'s member list');
  for (const [round, value] of member.organization.entries()) {
    const patched = await patchUser(page.request, member.token, member.id, { profile: { organization: value } });
    expect(patched.status(), await patched.text()).toBe(200);
    await page.goto(`/admin/members/${member.id}`);
    await expect(page.locator('main')).not.toContainText(value);
    await page.getByRole('button', { name: '개인정보 보기' }).click();
    const dialog = page.getByRole('dialog', { name: '개인정보 보기' });
    await dialog.getByLabel(/^조회 사유/).fill('XSS 점검');
    await dialog.getByRole('button', { name: '표시' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('main .admin-facts').first()).toContainText(value);
    await expectNothingRan(page, `the console's member page, 소속 기관 revealed, ${round + 1} of ${member.organization.length}`);
  }
});
