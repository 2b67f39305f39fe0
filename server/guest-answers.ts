import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from './auth/caller';
import { getCaller } from './auth/request-caller';
import { acceptedEncodings, etagMatches, type BoardCache, type CachedAnswer } from '@server/modules/board';
import { PRIVATE_NO_STORE } from './private-answers';

/**
 * Answers from the guest cache (issues 8 and 21, docs/decisions/0023-endpoint-table.md): the one
 * place that decides who is answered from the cache, and how. A route asks for it with route()'s
 * `guestCache` option (server/route.ts); its handler never looks at who is calling for this.
 *
 * - `{ guests: read }`: a caller without a bearer token (a guest: `caller.userId === null`) gets
 *   `read`'s cached answer, made for the guest role and the same for every guest, with a weak
 *   ETag and `Cache-Control: no-cache` (store, but ask every time: a post may change any minute);
 *   a matching `If-None-Match` gets `304`. Anyone signed in reaches the handler, whose answer
 *   carries per-user fields (editable, secret titles, permissions): `private, no-store`, so no
 *   shared cache keeps it;
 * - `{ everyone: read }`: every caller gets the cached answer, which is the same for all (the
 *   board menu); the route has no handler.
 *
 * Both kinds of answer vary on Authorization, so a shared cache never hands a guest's answer to a
 * member or back. The answer rules of server/private-answers.ts still apply after this: an answer
 * to a request that carries credentials (a token, the file cookie) becomes `private, no-store`,
 * ETag or not, and so does every answer of a `noStore` entry (the POST search, whose guests read
 * the list's cached answers).
 */

/** An answer from the guest cache (server/modules/board/cache.ts), or a post view's with the view count to show. */
export type GuestAnswer = CachedAnswer | { entry: CachedAnswer; viewCount: number };

/** What route()'s `guestCache` option says: who is answered from the cache, and by which read. */
export type GuestCacheOption<Request> =
  | { guests: (request: Request, guest: Caller) => Promise<GuestAnswer> }
  | { everyone: (request: Request) => Promise<GuestAnswer> };

type Handler<Request> = (this: FastifyInstance, request: Request, reply: FastifyReply) => unknown;

const VARY = 'Authorization, Accept-Encoding';

/** How a guest's API answer from the cache is sent (here and by the front door: front-door.ts). */
export const GUEST_ANSWER_SEND = { type: 'application/json; charset=utf-8', vary: VARY } as const;

/** How a kept reader page is sent (seo/page-head.ts, and by the front door): a tag per encoding, as the web build's files. */
export const KEPT_PAGE_SEND = { type: 'text/html; charset=utf-8', vary: 'accept-encoding', tagPerEncoding: true } as const;

/** Every kept body's caching: store, but ask every time (a post may change any minute). */
export const KEPT_CACHE_CONTROL = 'no-cache';

/**
 * The route's handler with the guest cache in front of it: the decision above, made once for every
 * route that asks for it. `handler` answers the callers the cache does not (none for `everyone`).
 */
export function withGuestCache<Request extends FastifyRequest>(option: GuestCacheOption<Request>, handler?: Handler<Request>): Handler<Request> {
  if ('everyone' in option) {
    if (handler) throw new Error('a route whose every caller reads from the guest cache has no handler of its own');
    const read = option.everyone;
    return async (request, reply) => sendGuestAnswer(request, reply, await read(request));
  }
  if (!handler) throw new Error('a route whose guests read from the guest cache needs a handler for everyone else');
  const read = option.guests;
  return async function (request, reply) {
    const caller = await getCaller(request);
    if (caller.userId === null) return sendGuestAnswer(request, reply, await read(request, caller));
    reply.header('cache-control', PRIVATE_NO_STORE).header('vary', VARY);
    return handler.call(this, request, reply);
  };
}

