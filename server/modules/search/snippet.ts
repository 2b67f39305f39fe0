import type { SearchTextPart } from '@contract';

/**
 * Titles and snippets of the site search (issue 23), made on the server from plain text (a post's
 * text with its tags removed, a page's text, a file name): parts of text, the keyword's matches
 * marked, which the screen renders as text and <mark>. No stored HTML reaches a result.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keyword's occurrences, case-insensitive, as the search's LIKE / ILIKE matched them. */
function matcher(keyword: string): RegExp | null {
  const k = keyword.trim();
  return k ? new RegExp(escapeRegExp(k), 'giu') : null;
}

/** `text` cut into parts, each occurrence of the keyword a marked part. */
export function highlight(text: string, keyword: string): SearchTextPart[] {
  const re = matcher(keyword);
  if (!re || !text) return text ? [{ text, mark: false }] : [];
  const parts: SearchTextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), mark: false });
    parts.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/** Does `text` contain the keyword (case-insensitive)? */
export function contains(text: string, keyword: string): boolean {
  const re = matcher(keyword);
  return re !== null && re.test(text);
}

/** A code-unit index moved off the second half of a surrogate pair, so a cut never splits a character. */
function safeCut(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i + 1 : i;
}

/**
 * About `width` characters of `text`: from its start when the keyword's first occurrence is
 * within them, else around it (a fifth of them before it), with an ellipsis where text was cut.
 */
export function snippet(text: string, keyword: string, width = 120): SearchTextPart[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const re = matcher(keyword);
  const found = re ? flat.search(re) : -1;
  // Start at the beginning when the keyword is already within the first `width` characters.
  const fits = found >= 0 && found + keyword.trim().length <= width;
  let start = found > 0 && !fits ? Math.max(0, found - Math.floor(width / 5)) : 0;
  start = safeCut(flat, start);
  const end = Math.min(flat.length, safeCut(flat, start + width));
  const parts = highlight(flat.slice(start, end), keyword);
  if (start > 0) parts.unshift({ text: '…', mark: false });
  if (end < flat.length) parts.push({ text: '…', mark: false });
  return parts;
}
