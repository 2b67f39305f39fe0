import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BoardCache, CachedAnswer } from './cache';
import { PRIVATE_NO_STORE } from '../../private-answers';

/**
 * HTTP caching of the board read paths (issue 8). Guest answers carry a weak ETag and
 * `Cache-Control: no-cache` (store, but ask every time: a post may change any minute), and a
 * matching `If-None-Match` gets `304`. Signed-in answers carry per-user fields (editable, secret
 * titles, permissions): `private, no-store`, so no shared cache keeps them. Both vary on
 * Authorization, so a shared cache never hands a guest's answer to a member or back.
 */
const VARY = 'Authorization, Accept-Encoding';

export function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', PRIVATE_NO_STORE).header('vary', VARY);
}

/** Sends a cached guest answer: 304 when the client has it, else the body, compressed once and kept. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: BoardCache,
  entry: CachedAnswer,
  viewCount?: number,
): FastifyReply {
  const rendered = cache.render(entry, viewCount);
  reply.header('cache-control', 'no-cache').header('vary', VARY).header('etag', rendered.etag);
  if (etagMatches(request.headers['if-none-match'], rendered.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding ? cache.compressed(entry, rendered, encoding) : null;
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(cache.bytesOf(entry, rendered));
}

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
let lastEncoding: 'br' | 'gzip' | null = null;

/** br if the client takes it, else gzip, else none. Clients repeat one header, so the last is remembered. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  if (header === lastAcceptEncoding) return lastEncoding;
  const { br, gzip } = acceptedEncodings(header);
  lastAcceptEncoding = header;
  lastEncoding = br ? 'br' : gzip ? 'gzip' : null;
  return lastEncoding;
}
