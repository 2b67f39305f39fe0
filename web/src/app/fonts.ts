import { codePointsOf, parseFaceRules, splitByText, type FaceRule } from './font-faces';

/**
 * Pretendard GOV (KRDS's typeface), split by Unicode range so a page loads only the glyphs it
 * shows: a Korean page needs 8-11 of its 120 subsets (220-315 KB). Asked for once the first screen
 * has painted (web/src/main.tsx), in the system's typeface until then, so the subsets do not
 * compete with the screen's own scripts on a phone's connection.
 *
 * As a plain style sheet, every subset that arrived re-laid out the page's text on its own: 8-11
 * layouts of the whole page one after another (50-180 ms each on a slow phone: Korean text is
 * costly to shape), each a long task. Here the faces the page's text needs are downloaded
 * together and put in use at once, one layout; the other faces are registered as well and load
 * as the browser needs them, as the style sheet's rules would (font-display: swap).
 *
 * Without it (a failed download) the system's typeface stays, which is what tokens.css names
 * after Pretendard GOV.
 */
/**
 * The text the screen shows: the root's (the body also holds the first data's JSON), without what
 * is hidden (the closed menus), which the browser would not ask fonts for either.
 */
function shownText(root: Element): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const shownParents = new Map<Element, boolean>();
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent) continue;
    let shown = shownParents.get(parent);
    if (shown === undefined) {
      // checkVisibility: Chrome 105, Safari 17.4, Firefox 106; older browsers take all the text.
      shown = typeof parent.checkVisibility === 'function' ? parent.checkVisibility() : true;
      shownParents.set(parent, shown);
    }
    if (shown) text += (node as Text).data;
  }
  return text;
}

export async function loadPretendard(): Promise<void> {
  // The sheet's text with its font URLs as built (Vite's `?inline`), in a chunk of its own.
  const { default: css } = await import('pretendard-gov/dist/web/variable/pretendardvariable-gov-dynamic-subset.css?inline');
  const root = document.getElementById('root');
  const shown = codePointsOf(root ? shownText(root) : '');
  const rules = parseFaceRules(css);
  const faceOf = (rule: FaceRule) => new FontFace(rule.family, rule.source, rule.descriptors);
  const split = splitByText(rules, shown);
  const needed = split.needed.map(faceOf);
  await Promise.allSettled(needed.map((face) => face.load()));
  for (const face of needed) document.fonts.add(face);
  for (const rule of split.others) document.fonts.add(faceOf(rule));
}
