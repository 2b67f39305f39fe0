import type { Locator, Page } from '@playwright/test';
import { paths } from '@contract';
import { expect, latestItems, SITE_NAME, test } from './fixtures';
import { createMember, myPageTab, openSignedIn } from './support/accounts';
import { field } from './support/dialogs';
import { contrast, expectReadingOrder, expectVisibleFocus, focused, tabThrough } from './support/keyboard-walk';

/**
 * What axe cannot see (KWCAG 2.2): the skip link is the first stop and works, the sign-in and
 * sign-up forms are walked by Tab in the order they are read, the focus is always visible (a ring
 * of 2 px or more at 3:1 against what is behind it), every screen's <title> names it, a refused
 * form says so and takes the focus to the first field in error (the component tests of the sign-in,
 * sign-up and My page screens: web/src/features/account/routes/*.test.tsx), tables have captions and
 * header cells, and images have a text alternative or are marked decorative.
 */

const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
] as const;

test.describe('the skip link', () => {
  for (const viewport of WIDTHS) {
    test(`the first Tab reaches 본문 바로가기, and Enter moves the focus to the main content (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(paths.nidsIntro);
      await expect(page.locator('h1')).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '본문 바로가기' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      expectVisibleFocus((await focused(page))!);
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
      // The next Tab goes on from the content, not from the top of the page.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
    });
  }
});

test.describe('forms by keyboard, in reading order, with the focus always visible', () => {
  for (const viewport of WIDTHS) {
    test(`sign-in (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(paths.signin);
      const form = page.getByRole('form', { name: '로그인' });
      await expect(field(form, '아이디')).toBeVisible();
      const stops = await tabThrough(page, form);
      expect(stops.map((s) => s.name)).toEqual(['아이디', '비밀번호', '아이디 저장', '로그인', '회원가입', '아이디 찾기', '비밀번호 찾기']);
      expectReadingOrder(stops, `sign-in at ${viewport.width} px`);
      stops.forEach(expectVisibleFocus);
    });

    test(`sign-up (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(paths.signup);
      const form = page.getByRole('form', { name: '회원가입' });
      await expect(field(form, '직역')).toBeVisible();
      const stops = await tabThrough(page, form);
      expect(stops.map((s) => s.name)).toEqual([
        '이용약관에 동의합니다. (필수)',
        '이용약관 보기 (새 창 열림)',
        '개인정보 수집·이용에 동의합니다. (필수)',
        '개인정보 수집·이용 안내 보기 (새 창 열림)',
        '아이디 (필수)',
        '중복 확인',
        '비밀번호 (필수)',
        '비밀번호 확인 (필수)',
        '이름 (필수)',
        '이메일 (필수)',
        '인증번호 발송',
        '소속 기관 (필수)',
        '직역 (필수)',
        '인공관절',
        '심장 이식기기',
        '유방 보형물',
        '인공수정체',
        '기타 이식기기',
        '마케팅 정보 수신 동의 (선택)',
        '회원가입',
      ]);
      expectReadingOrder(stops, `sign-up at ${viewport.width} px`);
      stops.forEach(expectVisibleFocus);
    });
  }

  test('a checkbox and a text field keep a visible focus ring while they show an error', async ({ page }) => {
    await page.goto(paths.signup);
    const form = page.getByRole('form', { name: '회원가입' });
    await form.getByRole('button', { name: '회원가입' }).press('Enter');
    await expect(field(form, '이용약관에 동의합니다.')).toBeFocused();
    expectVisibleFocus((await focused(page))!);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(field(form, '아이디')).toBeFocused();
    await expect(field(form, '아이디')).toHaveAttribute('aria-invalid', 'true');
    expectVisibleFocus((await focused(page))!);
  });
});

test.describe('form controls keep their contrast in every state (axe sees only the resting one)', () => {
  /** Text, border and the background behind a control, as drawn now. */
  function look(locator: Locator) {
    return locator.evaluate((el) => {
      const style = getComputedStyle(el);
      let background = style.backgroundColor;
      for (let node: Element | null = el; node && /rgba\(.*,\s*0\)$|transparent/.test(background); node = node.parentElement) {
        background = getComputedStyle(node).backgroundColor;
      }
      if (/rgba\(.*,\s*0\)$|transparent/.test(background)) background = 'rgb(255, 255, 255)';
      let page = 'rgb(255, 255, 255)';
      for (let node = el.parentElement; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (!/rgba\(.*,\s*0\)$|transparent/.test(bg)) {
          page = bg;
          break;
        }
      }
      return { text: style.color, border: style.borderTopColor, background, page, size: parseFloat(style.fontSize), opacity: Number(style.opacity) };
    });
  }

  async function expectReadable(locator: Locator, what: string, { border = true } = {}) {
    const seen = await look(locator);
    expect.soft(seen.size, `${what}: text of 16 px or more`).toBeGreaterThanOrEqual(16);
    expect.soft(seen.opacity, `${what}: not faded out`).toBe(1);
    expect.soft(contrast(seen.text, seen.background), `${what}: text ${seen.text} on ${seen.background} at 4.5:1`).toBeGreaterThanOrEqual(4.5);
    if (border) expect.soft(contrast(seen.border, seen.page), `${what}: border ${seen.border} on ${seen.page} at 3:1`).toBeGreaterThanOrEqual(3);
  }

  test('inputs, select, checkboxes, hints and errors: resting, hover, focus, error and disabled', async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(paths.signup);
    const form = page.getByRole('form', { name: '회원가입' });
    const userId = field(form, '아이디');
    const select = field(form, '직역');
    await expect(select).toBeVisible();

    await expectReadable(userId, 'a text input');
    await expectReadable(select, 'a select');
    await expectReadable(form.locator('.form-field__hint').first(), 'a hint', { border: false });
    await userId.hover();
    await expectReadable(userId, 'a text input under the pointer');
    await userId.focus();
    await expectReadable(userId, 'a focused text input');

    // Errors: the field's border and its message.
    await form.getByRole('button', { name: '회원가입' }).press('Enter');
    await expect(userId).toHaveAttribute('aria-invalid', 'true');
    await expectReadable(userId, 'a text input in error');
    await expectReadable(form.locator('.form-field__error').first(), 'an error message', { border: false });
    await expectReadable(form.locator('.error-summary a').first(), 'a link of the error summary', { border: false });
    const checkbox = form.getByRole('group', { name: /관심 분야/ }).locator('label').first();
    await expectReadable(checkbox, 'a checkbox label', { border: false });

    // Disabled: the ID check done (확인 완료) stays readable on the disabled surface.
    await userId.fill(`free${Date.now().toString(36)}`);
    await form.getByRole('button', { name: '중복 확인' }).click();
    const done = form.getByRole('button', { name: '확인 완료' });
    await expect(done).toBeDisabled();
    await expectReadable(done, 'a disabled button');
  });
});

/**
 * My page's tabs (ui/Tabs.tsx, the WAI-ARIA tabs pattern): one Tab stop for the whole tab list (the
 * selected tab), arrows and Home/End move and select, Tab goes on into the panel, the focus ring is
 * visible on the tabs and the panel, and the tab list scrolls inside itself on a phone.
 */
test.describe('My page tabs by keyboard', () => {
  for (const viewport of WIDTHS) {
    test(`arrows, Home and End choose the tab, Tab goes into its panel (${viewport.width} px)`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const member = await createMember(request);
      await openSignedIn(page, member.userId, member.password, paths.myPage);
      const tablist = page.getByRole('tablist', { name: '마이페이지 메뉴' });
      await expect(tablist).toBeVisible();
      const names = ['회원 정보', '내가 쓴 글', '내 댓글', '내 문의', '비밀번호 변경', '이메일', '회원 탈퇴'];
      await expect(tablist.getByRole('tab')).toHaveText(names);
      const selected = async (name: string) => {
        const tab = myPageTab(page, name);
        await expect(tab).toBeFocused();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(tablist.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
        await expect(tablist.locator('[aria-selected="true"]')).toHaveCount(1);
        await expect(page.getByRole('tabpanel', { name })).toBeVisible();
        await expect(page.getByRole('tabpanel')).toHaveCount(1);
        await expect(tab).toBeInViewport();
      };

      // From the main content, the first Tab stop in the panel area is the selected tab only.
      const stops = await tabThrough(page, tablist);
      expect(stops.map((stop) => stop.name)).toEqual(['회원 정보']);
      for (const stop of stops) expectVisibleFocus(stop);
      await myPageTab(page, '회원 정보').focus();

      await page.keyboard.press('ArrowRight');
      await selected('내가 쓴 글');
      await expect(page).toHaveURL((url) => url.search === '?tab=posts');
      expectVisibleFocus((await focused(page))!);
      await page.keyboard.press('End');
      await selected('회원 탈퇴');
      await page.keyboard.press('ArrowRight'); // wraps to the first
      await selected('회원 정보');
      await page.keyboard.press('ArrowLeft'); // and back to the last
      await selected('회원 탈퇴');
      await page.keyboard.press('Home');
      await selected('회원 정보');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await selected('이메일');
      await expect(page).toHaveURL((url) => url.search === '?tab=email');

      // Tab leaves the tab list for the panel (it starts with text, so it takes the focus itself),
      // then the panel's first field; Shift+Tab comes back to the selected tab.
      await page.keyboard.press('Tab');
      const panel = page.getByRole('tabpanel', { name: '이메일' });
      await expect(panel).toBeFocused();
      expectVisibleFocus((await focused(page))!);
      await page.keyboard.press('Tab');
      await expect(field(panel, '새 이메일')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await selected('이메일');

      // Up and Down are not the tabs' keys (the list is horizontal): nothing moves.
      await page.keyboard.press('ArrowDown');
      await selected('이메일');
    });
  }
});

/** Every screen a guest or member can open (web/src/app/router.tsx), with its <title> and <h1>. */
test.describe('every screen has a <title> that names it', () => {
  // Each test opens a dozen screens one after another.
  test.describe.configure({ timeout: 90_000 });

  async function expectTitleNames(page: Page, path: string, heading?: string) {
    await page.goto(path);
    const h1 = page.locator('h1').first();
    await expect(h1).toBeVisible();
    const text = heading ?? (await h1.innerText()).replace(/\s+/g, ' ').trim();
    await expect(page, `the <title> of ${path} names the screen "${text}"`).toHaveTitle(`${text} | ${SITE_NAME}`);
  }

  test('home, information, account and terms screens (guest)', async ({ page }) => {
    // The home page's <h1> is a sentence about the programme; its title names the screen: 홈.
    await expectTitleNames(page, paths.home, '홈');
    for (const path of [paths.nidsIntro, paths.nidsAbout, paths.nidsHistory, paths.nidsOrganization, paths.registSite]) {
      await expectTitleNames(page, path);
    }
    for (const path of [paths.signin, paths.signup, paths.signupWelcome, paths.findId, paths.findPassword]) {
      await expectTitleNames(page, path);
    }
    for (const path of [paths.privacy, paths.terms, paths.contactUsTerms]) {
      await expectTitleNames(page, path);
    }
    await expectTitleNames(page, '/no/such/screen');
  });

  test('board screens (guest): lists, a post, the inquiry form', async ({ page, request }) => {
    for (const [area, board] of [['Nids', 'notice'], ['Reference', 'public'], ['Reference', 'annualReport'], ['Reference', 'safetyInformation'], ['Reference', 'promotionVideo']] as const) {
      await expectTitleNames(page, paths.boardList(area, board));
    }
    const { content } = await latestItems(request, 'notice', 1);
    await expectTitleNames(page, paths.boardView('Nids', 'notice', content[0]!.itemNo));
    await expectTitleNames(page, paths.boardWrite('nids', 'contactus', 'NEW'));
  });

  test('member screens: My page, members-only boards and the write screen', async ({ page, request }) => {
    const member = await createMember(request);
    await openSignedIn(page, member.userId, member.password, paths.myPage);
    await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
    // My page's title names the open tab too (each tab has its own address).
    await expectTitleNames(page, paths.myPage, '회원 정보 - 마이페이지');
    await expectTitleNames(page, `${paths.myPage}?tab=password`, '비밀번호 변경 - 마이페이지');
    await expectTitleNames(page, paths.boardList('Member', 'memberNotice'));
    await expectTitleNames(page, paths.boardList('Member', 'community'));
    await expectTitleNames(page, paths.boardWrite('Member', 'community'));
  });
});

test.describe('tables and images', () => {
  /** Every table in the main content has a non-empty caption and header cells. */
  async function expectCaptionedTables(page: Page, what: string) {
    const tables = await page.locator('main table').evaluateAll((all) =>
      all.map((table) => ({
        caption: (table as HTMLTableElement).caption?.textContent?.trim() ?? '',
        headers: table.querySelectorAll('th').length,
        scoped: [...table.querySelectorAll('th')].every((th) => th.getAttribute('scope') === 'col' || th.getAttribute('scope') === 'row'),
      })),
    );
    expect(tables.length, `a table on ${what}`).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.caption, `a caption for each table on ${what}`).not.toBe('');
      expect(table.headers, `header cells in each table on ${what}`).toBeGreaterThan(0);
      expect(table.scoped, `each header cell on ${what} says what it heads (scope)`).toBe(true);
    }
  }

  test('the notice list (desktop) and the information pages have captioned tables with header cells', async ({ page }) => {
    await page.goto(paths.boardList('Nids', 'notice'));
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await expectCaptionedTables(page, 'the notice list');
    for (const path of [paths.nidsIntro, paths.nidsOrganization]) {
      await page.goto(path);
      await expect(page.locator('main table').first()).toBeVisible();
      await expectCaptionedTables(page, path);
    }
  });

  /**
   * Every image has an alt: a meaningful one (not a file name or "image"), or alt="" where it only
   * decorates (then something else names what it is next to). Inline SVG icons are hidden.
   */
  async function expectImageAlternatives(page: Page, what: string) {
    const images = await page.locator('body img').evaluateAll((all) =>
      all.map((img) => ({ src: (img as HTMLImageElement).src.slice(-60), alt: img.getAttribute('alt'), linkText: (img.closest('a, button') as HTMLElement | null)?.innerText.trim() ?? null })),
    );
    for (const image of images) {
      expect(image.alt, `an alt on the image ${image.src} of ${what}`).not.toBeNull();
      if (image.alt) expect(image.alt, `the alt of ${image.src} on ${what} says something`).not.toMatch(/\.(png|jpe?g|gif|webp|svg)$|^(image|img|이미지|사진)$/i);
      // A decorative image inside a link or button: the link's own text names it.
      else if (image.linkText !== null) expect(image.linkText, `the link around the decorative ${image.src} on ${what} has text`).not.toBe('');
    }
    const svgs = await page.locator('body svg').evaluateAll((all) =>
      all.map((svg) => ({ hidden: svg.closest('[aria-hidden="true"]') !== null, named: svg.getAttribute('role') === 'img' && !!(svg.getAttribute('aria-label') || svg.querySelector('title')) })),
    );
    for (const svg of svgs) expect(svg.hidden || svg.named, `an inline SVG on ${what} is hidden or named`).toBe(true);
    return images.length + svgs.length;
  }

  test('images on the home page, the video list and a post say what they are or are marked decorative', async ({ page, request }) => {
    let seen = 0;
    await page.goto(paths.home);
    await expect(page.locator('main a[href*="/view/" i]').first()).toBeVisible();
    seen += await expectImageAlternatives(page, 'the home page');
    await page.goto(paths.boardList('Reference', 'promotionVideo'));
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    seen += await expectImageAlternatives(page, 'the video list');
    const { content } = await latestItems(request, 'notice', 1);
    await page.goto(paths.boardView('Nids', 'notice', content[0]!.itemNo));
    await expect(page.locator('main article')).toBeVisible();
    seen += await expectImageAlternatives(page, 'a notice');
    await page.goto(paths.nidsOrganization);
    await expect(page.locator('main h1')).toBeVisible();
    seen += await expectImageAlternatives(page, 'the organisation page');
    // The check looked at something (the official banner's flag and the logo at least).
    expect(seen).toBeGreaterThan(0);
  });
});
