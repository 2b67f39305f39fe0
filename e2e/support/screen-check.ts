import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoA11yViolations, test, type PageErrors } from '../fixtures';
import { expectKeyboardWalk } from './keyboard-walk';

/**
 * What every screen is held to (issue 11), at a phone width and a desktop width: axe finds no
 * WCAG 2.2 A/AA violation of any impact, nothing scrolls sideways, controls are 44 x 44 px touch
 * targets, no text is under 16 px, the screen is neither blank nor unstyled, and its first stops
 * by keyboard show their focus (e2e/support/keyboard-walk.ts). A full-page
 * screenshot of each is kept in test-results/screens/ (and attached to the test) to look at.
 */
export const SCREEN_WIDTHS = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
] as const;

export const MIN_TARGET = 44;
export const MIN_TEXT_PX = 16;

/**
 * Nothing reaches past the right edge of the viewport: the document does not scroll sideways and
 * no visible element sticks out of it, in the page or in a modal dialog (which is on the top layer
 * and never widens the document). An element clipped by an ancestor that scrolls or hides its
 * overflow inside the viewport (a labelled scroll region, an ellipsis) does not count.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
    const clippedInside = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || box.right <= width + 1) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && !clippedInside(el);
      })
      .slice(0, 10)
      .map((el) => `${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px of ${width}`);
    if (root.scrollWidth > width && out.length === 0) out.push(`the document is ${root.scrollWidth} px wide in a ${width} px viewport`);
    return out;
  });
  expect.soft(overflow, `nothing scrolls sideways on ${what}`).toEqual([]);
}

/**
 * Every visible control is at least 44 x 44 px. Links inside a sentence are exempt (WCAG 2.5.8's
 * inline exception): they are as tall as the text they sit in. A checkbox or radio counts with
 * its label, which toggles it too.
 */
export async function expectTouchTargets(page: Page, what: string): Promise<void> {
  const small = await page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [tabindex="0"]';
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('name') || '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${name}"`;
    };
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = (el.textContent || '').trim().length;
      return (block.textContent || '').trim().length > own;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      // Visually hidden (screen-reader only) and off-screen elements are not touch targets.
      if (box.width <= 1 || box.height <= 1 || box.bottom < 0 && box.top < -1000) continue;
      if (el.closest('[aria-hidden="true"], [inert], .ProseMirror, .post-content, .terms-document')) continue;
      if (el.tagName === 'A' && inSentence(el)) continue;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) out.push(`${describe(el)} is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
    return out;
  }, MIN_TARGET);
  expect.soft(small, `every control on ${what} is at least ${MIN_TARGET} x ${MIN_TARGET} px`).toEqual([]);
}

/** No visible text is smaller than 16 px (KRDS body 17 px, never under 16 px). */
export async function expectReadableText(page: Page, what: string): Promise<void> {
  const tiny = await page.evaluate((min) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !(node.textContent || '').trim()) continue;
      seen.add(el);
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const size = parseFloat(style.fontSize);
      if (size + 0.01 < min) out.push(`${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(node.textContent || '').trim().slice(0, 20)}" is ${size} px`);
    }
    return out.slice(0, 15);
  }, MIN_TEXT_PX);
  expect.soft(tiny, `no text under ${MIN_TEXT_PX} px on ${what}`).toEqual([]);
}

/**
 * The screen rendered with its styles: every style sheet it links to is loaded, the design tokens
 * are there, the body uses Pretendard GOV at 17 px or more, there is a visible heading and text,
 * and the picture is not one flat colour.
 */
export async function expectStyledScreen(page: Page, what: string, screenshot: Buffer): Promise<void> {
  const look = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const body = getComputedStyle(document.body);
    const main = document.querySelector('main') ?? document.body;
    return {
      tokens: root.getPropertyValue('--color-primary').trim(),
      font: body.fontFamily,
      bodySize: parseFloat(body.fontSize),
      text: (main as HTMLElement).innerText.trim().length,
      heading: !!document.querySelector('h1'),
      // Every style sheet the screen links to arrived and holds rules (a screen's own chunk's too).
      sheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      emptySheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .filter((link) => !link.sheet || link.sheet.cssRules.length === 0)
        .map((link) => link.href),
    };
  });
  expect.soft(look.sheets, `${what} links its style sheets`).toBeGreaterThan(0);
  expect.soft(look.emptySheets, `every style sheet of ${what} is loaded`).toEqual([]);
  expect.soft(look.tokens, `the design tokens are loaded on ${what}`).not.toBe('');
  expect.soft(look.font, `the body font on ${what}`).toContain('Pretendard GOV');
  expect.soft(look.bodySize, `body text size on ${what}`).toBeGreaterThanOrEqual(17);
  expect.soft(look.heading, `an <h1> on ${what}`).toBe(true);
  expect.soft(look.text, `the main content of ${what} has text`).toBeGreaterThan(20);

  // A blank or unstyled screen is a few flat colours; a styled one has many (text, borders, tints).
  const { data, info } = await sharp(screenshot).resize(320, null, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  expect.soft(colours.size, `the screenshot of ${what} is not blank`).toBeGreaterThan(50);
}

