import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Walking a screen by keyboard (KWCAG 2.2: 2.1.1 keyboard, 2.4.3 focus order, 2.4.7 and 2.4.11
 * focus visible): the stops Tab reaches, the focus ring each draws, and their reading order.
 */

export interface Stop {
  name: string;
  tag: string;
  top: number;
  bottom: number;
  left: number;
  /** The focus ring as drawn: outline style, width (px), colour and the colour behind it. */
  outline: { style: string; width: number; colour: string; behind: string };
}

/**
 * The focused element's name, box and focus ring, read in the page. Self-contained (it runs from
 * its source text in the page): `focused` runs it alone, `focusAfterTab` with the walk's state.
 */
function describeFocus(): Stop | null {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
  const name = (
    el.getAttribute('aria-label') ||
    (labelled as HTMLElement | null)?.innerText ||
    (el.closest('label') as HTMLElement | null)?.innerText ||
    (el as HTMLElement).innerText ||
    ''
  )
    .replace(/\s+/g, ' ')
    // "아이디(필수)" and "아이디 (필수)" are the same label, with or without the mark's margin.
    .replace(/\s*\((필수|선택)\)/, ' ($1)')
    .trim();
  const box = el.getBoundingClientRect();
  // A card whose link covers it draws the ring round the whole card (:has(:focus-visible)):
  // the ring is the nearest one drawn, on the element or a close ancestor.
  let ringed: Element = el;
  for (let node = el, depth = 0; node && depth < 4; node = node.parentElement!, depth++) {
    if (getComputedStyle(node).outlineStyle !== 'none') {
      ringed = node;
      break;
    }
  }
  const style = getComputedStyle(ringed);
  // The ring sits outside the element (outline-offset): the colour behind it is the nearest
  // opaque background of its ancestors.
  let behind = 'rgb(255, 255, 255)';
  for (let node = ringed.parentElement; node; node = node.parentElement) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
      behind = bg;
      break;
    }
  }
  return {
    name,
    tag: el.tagName.toLowerCase(),
    top: box.top + window.scrollY,
    bottom: box.bottom + window.scrollY,
    left: box.left + window.scrollX,
    outline: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, behind },
  };
}

/** The element that has the focus: its name, box and focus ring. */
export function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(describeFocus);
}

