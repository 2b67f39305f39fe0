import { paths } from '../contract';
import { expect, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { SMALL_PDF, commentByApi, createItemByApi, uploadAttachmentByApi } from './support/board';
import { XSS_PAYLOADS, payloadGroups } from './support/xss-corpus';
import { expectNothingRan } from './support/xss-check';

/**
 * Issue 12, the attacker's suite: 110 XSS payloads (e2e/support/xss-corpus.ts) through every text
 * and HTML field a visitor can write (post titles and bodies, comments, attachment names, a
 * guest's inquiry, a search keyword in the address), then rendered in Chromium on every screen
 * that shows them, the console's included. No payload runs: `window.__xss` stays unset, no
 * element carries an event handler or a javascript: URL, no Content-Security-Policy violation is
 * reported (any would be a console error, which fails the test through the fixture), and the
 * titles show as the text that was typed.
 */
test.describe.configure({ mode: 'serial' });

const communityList = paths.boardList('Member', 'community');

test('no payload runs on the list, the posts, the comments and the attachments', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const writer = await createMember(page.request);
  const session = await signInByApi(page.request, writer.userId, writer.password);
  const token = session.accessToken;

  // Titles: one post a payload, told apart by a marker.
  const titled: { itemNo: number; title: string }[] = [];
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const title = `${payload} ${suffix}-${i}`.slice(0, 200);
    const item = await createItemByApi(page.request, token, 'community', { title, content: `<p>제목 시험 ${i}</p>` });
    titled.push({ itemNo: item.itemNo, title: item.title });
  }
  // Bodies: ten payloads a post; an attachment whose name is a payload on the first.
  const bodies = payloadGroups(10);
  const attachment = await uploadAttachmentByApi(page.request, token, 'community', {
    name: `<img src=x onerror=window.__xss=1>${suffix}.pdf`,
    mimeType: 'application/pdf',
    buffer: SMALL_PDF,
  });
  const bodyPosts: number[] = [];
  for (const [i, content] of bodies.entries()) {
    const item = await createItemByApi(page.request, token, 'community', {
      title: `본문 시험 ${suffix} ${i}`,
      // Text of its own: a group the sanitiser empties entirely would be refused as an empty post.
      content: `<p>본문 시험 ${i}</p>${content}`,
      ...(i === 0 ? { files: [{ id: attachment.id }] } : {}),
    });
    bodyPosts.push(item.itemNo);
  }
  // Comments: ten payloads a comment, and a reply, on the first body post.
  for (const group of payloadGroups(10).map((html) => html.replace(/<\/?p>/g, '\n'))) {
    await commentByApi(page.request, token, 'community', bodyPosts[0]!, group);
  }

  const reader = await createMember(page.request);
  await openSignedIn(page, reader.userId, reader.password, communityList);
  // The list, page by page, until every payload title has been shown (as the text typed).
  const seen = new Set<number>();
  for (let pageNo = 1; pageNo <= 20 && seen.size < titled.length; pageNo += 1) {
    await page.goto(`${communityList}?page=${pageNo}`);
    await expect(page.locator('main')).toBeVisible();
    await expectNothingRan(page, `community list page ${pageNo}`);
    const shown = await page.locator('main').innerText();
    for (const [i, { title }] of titled.entries()) if (shown.includes(title)) seen.add(i);
  }
  expect(seen.size, 'every payload title shown on the list as typed').toBe(titled.length);

  // A title on its post's own screen (heading and document title), and every body post.
  for (const { itemNo, title } of [titled[0]!, titled[10]!, titled[60]!]) {
    await page.goto(paths.boardView('Member', 'community', itemNo));
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: title }))).not.toHaveCount(0);
    await expect(page.locator('main')).toContainText(title);
    await expectNothingRan(page, `post ${itemNo} titled with a payload`);
  }
  for (const itemNo of bodyPosts) {
    await page.goto(paths.boardView('Member', 'community', itemNo));
    await expect(page.locator('.board-content')).toBeVisible();
    await expectNothingRan(page, `post ${itemNo} with payloads in its body`);
  }
  await page.goto(paths.boardView('Member', 'community', bodyPosts[0]!));
  await expect(page.locator('main')).toContainText(`${suffix}.pdf`);
  await expect(page.locator('main')).toContainText('window.__xss=1');
  await expectNothingRan(page, 'comments and an attachment named with payloads');
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

test('a guest\'s inquiry full of payloads is safe in the console\'s queue and its answer screen', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const guest = await page.request.put('/api/board-item/contactus', {
    data: {
      title: `${XSS_PAYLOADS[0]} 문의 ${suffix}`,
      content: `<p>문의 본문</p>${payloadGroups(20)[0]}`,
      name: '홍길동',
      email: `xss${suffix}@example.test`,
      phone: '010-1234-5678',
      agree: true,
    },
  });
  expect(guest.status()).toBe(200);
  const { data } = (await guest.json()) as { data: { itemNo: number } };

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, ADMIN.userId, ADMIN.password, '/admin/inquiries');
  await expect(admin.locator('main')).toContainText(`문의 ${suffix}`);
  await expectNothingRan(admin, 'the console\'s inquiry queue');
  await admin.goto(paths.boardView('Nids', 'contactus', data.itemNo));
  await expect(admin.locator('main')).toContainText(`문의 ${suffix}`);
  await expectNothingRan(admin, 'an inquiry with payloads, as the administrator');
  await adminContext.close();
});
