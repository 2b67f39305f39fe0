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
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** The site's public origin as this request reached it (honours TRUST_PROXY through Fastify). */
export function originOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}
