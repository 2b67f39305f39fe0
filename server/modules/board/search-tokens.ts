/**
 * Korean search without trigram limits (docs/decisions/0004-korean-search.md): each searchable
 * text is cut into its single characters and adjacent pairs, prefixed by field (t: title,
 * c: content, w: writer), and kept in one array column under a GIN index. A query's pairs must
 * all be present (index lookup) and the exact substring is then rechecked on the candidates.
 */
export type SearchField = 't' | 'c' | 'w';

const entities: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Text of an HTML fragment, as a reader sees it. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (m) => entities[m] ?? m)
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

export function buildSearchTokens(item: { title: string; content: string; writerName: string }): string[] {
  const tokens = new Set<string>();
  for (const g of grams(item.title)) tokens.add(`t:${g}`);
  for (const g of grams(htmlToText(item.content))) tokens.add(`c:${g}`);
  for (const g of grams(item.writerName)) tokens.add(`w:${g}`);
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