function slug(name: string): string {
  return name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** A full-page screenshot kept in test-results/screens/ and attached to the test. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<Buffer> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const file = path.join(testInfo.project.outputDir, 'screens', `${slug(name)}-${width}.jpg`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // JPEG: half the time of a PNG of a long page in a busy browser, and a screen to look at either way.
  // Attached by its path: a body would travel to the runner and into the JSON report as base64.
  const shot = await page.screenshot({ fullPage: true, path: file, type: 'jpeg', quality: 80, animations: 'disabled' });
  await testInfo.attach(`${name} at ${width} px`, { path: file, contentType: 'image/jpeg' });
  return shot;
}

/** Waits until Pretendard GOV is in use on the page (asked for once the screen has painted: web/src/app/fonts.ts). */
export async function expectPretendardLoaded(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((face) => /Pretendard GOV/.test(face.family) && face.status === 'loaded')), {
      message: `Pretendard GOV is loaded on ${what}`,
      timeout: 10_000,
    })
    .toBe(true);
}

export interface ScreenCheckOptions {
  /** Skip the touch-target rule only where a screen legitimately cannot meet it (say why at the call). */
  touchTargets?: boolean;
  /**
   * Whether the page-satisfaction form can load (issue 23): false where the test refuses the
   * screen's scripts, so the form stays as it is (loaded already, or never).
   */
  pageFeedback?: boolean;
}

/**
 * The page-satisfaction form (issue 23) loads when the foot of a screen nears the view: brought in
 * first, so every check (axe, targets, the keyboard walk's count) sees the screen as a reader who
 * scrolled down does, and the walk does not find stops that appeared after they were counted.
 */
async function loadPageFeedback(page: Page): Promise<void> {
  const slot = page.locator('.page-feedback-slot');
  if ((await slot.count()) === 0) return;
  await slot.scrollIntoViewIfNeeded();
  await expect(slot.getByRole('group', { name: '이 페이지에서 제공하는 정보에 대하여 만족하십니까?' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Everything issue 11 holds a screen to, at the page's current viewport. */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string, options: ScreenCheckOptions = {}): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const what = `${name} at ${width} px`;
  // Fonts and lazy images settle before anything is measured or pictured. Pretendard GOV is asked
  // for once the screen has painted (web/src/app/fonts.ts): the screen is pictured in it, not in
  // the system's typeface it falls back to.
  await expectPretendardLoaded(page, what);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (options.pageFeedback !== false) await loadPageFeedback(page);
  const shot = await keepScreenshot(page, testInfo, name);
  await expectStyledScreen(page, what, shot);
  await expectNoSidewaysScroll(page, what);
  await expectReadableText(page, what);
  if (options.touchTargets !== false) await expectTouchTargets(page, what);
  await expectNoA11yViolations(page, what);
  // Last: the walk moves the focus (and may scroll), which the checks above do not expect.
  await expectKeyboardWalk(page, what);
}

/**
 * For a test that walks several screens in one browser context: a `test.step` per screen that
 * also fails on any script or console error the screen's own step raised, unless it matches the
 * patterns that step allows. The test allows the union of the steps' patterns with
 * `pageErrors.allow` (so the fixture's end-of-test check passes on them); each step is held to
 * its own list here, as it was when each screen was a test of its own.
 */
export function stepWithErrors(pageErrors: PageErrors) {
  return async (title: string, allowed: readonly RegExp[], body: () => Promise<void>): Promise<void> => {
    await test.step(title, async () => {
      const before = pageErrors.seen.length;
      await body();
      const unexpected = pageErrors.seen.slice(before).filter((entry) => !allowed.some((pattern) => pattern.test(entry)));
      expect(unexpected, `no script error or console error on ${title}`).toEqual([]);
    });
  };
}
