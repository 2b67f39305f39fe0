import { feedbackMessages as m, feedbackQuestion, paths } from '@contract';
import { expect, REFUSED_REQUEST, test } from './fixtures';
import { checkScreen, SCREEN_WIDTHS } from './support/screen-check';

/**
 * Page satisfaction (issue 23) in Chromium against the real server: the form at the foot of a
 * screen, loaded as it comes into view, held to every screen's checks (axe, 44 px targets, text
 * size, keyboard walk) at 360 and 1280 px, answered by keyboard with the thanks said in the status
 * region; the same visitor's second answer that day is told it is already in. Each width answers
 * a screen of its own: an answer counts once per visitor, screen and day.
 */
const screens = { 360: paths.nidsAbout, 1280: paths.nidsHistory } as const;

for (const viewport of SCREEN_WIDTHS) {
  test(`the form at the foot of a screen, answered by keyboard, once a day, at ${viewport.width}px`, async ({ page, pageErrors }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const path = screens[viewport.width as keyof typeof screens];
    await page.goto(path);
    await page.locator('footer').scrollIntoViewIfNeeded();
    const form = page.getByRole('region', { name: '만족도 조사' });
    const question = form.getByRole('group', { name: feedbackQuestion });
    await expect(question).toBeVisible();
    await checkScreen(page, testInfo, `feedback-form-${viewport.width}`);

    // By keyboard: into the group, an arrow to the second choice, the comment, Enter on the button.
    await form.getByRole('radio', { name: '매우 만족' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '만족', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('안내가 잘 되어 있습니다.');
    await expect(form.getByText('14 / 500자')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('status')).toHaveText(m.thanks);
    await expect(form.getByRole('radio')).toHaveCount(0);

    // The same visitor again that day, after a reload: told the day's answer is in.
    pageErrors.allow(REFUSED_REQUEST);
    await page.reload();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await form.getByRole('radio', { name: '보통' }).check();
    await form.getByRole('button', { name: '의견 보내기' }).click();
    await expect(form.getByRole('status')).toHaveText(m.alreadyAnswered);
  });
}

test('no form on the bare terms pages (no site layout, spec §2)', async ({ page }) => {
  await page.goto(paths.terms);
  await expect(page.locator('h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: '만족도 조사' })).toHaveCount(0);
});