function channels(colour: string): [number, number, number] {
  const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(colour);
  if (!match) throw new Error(`not an rgb colour: ${colour}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** WCAG contrast ratio of two rgb() colours. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = channels(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The focus ring of this stop is visible: 2 px or more, and 3:1 against what is behind it. */
export function expectVisibleFocus(stop: Stop) {
  expect.soft(stop.outline.style, `a focus outline on ${stop.tag} "${stop.name}"`).not.toBe('none');
  expect.soft(stop.outline.width, `the focus outline of ${stop.tag} "${stop.name}" is 2 px or more`).toBeGreaterThanOrEqual(2);
  const ratio = contrast(stop.outline.colour, stop.outline.behind);
  expect.soft(ratio, `the focus outline of ${stop.tag} "${stop.name}" (${stop.outline.colour} on ${stop.outline.behind}) at 3:1`).toBeGreaterThanOrEqual(3);
}

/**
 * Presses Tab from the start of `scope` until the focus leaves it, and gives every stop on the way.
 * The focus starts on the main content (as after 본문 바로가기).
 */
export async function tabThrough(page: Page, scope: Locator, max = 60): Promise<Stop[]> {
  await page.locator('#main-content').focus();
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const inside = await scope.evaluate((el) => el.contains(document.activeElement));
    if (!inside) {
      if (stops.length) break;
      continue;
    }
    const stop = await focused(page);
    if (stop) stops.push(stop);
  }
  return stops;
}

/** Each stop comes after the one before it in reading order: further down, or on the same line to the right. */
export function expectReadingOrder(stops: Stop[], what: string) {
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1]!, stops[i]!];
    const sameLine = b.top < a.bottom - 4 && b.bottom > a.top + 4;
    const ok = sameLine ? b.left > a.left : b.top >= a.top;
    expect.soft(ok, `on ${what}, "${b.name}" comes after "${a.name}" in reading order`).toBe(true);
  }
}


interface FocusAfterTab {
  /** In the walk's scope, nowhere in the page (the browser's own controls), or elsewhere in it. */
  where: 'inside' | 'browser' | 'elsewhere';
  onScreen: boolean;
  /** A path of child indexes: names the element well enough to see the walk stand still. */
  key: string;
  dateParts: boolean;
  isScope: boolean;
  stop: Stop | null;
}

/**
 * Where the focus is after a Tab, and the stop it is on, in one round trip to the page (the walk
 * presses Tab a dozen times a screen: two reads a press made it the sweeps' second-costliest check).
 * The scope is the last element `scopeSelector` matches (the open dialog on top, or the main content).
 */
function readFocusAfterTab(selector: string, describe: () => Stop | null): FocusAfterTab {
  const scopes = document.querySelectorAll(selector);
  const root = scopes[scopes.length - 1];
  const el = document.activeElement;
  if (!root || !el || el === document.body) return { where: 'browser', onScreen: false, key: '', dateParts: false, isScope: false, stop: null };
  const dateParts = el instanceof HTMLInputElement && ['date', 'time', 'datetime-local', 'month', 'week'].includes(el.type);
  const box = el.getBoundingClientRect();
  const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  const key: number[] = [];
  for (let node: Element | null = el; node?.parentElement; node = node.parentElement) key.unshift([...node.parentElement.children].indexOf(node));
  return { where: root.contains(el) ? 'inside' : 'elsewhere', onScreen, key: key.join('.'), dateParts, isScope: el === root, stop: describe() };
}

function focusAfterTab(page: Page, scopeSelector: string): Promise<FocusAfterTab> {
  // Both functions go to the page as source text in one expression (an evaluated expression is not
  // held to the page's Content-Security-Policy, as a `new Function` in the page would be).
  return page.evaluate(`(${readFocusAfterTab.toString()})(${JSON.stringify(scopeSelector)}, ${describeFocus.toString()})`) as Promise<FocusAfterTab>;
}

/**
 * The keyboard walk every screen gets from checkScreen (issue 11: every screen works by keyboard
 * with visible focus). No element takes a positive tabindex, which would pull it out of reading
 * order. Each stop is scrolled into view when focused and draws a ring of 2 px or more at 3:1.
 *
 * - On a screen: from the main content (as after 본문 바로가기), Tab reaches its first `max`
 *   stops, moving on every time (no keyboard trap).
 * - In an open modal dialog: Tab goes round every stop of the dialog and never to the page behind
 *   it. Past the last stop the browser may take the focus to its own controls (the document has
 *   none then), as the HTML dialog does; the next Tab comes back to the dialog.
 */
export async function expectKeyboardWalk(page: Page, what: string, max = 12): Promise<void> {
  const positive = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[tabindex]')].filter((el) => el.tabIndex > 0).map((el) => el.outerHTML.slice(0, 80)),
  );
  expect.soft(positive, `no positive tabindex on ${what}`).toEqual([]);
  const dialog = page.locator('dialog[open]').last();
  const inDialog = (await dialog.count()) > 0;
  const scopeSelector = inDialog ? 'dialog[open]' : 'main';
  const scope = page.locator(scopeSelector).last();
  if (!inDialog) await page.locator('#main-content').focus();
  // What Tab should find there: visible controls, links, summaries, frames and players (a scroll
  // region counts, with tabindex 0).
  const reachable = await scope.evaluate((root) => {
    const stops = [
      ...root.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, summary, iframe, video[controls], audio[controls], [contenteditable="true"], [tabindex="0"]',
      ),
    ].filter(
      // tabindex -1 takes an element out of the walk: a toolbar's other buttons, reached by the arrow keys.
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert]'),
    );
    // A group of radio buttons is one stop (the arrow keys choose within it).
    const groups = new Set<string>();
    return stops.filter((el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
      if (groups.has(el.name)) return false;
      groups.add(el.name);
      return true;
    }).length;
  });
  const expected = inDialog ? reachable : Math.min(reachable, max);
  let previous = '';
  const seen = new Map<string, string>();
  // A date field's parts take a Tab each. A dialog is gone round once and a bit (its stops, the
  // browser's controls, back in): never out to the page.
  const presses = inDialog ? reachable * 3 + 3 : max * 3;
  let strays = 0;
  for (let i = 0; i < presses && (inDialog || seen.size < max); i++) {
    await page.keyboard.press('Tab');
    const now = await focusAfterTab(page, scopeSelector);
    if (now.where !== 'inside') {
      if (inDialog) {
        if (now.where === 'elsewhere' && strays++ === 0) {
          const stray = now.stop!;
          expect.soft(`${stray.tag} "${stray.name}"`, `the focus stays in the open dialog on ${what}`).toBe('(in the dialog)');
        }
        continue;
      }
      break;
    }
    // A date field takes one Tab for each of its parts (year, month, day) and stays the focused
    // element. A dialog may take the focus itself on the way round: it is not a stop.
    if ((now.key === previous && now.dateParts) || now.isScope) continue;
    const stop = now.stop!;
    seen.set(now.key, stop.name);
    expect.soft(now.onScreen, `"${stop.name}" (${stop.tag}) is on screen when focused on ${what}`).toBe(true);
    expectVisibleFocus(stop);
    expect.soft(now.key !== previous, `Tab moves on from "${stop.name}" on ${what}`).toBe(true);
    previous = now.key;
  }
  expect.soft(seen.size, `Tab reaches the ${reachable} controls and links of ${what} (it reached ${JSON.stringify([...seen.values()])})`).toBe(expected);
}
