import { a11yViolations, expect, test } from './fixtures';

/**
 * The axe check every screen goes through (fixtures.ts, a11yViolations) finds what it is for: a
 * sweep that reports nothing proves only something if a planted fault is reported.
 */
test('the axe check reports an unlabelled field, low-contrast text and a nameless button planted on a screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await a11yViolations(page), 'the home page as served').toEqual([]);

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const field = document.createElement('input');
    field.type = 'text';
    const faint = document.createElement('p');
    faint.textContent = '흐린 글자';
    faint.style.color = '#c8c8c8';
    faint.style.background = '#ffffff';
    const button = document.createElement('button');
    button.type = 'button';
    main.append(field, faint, button);
  });
  const found = (await a11yViolations(page)).map((line) => line.split(':')[0]);
  expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/ label$/), expect.stringMatching(/ color-contrast$/), expect.stringMatching(/ button-name$/)]));
});
