/**
 * HTTP caching helpers of the guest answers (issue 8): weak ETag comparison for `If-None-Match`,
 * and the encoding a client takes. The guest answers themselves (ETag, `no-cache`, 304, who gets
 * them) are sent in one place, server/guest-answers.ts; the first-load page heads
 * (modules/seo/page-head.ts) and the dynamic compression (server/dynamic-compression.ts) use these too.
 */

/** Weak comparison (RFC 9110 §8.8.3.2): `W/"x"` and `"x"` match; `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/** Which of the two encodings the site sends the client takes (`;q=0` refuses one, `*` stands for gzip). */
export function acceptedEncodings(header: string): { br: boolean; gzip: boolean } {
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return { br, gzip };
}

let lastAcceptEncoding: string | undefined;
let lastAccepted: { br: boolean; gzip: boolean } = { br: false, gzip: false };

/**
 * The encoding to send in: `first` if the client takes it, else the other, else none. br first for
 * most answers (smaller); gzip first for a post's, whose view count changes per visitor and whose
 * gzip is stitched around it instead of compressed anew (count-gzip.ts). Clients repeat one
 * header, so the last one's reading is remembered.
 */
export function preferredEncoding(header: string | undefined, first: 'br' | 'gzip' = 'br'): 'br' | 'gzip' | null {
  if (!header) return null;
  if (header !== lastAcceptEncoding) {
    lastAccepted = acceptedEncodings(header);
    lastAcceptEncoding = header;
  }
  const { br, gzip } = lastAccepted;
  if (first === 'gzip') return gzip ? 'gzip' : br ? 'br' : null;
  return br ? 'br' : gzip ? 'gzip' : null;
}
