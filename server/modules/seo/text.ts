/** Text helpers for the XML and HTML the search-engine pages send. */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for XML and HTML, in element content and in quoted attributes alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/**
 * A plain-text excerpt of a post for descriptions: whitespace collapsed, at most `max` characters
 * (whole code points, so Hangul is never cut in half), with an ellipsis when cut.
 */
export function excerpt(text: string, max = 150): string {
  // Characters XML 1.0 forbids (control characters other than tab and newlines) would break a feed.
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/\s+/g, ' ').trim();
  // The end of the first `max` code points, found without splitting the whole text into them (a
  // page of a post nobody opened lately makes its description from 400 characters of its text).
  let end = 0;
  for (let points = 0; points < max && end < clean.length; points++) end += pairAt(clean, end) ? 2 : 1;
  return end >= clean.length ? clean : `${clean.slice(0, end).trimEnd()}…`;
}

/** Whether a surrogate pair (one code point in two UTF-16 units) starts at `i`. */
function pairAt(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit < 0xd800 || unit > 0xdbff) return false;
  const next = text.charCodeAt(i + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

/** The site's public origin as this request reached it (honours TRUST_PROXY through Fastify). */
export function originOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}
