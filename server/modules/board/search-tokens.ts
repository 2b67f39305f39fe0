/**
 * Korean search without trigram limits (docs/decisions/0004-korean-search.md): each searchable
 * text is cut into its single characters and adjacent pairs, prefixed by field (t: title,
 * c: content, w: writer), and kept in one array column under a GIN index. A query's pairs must
 * all be present (index lookup) and the exact substring is then rechecked on the candidates.
 */
export type SearchField = 't' | 'c' | 'w' | 'f';

const namedEntities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Tags that end a block of text; inline tags (strong, em, a, span...) join the text around them. */
const blockTags =
  'address|article|aside|blockquote|br|caption|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|iframe|img|li|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul|video';
const blockTag = new RegExp(`<\\/?(?:${blockTags})\\b[^>]*>`, 'gi');

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return namedEntities[name.toLowerCase()] ?? entity;
}

/** Text of an HTML fragment, as a reader sees it: the one text both tokens and rechecks use. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(blockTag, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

function grams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/\s+/)) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      out.add(chars[i]!);
      if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
    }
  }
  return out;
}

export function buildSearchTokens(item: { title: string; contentText: string; writerName: string }): string[] {
  const tokens = new Set<string>();
  for (const g of grams(item.title)) tokens.add(`t:${g}`);
  for (const g of grams(item.contentText)) tokens.add(`c:${g}`);
  for (const g of grams(item.writerName)) tokens.add(`w:${g}`);
  return [...tokens];
}

/**
 * The tokens of a post's attachments' file names (f:), kept beside the others so the site search
 * finds a post by its files from the same GIN index (issue 23). Written whenever the attachments
 * change; the other tokens' rebuilds keep them.
 */
export function fileNameTokens(fileNames: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (const name of fileNames) for (const g of grams(name)) tokens.add(`f:${g}`);
  return [...tokens];
}

/** The tokens a keyword needs in one field: its pairs, or its single character. */
export function queryTokens(field: SearchField, keyword: string): string[] {
  const out = new Set<string>();
  for (const word of keyword.toLowerCase().split(/\s+/).filter(Boolean)) {
    const chars = Array.from(word);
    if (chars.length === 1) out.add(`${field}:${chars[0]}`);
    for (let i = 0; i + 1 < chars.length; i++) out.add(`${field}:${chars[i]}${chars[i + 1]}`);
  }
  return [...out];
}
