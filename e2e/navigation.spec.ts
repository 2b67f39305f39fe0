import { seededMenu as menu } from './support/seeded-menu';
import { expect, expectKoreanDocument, expectScreen, SITE_NAME, test } from './fixtures';

/** Boards only members may read: a guest gets a Korean login-needed screen, and the API says 401. */
const MEMBERS_ONLY = /\/member\//i;
/** The browser logs a refused API call (401/403) as a console error; members-only screens expect it. */
const REFUSED_API_CALL = /console\.error: Failed to load resource: the server responded with a status of 40[13] .*\/api\//;

const links = menu.flatMap((group) => group.links.map((link) => ({ group, link })));

test.describe('every menu link', () => {
  test('the menu lists every screen of the site', () => {
    expect(menu.map((g) => g.label)).toEqual(['기관소개', '회원서비스', '환자등록시스템', '자료실', '커뮤니티', '알림마당']);
    expect(links.length).toBeGreaterThanOrEqual(16);
  });

  // One page loads every link in turn (a fresh load each, as a bookmark would), instead of a
  // browser context per link.
  test('every menu link opens its screen when loaded directly', async ({ page, pageErrors }) => {
    test.setTimeout(90_000);
    pageErrors.allow(REFUSED_API_CALL);
    for (const { group, link } of links) {
      await test.step(`${group.label} > ${link.label} (${link.to})`, async () => {
        const errorsBefore = pageErrors.seen.length;
        const response = await page.goto(link.to);
        expect(response?.status(), link.to).toBe(200);
        await expectScreen(page, link.to);
        const title = await expectKoreanDocument(page, link.to);
        // Each screen names itself in the title ("화면 | 사이트"), not just the site name.
        expect(title, `the <title> of ${link.to} names the screen`).not.toBe(SITE_NAME);
        if (MEMBERS_ONLY.test(link.to)) {
          await expect(page.locator('main'), `a guest is told to sign in, in Korean, on ${link.to}`).toContainText(/로그인/);
        }
        if (/\/account\//i.test(link.to)) {
          // Account screens are real forms now: a labelled text field and a submit button, no placeholder.
          await expect(page.locator('main form').first()).toBeVisible();
          await expect(page.locator('main').getByRole('textbox').first()).toBeVisible();
          await expect(page.locator('main')).not.toContainText('준비 중');
        }
        // A refused API call is expected on the members-only boards only.
        if (!MEMBERS_ONLY.test(link.to)) {
          expect(pageErrors.seen.slice(errorsBefore).filter((entry) => REFUSED_API_CALL.test(entry)), `no refused API call on ${link.to}`).toEqual([]);
        }
      });
    }
  });

  test('clicking through the whole menu from the home page opens every screen', async ({ page, pageErrors }) => {
    // Some twenty screens one after another: more than the default 30 s on a busy two-core machine.
    test.setTimeout(90_000);
    pageErrors.allow(REFUSED_API_CALL);
    await page.goto('/');
    await expectScreen(page, '/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const { group, link } of links) {
      await nav.getByRole('button', { name: group.label, exact: true }).click();
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === link.to.toLowerCase());
      const heading = await expectScreen(page, link.to);
      expect(heading).toMatch(/[\uac00-\ud7a3]/);
      await expectKoreanDocument(page, link.to);
    }
  });
});

