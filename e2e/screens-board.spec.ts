import type { CDPSession, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { BoardItemPage, Menu } from '@contract';
import { paths } from '@contract';
import { headerGroups } from '@web/app/menu';
import { apiGet, expect, NOT_FOUND_TITLE, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi, type TestMember } from './support/accounts';
import { commentByApi, createItemByApi, editorArea, SMALL_PDF, uploadAttachmentByApi, uploadEditorImageByApi } from './support/board';
import { field } from './support/dialogs';
import { checkScreen, SCREEN_WIDTHS } from './support/screen-check';

/**
 * Issue 11, the board screens: every list the menu links to, an empty search, a post with
 * attachments, an image and comments, a video post, a secret post someone else opens, the write
 * screen with the editor (empty and with its errors) and the inquiry form with its errors, each at
 * a phone and a desktop width, held to checkScreen (axe with any impact, no sideways scroll,
 * 44 px targets, 16 px text, a styled screen) once its real content is on the screen.
 */

/** The board lists the header menu links to (with the boards the console made), from the menu API. */
async function menuBoardLists(page: Page): Promise<{ label: string; to: string }[]> {
  const menu = await apiGet<Menu>(page.request, '/api/menu');
  return headerGroups(menu.items)
    .flatMap((group) => group.links)
    .flatMap((link) => (link.to && /^\/(nids|reference|member)\/[^/]+\/list\/?$/i.test(link.to) ? [{ label: link.label, to: link.to }] : []));
}

/** A list screen once its posts (or its empty state) are drawn and its pictures loaded. */
async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1')).toBeVisible();
  const list = page.locator('.board-list');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.locator('table, ul, .empty-state, .faq').first()).toBeVisible();
  await imagesLoaded(page);
}

/** Every picture loaded: lazy ones load once scrolled near, so the page is walked down and back first. */
async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/** A picture of some size, so the post shows a real image (a 1 x 1 pixel would hide layout problems). */
const pictureOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 79, b: 138 } } })
    .png()
    .toBuffer();

/** Roles Chromium itself gives (its accessibility tree), not what the markup says: CSS can take table semantics away. */
async function chromiumRoles(cdp: CDPSession): Promise<string[]> {
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value?: unknown } }[] };
  return nodes.filter((node) => !node.ignored).map((node) => String(node.role?.value ?? ''));
}

/**
 * The contrast of an element's text against the first opaque background behind it (WCAG formula),
 * as drawn: an element faded by opacity (its own or an ancestor's) is blended over the white page.
 */
function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    let background: number[] | null = null;
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const colour = rgb(style.backgroundColor);
      if (!background && (colour.length === 3 || colour[3] === 1)) background = colour.slice(0, 3);
    }
    const overWhite = (colour: number[]) => colour.slice(0, 3).map((c) => opacity * c + (1 - opacity) * 255);
    const text = overWhite(rgb(getComputedStyle(el).color));
    const [a, b] = [luminance(text), luminance(overWhite(background ?? [255, 255, 255]))].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

/**
 * The colour the page's style sheets give `selector` (resolved through the tokens). Browsers keep
 * :visited out of computed styles and screenshots here have no history, so the rule is read.
 */
function ruleColour(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((wanted) => {
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (!(rule instanceof CSSStyleRule) || !rule.selectorText.split(',').some((part) => part.trim() === wanted)) continue;
        const probe = document.createElement('span');
        probe.style.color = rule.style.color;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }
    }
    return null;
  }, selector);
}