/** Sends a cached answer: 304 when the client has it, else the body, compressed once and kept. */
function sendGuestAnswer(request: FastifyRequest, reply: FastifyReply, answer: GuestAnswer): FastifyReply {
  // The same address asked again is answered before Fastify while this answer is kept (front-door.ts);
  // a post's is not: it counts a view each time.
  if (!('entry' in answer)) request.server.frontDoor.remember(request, answer);
  return sendKeptBody(request, reply, answer, GUEST_ANSWER_SEND);
}

/** What a kept body goes out as: its tag, and unless the client holds it (a 304), its bytes and their encoding. */
export type KeptSend = { etag: string; held: true } | { etag: string; held: false; bytes: Buffer; encoding: 'br' | 'gzip' | null };

/**
 * How a body kept in the guests' answer cache (an API answer, or a reader page: seo/page-head.ts)
 * goes out to a client that sent `headers`: its weak ETag, 304 to a client holding it, else its
 * bytes compressed once per encoding and kept with it (a post's, once whatever its view count).
 * `tagPerEncoding` gives each encoding a tag of its own (a page, as the web build's files), so
 * that a cache never revalidates one encoding with another. Fastify's path (sendKeptBody) and the
 * front door (front-door.ts) both send what this decides.
 */
export function keptSend(cache: BoardCache, answer: GuestAnswer, headers: IncomingHttpHeaders, tagPerEncoding = false): KeptSend {
  const entry = 'entry' in answer ? answer.entry : answer;
  const viewCount = 'entry' in answer ? answer.viewCount : undefined;
  const rendered = cache.render(entry, viewCount);
  // A post's answer or page, which carries its view count, goes in gzip once it was sent before:
  // stitched around the count, it costs a copy per new visitor (count-gzip.ts, decision 0042).
  const preferred = cache.encodingFor(entry, headers['accept-encoding']);
  let encoding = preferred && cache.compresses(rendered, preferred) ? preferred : null;
  if (tagPerEncoding && encoding && entry.tail !== null) encoding = encodingHeld(headers, rendered.etag, encoding);
  const etag = tagPerEncoding && encoding ? tagInEncoding(rendered.etag, encoding) : rendered.etag;
  // Before compressing: a 304 sends no body, so it must not pay for (or settle) the compressed one.
  if (etagMatches(headers['if-none-match'], etag)) return { etag, held: true };
  const compressed = encoding ? cache.compressed(entry, rendered, encoding) : null;
  return compressed ? { etag, held: false, bytes: compressed, encoding } : { etag, held: false, bytes: cache.bytesOf(entry, rendered), encoding: null };
}

/** Sends a body kept in the guests' answer cache as keptSend decides, with `Cache-Control: no-cache`. */
export function sendKeptBody(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: GuestAnswer,
  opts: { type: string; vary: string; tagPerEncoding?: boolean },
): FastifyReply {
  const sent = keptSend(request.server.deps.boardCaching.cache, answer, request.headers, opts.tagPerEncoding);
  reply.header('cache-control', KEPT_CACHE_CONTROL).header('vary', opts.vary).header('etag', sent.etag);
  if (sent.held) return reply.code(304).send();
  reply.type(opts.type);
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  if (sent.encoding) reply.header('content-encoding', sent.encoding);
  return reply.send(sent.bytes);
}

/** A page's tag in one encoding (each encoding its own representation, decision 0036): the encoding inside the weak tag's quotes. */
export function tagInEncoding(etag: string, encoding: 'br' | 'gzip'): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/**
 * The encoding to send a post's page in: `chosen`, or the other one when the client holds this
 * rendering (`etag`) in it and still takes it. A post's page goes in br on its entry's first send
 * and in gzip after (and in gzip stitched from its pieces when made for one request: seo/page-head.ts),
 * and entries are made anew every few seconds: a client keeps what it holds.
 */
export function encodingHeld(headers: IncomingHttpHeaders, etag: string, chosen: 'br' | 'gzip'): 'br' | 'gzip' {
  const other = chosen === 'br' ? 'gzip' : 'br';
  const held = etagMatches(headers['if-none-match'], tagInEncoding(etag, other));
  return held && acceptedEncodings(headers['accept-encoding'] ?? '')[other] ? other : chosen;
}
