/**
 * Pretendard GOV's `@font-face` rules read from its style sheet, so the faces a page shows can be
 * downloaded together and applied at once (fonts.ts). Pure functions, tested in font-faces.test.ts.
 */

export interface FaceRule {
  family: string;
  /** The `src` descriptor as written, `url(...) format(...)`. */
  source: string;
  descriptors: { style?: string; weight?: string; display?: FontDisplay; unicodeRange?: string };
  /** The code point ranges of `unicode-range`, inclusive; everything when it has none. */
  ranges: Array<[number, number]>;
}

const fontDisplays: readonly string[] = ['auto', 'block', 'swap', 'fallback', 'optional'] satisfies FontDisplay[];
const isFontDisplay = (value: string | undefined): value is FontDisplay => value !== undefined && fontDisplays.includes(value);

const EVERYTHING: Array<[number, number]> = [[0, 0x10ffff]];

/** `U+f9ca-fa0b, U+ff03, U+4??` as inclusive code point ranges. */
export function parseUnicodeRange(value: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const part of value.split(',')) {
    const m = /^\s*U\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!m) continue;
    const [, start, end] = m;
    if (start!.includes('?')) ranges.push([parseInt(start!.replace(/\?/g, '0'), 16), parseInt(start!.replace(/\?/g, 'f'), 16)]);
    else ranges.push([parseInt(start!, 16), parseInt(end ?? start!, 16)]);
  }
  return ranges;
}

/** A rule's descriptors by name (`font-family` -> `'Pretendard GOV Variable'`). */
function descriptorsOf(body: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const declaration of body.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) found.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return found;
}

/** The `@font-face` rules of a style sheet's text. */
export function parseFaceRules(css: string): FaceRule[] {
  const rules: FaceRule[] = [];
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const descriptors = descriptorsOf(body!);
    const family = descriptors.get('font-family')?.replace(/^['"]|['"]$/g, '');
    const source = descriptors.get('src');
    if (!family || !source) continue;
    const unicodeRange = descriptors.get('unicode-range');
    const display = descriptors.get('font-display');
    rules.push({
      family,
      source,
      descriptors: {
        style: descriptors.get('font-style'),
        weight: descriptors.get('font-weight'),
        display: isFontDisplay(display) ? display : undefined,
        unicodeRange,
      },
      ranges: unicodeRange ? parseUnicodeRange(unicodeRange) : EVERYTHING,
    });
  }
  return rules;
}

/** Whether one of the code points (sorted, as codePointsOf gives them) is in one of the rule's ranges. */
export function coversText(rule: FaceRule, codePoints: readonly number[]): boolean {
  // A Korean subset has hundreds of ranges and a page a few hundred characters: a binary search
  // per range keeps this to a few milliseconds on a slow phone for all 120 rules.
  return rule.ranges.some(([lo, hi]) => {
    let low = 0;
    let high = codePoints.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (codePoints[mid]! < lo) low = mid + 1;
      else high = mid;
    }
    return low < codePoints.length && codePoints[low]! <= hi;
  });
}

/** The rules the shown text needs (loaded first) and the others (added for text to come), each tested once. */
export function splitByText(rules: readonly FaceRule[], codePoints: readonly number[]): { needed: FaceRule[]; others: FaceRule[] } {
  const needed: FaceRule[] = [];
  const others: FaceRule[] = [];
  for (const rule of rules) (coversText(rule, codePoints) ? needed : others).push(rule);
  return { needed, others };
}

/** The distinct code points of a text, spaces aside, in ascending order. */
export function codePointsOf(text: string): number[] {
  const points = new Set<number>();
  for (const ch of text) if (!/\s/.test(ch)) points.add(ch.codePointAt(0)!);
  return [...points].sort((a, b) => a - b);
}