for (const viewport of SCREEN_WIDTHS) {
  test.describe(`board screens at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every board list the menu links to, and a search that finds nothing', async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      // Members see the members' boards too (회원 공지, 커뮤니티) and their own inquiries.
      const member = await createMember(page.request);
      const session = await signInByApi(page.request, member.userId, member.password);
      const inquiry = await createItemByApi(page.request, session.accessToken, 'contactus', {
        title: '화면 점검용 문의',
        content: '<p>등록 절차가 궁금합니다.</p>',
        name: member.name,
        email: member.email,
        agree: true,
        files: [],
      });
      await openSignedIn(page, member.userId, member.password);

      const lists = await menuBoardLists(page);
      // The seeded boards the menu links to as lists: tables, the annual reports' file list and the video cards.
      expect(lists.map((link) => link.to.toLowerCase())).toEqual(
        expect.arrayContaining(
          ['public', 'annualReport', 'safetyInformation', 'promotionVideo', 'memberNotice', 'community', 'notice'].map((code) =>
            expect.stringContaining(`/${code.toLowerCase()}/list`),
          ),
        ),
      );
      for (const link of lists) {
        await openList(page, link.to);
        await expect(page.locator('h1')).toHaveText(link.label);
        await checkScreen(page, testInfo, `board list ${link.to}`);
      }

      // The member's own inquiries (내 문의 내역, linked from the inquiry confirmation).
      await openList(page, paths.boardList('Nids', 'contactus'));
      await expect(page.locator('main table')).toContainText('화면 점검용 문의');
      await checkScreen(page, testInfo, 'board list inquiries');

      // The inquiry once staff answered it (InquiryAnswer), as its writer reads it.
      const answer = '등록 절차는 누리집의 등록사업 안내를 참고해주세요.';
      const staff = await signInByApi(page.request, ADMIN.userId, ADMIN.password);
      const answered = await page.request.patch(`/api/board-item/contactus/${inquiry.itemNo}`, {
        data: { answer },
        headers: { authorization: `Bearer ${staff.accessToken}` },
      });
      expect(answered.status(), await answered.text()).toBe(200);
      await page.goto(paths.boardView('Nids', 'contactus', inquiry.itemNo));
      await expect(page.locator('#board-view-title')).toContainText('화면 점검용 문의');
      await expect(page.getByRole('region', { name: '답변' }).locator('.inquiry-answer__content')).toHaveText(answer);
      await checkScreen(page, testInfo, 'board view inquiry with its answer');

      await openList(page, `${paths.boardList('Nids', 'notice')}?searchType=titleContent&keyword=${encodeURIComponent('없는검색어쿼크')}`);
      await expect(page.getByText('검색 결과가 없습니다.')).toBeVisible();
      await checkScreen(page, testInfo, 'board list empty search');
    });

    test('a list table stays a table for screen readers, with a caption and column headers', async ({ page }) => {
      await openList(page, paths.boardList('Nids', 'notice'));
      const table = page.locator('main table');
      await expect(table.locator('caption')).toContainText('공지사항 목록');
      const headers = table.locator('thead th');
      await expect(headers).toHaveCount(6);
      for (const header of await headers.all()) await expect(header).toHaveAttribute('scope', 'col');

      // On a phone the rows are drawn as a list of cards; Chromium must still expose a table of rows, headers and cells.
      const cdp = await page.context().newCDPSession(page);
      const roles = await chromiumRoles(cdp);
      await cdp.detach();
      expect(roles).toContain('table');
      expect(roles.filter((role) => role === 'columnheader')).toHaveLength(6);
      const rows = await table.locator('tbody tr').count();
      expect(roles.filter((role) => role === 'row').length).toBeGreaterThanOrEqual(rows + 1);
      expect(roles.filter((role) => role === 'cell').length).toBeGreaterThanOrEqual(rows * 6);

      // Each post still reads as one row: its title link is a 44 px target.
      const title = table.locator('tbody a').first();
      const box = (await title.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    });

    test('a post with an image, attachments and comments; a video post; a secret post', async ({ page, browser }, testInfo) => {
      test.setTimeout(120_000);
      const writer = await createMember(page.request);
      const other: TestMember = await createMember(page.request);
      const session = await signInByApi(page.request, writer.userId, writer.password);
      const picture = await uploadEditorImageByApi(page.request, session.accessToken, 'community', {
        name: '등록 절차.png',
        mimeType: 'image/png',
        buffer: await pictureOf(640, 360),
      });
      const attachments = [
        await uploadAttachmentByApi(page.request, session.accessToken, 'community', { name: '등록 안내문.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF }),
        await uploadAttachmentByApi(page.request, session.accessToken, 'community', {
          name: '환자등록사업 참여 병원 목록과 연락처 (2025년 하반기 기준) 최종본.pdf',
          mimeType: 'application/pdf',
          buffer: SMALL_PDF,
        }),
      ];
      const post = await createItemByApi(page.request, session.accessToken, 'community', {
        title: '등록 절차를 정리했습니다',
        content:
          '<h2>등록 절차</h2><p>병원에서 등록하는 순서를 그림과 표로 정리했습니다.</p>' +
          `<p><img src="${picture.url}" alt="등록 절차: 동의서 받기, 등록 시스템에 입력, 확인"></p>` +
          '<table><tbody><tr><th>단계</th><th>하는 일</th></tr><tr><td>1</td><td>환자 동의서를 받습니다.</td></tr>' +
          '<tr><td>2</td><td>등록 시스템에 입력합니다.</td></tr></tbody></table>',
        files: attachments.map(({ id }) => ({ id })),
      });
      const first = await commentByApi(page.request, session.accessToken, 'community', post.itemNo, '자료 고맙습니다.\n잘 쓰겠습니다.');
      await commentByApi(page.request, session.accessToken, 'community', post.itemNo, '도움이 되었다니 다행입니다.', first.id);

      await openSignedIn(page, writer.userId, writer.password, paths.boardView('Member', 'community', post.itemNo));
      await expect(page.locator('#board-view-title')).toHaveText('등록 절차를 정리했습니다');
      await expect(page.getByRole('heading', { name: /첨부파일/ })).toBeVisible();
      await expect(page.getByText('도움이 되었다니 다행입니다.')).toBeVisible();
      await expect(page.locator('.board-content img')).toHaveAttribute('alt', /등록 절차/);
      await imagesLoaded(page);
      await checkScreen(page, testInfo, 'board view with attachments and comments');

      // The comment form with its error: an empty comment is refused in place.
      await page.getByRole('button', { name: '댓글 등록' }).click();
      const commentBox = page.getByRole('textbox', { name: '댓글 쓰기' });
      await expect(commentBox).toBeFocused();
      await expect(commentBox).toHaveAttribute('aria-invalid', 'true');
      await expect(commentBox).toHaveAccessibleDescription(/댓글 내용을 입력해주세요\./);
      await checkScreen(page, testInfo, 'board view comment form with its error');

      // A seeded video post (홍보영상) and a seeded notice with files, as a guest would see them.
      const videos = await apiGet<BoardItemPage>(page.request, '/api/board-item?boardCode=promotionVideo&page=1&sort=createdDate,DESC');
      await page.goto(paths.boardView('Reference', 'promotionVideo', videos.content[0]!.itemNo));
      await expect(page.locator('#board-view-title')).toHaveText(videos.content[0]!.title);
      await imagesLoaded(page);
      await checkScreen(page, testInfo, 'board view video');

      const reports = await apiGet<BoardItemPage>(page.request, '/api/board-item?boardCode=annualReport&page=1&sort=createdDate,DESC');
      await page.goto(paths.boardView('Reference', 'annualReport', reports.content[0]!.itemNo));
      await expect(page.locator('#board-view-title')).toHaveText(reports.content[0]!.title);
      await expect(page.getByRole('heading', { name: /첨부파일/ })).toBeVisible();
      await checkScreen(page, testInfo, 'board view annual report');

      // Someone else opening a secret post is told so, in the page.
      const secret = await createItemByApi(page.request, session.accessToken, 'community', {
        title: '비밀 상담',
        content: '<p>작성자만 봅니다.</p>',
        isSecret: true,
        files: [],
      });
      const otherContext = await browser.newContext({ viewport });
      const otherPage = await otherContext.newPage();
      await openSignedIn(otherPage, other.userId, other.password, paths.boardView('Member', 'community', secret.itemNo));
      await expect(otherPage.locator('main')).toContainText(/권한|비밀글/);
      await expect(otherPage.locator('main')).not.toContainText('작성자만 봅니다.');
      await checkScreen(otherPage, testInfo, 'board view secret post of another member');
      await otherContext.close();
    });

    test('the write screen with the editor, with an attachment, and with its errors', async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const member = await createMember(page.request);
      await openSignedIn(page, member.userId, member.password, paths.boardWrite('Member', 'community'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('커뮤니티 글쓰기');
      await expect(editorArea(page)).toBeVisible();
      await expect(page.getByRole('toolbar', { name: '서식 도구' })).toBeVisible();
      await checkScreen(page, testInfo, 'board write');

      // An attachment on its way: the real upload is held back until the screen has been checked with its progress bar.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/file/upload/*', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('첨부파일 선택').setInputFiles({ name: '참여 신청서.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
      const attachments = page.getByRole('group', { name: '첨부파일' });
      await expect(attachments.getByRole('progressbar', { name: '참여 신청서.pdf 올리는 중' })).toBeVisible();
      await expect(attachments.getByRole('status')).toHaveText('참여 신청서.pdf 올리는 중입니다.');
      await checkScreen(page, testInfo, 'board write uploading');
      release();
      await expect(attachments.getByRole('status')).toHaveText('참여 신청서.pdf 올림 완료.');
      await expect(attachments.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('.attachments__item', { hasText: '참여 신청서.pdf' })).toContainText('올림 완료');
      await page.getByRole('button', { name: '등록', exact: true }).click();
      await expect(page.getByText('제목을 입력해주세요.')).toBeVisible();
      await expect(field(page, '제목')).toBeFocused();
      await field(page, '제목').fill('내용 없는 글');
      await page.getByRole('button', { name: '등록', exact: true }).click();
      await expect(page.getByText('내용을 입력해주세요.')).toBeVisible();
      await checkScreen(page, testInfo, 'board write with errors');
    });

    test('a guest: a members-only board, the write gate, an unknown board and a missing post', async ({ page, pageErrors }, testInfo) => {
      test.setTimeout(60_000);
      pageErrors.allow(REFUSED_REQUEST); // the members-only board is refused with 401, the unknown board and post with 404
      const main = page.locator('main');

      await page.goto(paths.boardList('Member', 'memberNotice'));
      await expect(main.getByRole('alert')).toContainText('회원만 이용할 수 있는 게시판입니다.');
      await expect(main.getByRole('link', { name: '로그인' })).toBeVisible();
      await checkScreen(page, testInfo, 'board members-only to a guest');

      await page.goto(paths.boardWrite('Nids', 'notice'));
      await expect(main.getByRole('alert')).toContainText('로그인한 회원만 글을 쓸 수 있습니다.');
      await expect(main.getByRole('link', { name: '목록' })).toBeVisible();
      await checkScreen(page, testInfo, 'board write gate to a guest');

      await page.goto(paths.boardList('Nids', 'nosuchboard'));
      await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
      await expect(main).toContainText('존재하지 않는 게시판입니다.');
      await checkScreen(page, testInfo, 'board not found');

      await page.goto(paths.boardView('Nids', 'notice', 999999));
      await expect(page.locator('h1')).toHaveText(NOT_FOUND_TITLE);
      await expect(main).toContainText('존재하지 않거나 삭제된 게시글입니다.');
      await checkScreen(page, testInfo, 'board missing post');
    });

    test('the inquiry form with its errors', async ({ page }, testInfo) => {
      await page.goto('/nids/contactus/Write/NEW');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('문의하기');
      await expect(field(page, '문의 내용')).toBeVisible();
      await checkScreen(page, testInfo, 'inquiry form');
      await page.getByRole('button', { name: '문의하기' }).click();
      await expect(page.getByText('이름을 입력해주세요.')).toBeVisible();
      await expect(page.getByText('개인정보 수집·이용에 동의해주세요.')).toBeVisible();
      await expect(field(page, '이름')).toBeFocused();
      await checkScreen(page, testInfo, 'inquiry form with errors');
    });

    test('the FAQ: a question opens and closes by keyboard, and the screen with its answer open passes the check', async ({ page }, testInfo) => {
      // Issue 22: the seeded FAQ board, its questions under their categories, all closed at first.
      await openList(page, paths.boardList('Nids', 'faq'));
      await expect(page.locator('h1')).toHaveText('자주 묻는 질문');
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(['환자', '의료기관', '등록시스템']);
      const questions = page.locator('.faq').getByRole('button');
      await expect(questions).toHaveCount(8);
      for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('.faq').getByRole('region')).toHaveCount(0);

      // From the question before it to the recall question with Tab, then Enter opens it: its region, named by the question.
      await questions.nth(1).focus();
      await page.keyboard.press('Tab');
      const recall = page.getByRole('button', { name: /회수\(리콜\) 통보를 받았습니다/ });
      await expect(recall).toBeFocused();
      await expect(recall).not.toHaveCSS('outline-style', 'none');
      await page.keyboard.press('Enter');
      await expect(recall).toHaveAttribute('aria-expanded', 'true');
      const answer = page.getByRole('region', { name: /회수\(리콜\) 통보를 받았습니다/ });
      await expect(answer).toBeVisible();
      await expect(answer).toContainText('수술받은 병원(주치의)');
      await expect(answer).toHaveAttribute('id', (await recall.getAttribute('aria-controls'))!);
      await checkScreen(page, testInfo, 'faq with an answer open');

      // Space closes it again (the screen check's keyboard walk moved the focus away).
      await recall.focus();
      await page.keyboard.press('Space');
      await expect(recall).toHaveAttribute('aria-expanded', 'false');
      await expect(answer).toBeHidden();
    });
  });
}

test('list titles show hover and visited states; disabled buttons and editor tools stay readable', async ({ page }) => {
  test.setTimeout(60_000);
  await openList(page, paths.boardList('Nids', 'notice'));
  const title = page.locator('main tbody a').nth(2);
  await title.hover();
  await expect(title).toHaveCSS('text-decoration-line', 'underline');
  await expect(title).toHaveCSS('color', 'rgb(11, 79, 138)');
  expect(await textContrast(title)).toBeGreaterThanOrEqual(4.5);
  // Opened titles in lists take --color-link-visited, #5b2b99: 9.3:1 on white.
  for (const selector of ['.board-item-title:visited', '.board-card__link:visited', '.report__title a:visited', '.board-neighbours__link:visited']) {
    expect(await ruleColour(page, selector), selector).toBe('rgb(91, 43, 153)');
  }

  const member = await createMember(page.request);
  await openSignedIn(page, member.userId, member.password, paths.boardWrite('Member', 'community'));
  const undo = page.getByRole('toolbar', { name: '서식 도구' }).getByRole('button', { name: '실행 취소' });
  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  expect(await textContrast(undo)).toBeGreaterThanOrEqual(4.5);
  // A board takes five files: with five on the way the picker is disabled, and still readable.
  await page.getByLabel('첨부파일 선택').setInputFiles(
    ['가', '나', '다', '라', '마'].map((name) => ({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: SMALL_PDF })),
  );
  const picker = page.getByRole('button', { name: '파일 선택', exact: true });
  await expect(picker).toBeDisabled();
  expect(await textContrast(picker)).toBeGreaterThanOrEqual(4.5);
});