test.describe('menu by keyboard and on a phone', () => {
  test('Tab reaches a group button, Enter opens it, Escape closes it', async ({ page }) => {
    await page.goto('/');
    await expectScreen(page, '/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    const firstGroup = nav.getByRole('button', { name: menu[0]!.label, exact: true });

    // Tab from the top of the page until the first group button has the focus.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      if (await firstGroup.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(firstGroup).toBeFocused();
    await expect(firstGroup).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(firstGroup).toHaveAttribute('aria-expanded', 'true');
    const firstLink = nav.getByRole('link', { name: menu[0]!.links[0]!.label, exact: true });
    await expect(firstLink).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(firstGroup).toHaveAttribute('aria-expanded', 'false');
    await expect(firstLink).toBeHidden();

    // Space opens it too, and Tab then walks into its links; Enter follows one.
    await firstGroup.focus();
    await page.keyboard.press('Space');
    await expect(firstGroup).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(firstLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${menu[0]!.links[0]!.to}$`, 'i'));
    await expectScreen(page);
    // The focus moves to the new screen's content, not back to the top of the page.
    await expect(page.locator('#main-content')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
  });

  test.describe('phone viewport', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the "전체 메뉴" button opens the menu', async ({ page }) => {
      await page.goto('/');
      await expectScreen(page, '/');
      const nav = page.getByRole('navigation', { name: '주 메뉴' });
      const toggle = nav.getByRole('button', { name: '전체 메뉴' });
      const group = nav.getByRole('button', { name: '알림마당', exact: true });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(group).toBeHidden();

      await toggle.click();
      await expect(nav.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute('aria-expanded', 'true');
      await expect(group).toBeVisible();

      await group.click();
      await nav.getByRole('link', { name: '공지사항', exact: true }).click();
      await expect(page).toHaveURL(/\/nids\/notice\/list\/?$/i);
      await expect(page.locator('h1')).toHaveText('공지사항');
      // Navigating closes the menu again.
      await expect(nav.getByRole('button', { name: '전체 메뉴' })).toHaveAttribute('aria-expanded', 'false');
    });

    test('by keyboard: Escape closes the phone menu and gives the focus back to its button', async ({ page }) => {
      await page.goto('/');
      await expectScreen(page, '/');
      const nav = page.getByRole('navigation', { name: '주 메뉴' });
      // Named 전체 메뉴 while closed and 메뉴 닫기 while open.
      const toggle = nav.getByRole('button', { name: /^(전체 메뉴|메뉴 닫기)$/ });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveText(/메뉴 닫기/);

      // Into the panel: the site search's field and button first (issue 23), then the first group,
      // opened with Enter, then its first link.
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('combobox', { name: '통합검색 검색어' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('button', { name: '검색', exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      const group = nav.getByRole('button', { name: menu[0]!.label, exact: true });
      await expect(group).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: menu[0]!.links[0]!.label, exact: true })).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(group).toBeHidden();
      await expect(toggle, 'the focus is back on the menu button').toBeFocused();
    });

    test('the phone menu is a panel as wide as the screen and closes when the focus leaves it', async ({ page }) => {
      await page.goto('/');
      await expectScreen(page, '/');
      const nav = page.getByRole('navigation', { name: '주 메뉴' });
      const toggle = nav.getByRole('button', { name: /^(전체 메뉴|메뉴 닫기)$/ });
      await toggle.click();
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await expect(panel).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x, 'the panel starts at the left edge').toBeLessThanOrEqual(1);
      expect(box.width, 'the panel spans the screen').toBeGreaterThanOrEqual(389);

      // Shift+Tab from the menu button leaves the menu: it closes rather than covering the page.
      await toggle.focus();
      await page.keyboard.press('Shift+Tab');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();
    });
  });
});

test.describe('menu groups by keyboard on a desktop', () => {
  test('Escape from a link inside an open group closes it and puts the focus on the group button', async ({ page }) => {
    await page.goto('/');
    await expectScreen(page, '/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    const group = nav.getByRole('button', { name: menu[3]!.label, exact: true });
    await group.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const link = nav.getByRole('link', { name: menu[3]!.links[0]!.label, exact: true });
    await expect(link).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await expect(group).toBeFocused();
  });
});

// The skip link (the first Tab, Enter to the main content, the next Tab inside it): e2e/keyboard.spec.ts,
// at 360 and 1280 px.

test.describe('routes ignore case and a trailing slash', () => {
  test('/Account/Signin and /account/signin show the same screen; three spellings of the notice list show it', async ({ page }) => {
    await page.goto('/Account/Signin');
    const upper = await expectScreen(page);
    const upperTitle = await expectKoreanDocument(page);
    await page.goto('/account/signin');
    const lower = await expectScreen(page);
    expect(lower).toBe(upper);
    expect(await expectKoreanDocument(page)).toBe(upperTitle);

    for (const url of ['/Nids/Notice/List/', '/nids/notice/list', '/NIDS/NOTICE/LIST']) {
      await page.goto(url);
      await expect(page.locator('h1'), url).toHaveText('공지사항');
      await expect(page.locator('main a[href*="/view/" i]').first(), url).toBeVisible();
      await expectKoreanDocument(page, url);
    }
  });
});
