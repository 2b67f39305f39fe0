import http from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory, FastifyServerOptions } from 'fastify';
import type { CachedAnswer } from '@server/modules/board';
import { GUEST_ANSWER_SEND, KEPT_CACHE_CONTROL, keptSend } from './guest-answers';
import { LruMap } from './lib/lru-map';
import { clientAddressOf } from './client-address';

/**
 * The front door (issue 24, docs/decisions/0051-a-front-door-for-kept-answers.md): a guest's API
 * answer kept in the guests' answer cache, asked for again at the same address, answered in the
 * server's request listener without entering Fastify. Fastify's request and reply, its routing,
 * its logger child and the site's hooks cost a kept answer about as much again as the answer
 * itself (the header menu 25-28 µs of Node against 15-16 here, session 41).
 *
 * The door only repeats what Fastify decided a moment before: `remember` is called where a guest
 * was sent a kept API answer (guest-answers.ts), with the entry it was sent from; the door answers
 * the same raw URL again while the cache still keeps that answer, current by its own stamps (a
 * write to its board on any instance, a settings change, its age or `expiresAt` end it, as does
 * its eviction: cache.ts `get`), and sends what guest-answers.ts `keptSend` decides, as
 * sendKeptBody does: the same encoding, tag, 304 and headers. Anything else goes to Fastify, which may remember it again:
 *
 * - a method other than GET, and a request with a bearer token, any cookie (the file cookie makes an
 *   answer private: private-answers.ts) or an `Origin` (CORS is its hook's);
 * - a post's answer (it counts a view: guest-reads.ts guestView), reader pages, answers the cache
 *   did not keep, answers of routes with a rate limit or their own caching rule
 *   (private-answers.ts `noStore`, `maxAge`);
 *
 * What Fastify's hooks add to such an answer, the door adds: the security headers, the request id
 * (Fastify's `genReqId`), `Connection: close` while draining, the route's request metrics, and while
 * the log writes request lines (LOG_LEVEL info, the default, and below) Fastify's two lines of it,
 * the same fields under the same messages (log-controller.js; the client's address as
 * `request.ip` reads it: client-address.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept guest answers asked for again, answered before Fastify (this module). */
    frontDoor: FrontDoor;
  }
}

/** An address Fastify answered a guest from the cache, and how. */
interface Remembered {
  /**
   * The answer's key in the guests' answer cache: looked up at each answer as the route's own read
   * does (current by its stamps, kept), so the door holds no answer the cache has let go of.
   */
  key: string;
  /** The route's pattern, as the request metrics name it. */
  route: string;
}

/** Addresses remembered at most (each a few hundred bytes; made-up query strings only push out old ones). */
const REMEMBERED = 2000;

export class FrontDoor {
  private readonly remembered = new LruMap<string, Remembered>();
  private app: FastifyInstance | null = null;
  private open = false;
  /** Whether each answer writes Fastify's two request lines (its logger writes info). */
  private requestLines = false;
  private readonly clientAddress: (req: http.IncomingMessage) => string | undefined;
  /** Answers sent by the door (tests, and what a run served this way). */
  answered = 0;

  /** Addresses remembered now. */
  get addresses(): number {
    return this.remembered.size;
  }

  /**
   * `securityHeaders`: every answer's (security-headers.ts); `requestIdOf`: Fastify's `genReqId`,
   * so that a request id is made (or a proxy's kept) as for every other answer; `trustProxy`:
   * Fastify's (TRUST_PROXY), so that the request lines name the client it would.
   */
  constructor(
    private readonly securityHeaders: Readonly<Record<string, string>>,
    private readonly requestIdOf: (req: http.IncomingMessage) => string,
    trustProxy: boolean | string,
  ) {
    this.clientAddress = clientAddressOf(trustProxy);
  }

  /**
   * Fastify's `serverFactory`: its own HTTP/1 server (server.js getServerInstance), with the door
   * asked first. The timeouts Fastify sets on a server it makes are set here, as it does not set
   * them on one it is given.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const opts = options as FastifyServerOptions & { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** The app whose cache, log, metrics and readiness the door uses. */
  attach(app: FastifyInstance): void {
    this.app = app;
    this.open = app.deps.boardCaching.cache.enabled;
    // Fastify's own test of its level before each request line; a logger without levels logs nothing.
    const log = app.log as { isLevelEnabled?: (level: string) => boolean };
    this.requestLines = typeof log.isLevelEnabled === 'function' && log.isLevelEnabled('info');
  }

  /** Called where a guest is sent `entry`, a kept API answer (not a post's: those count a view). */
  remember(request: FastifyRequest, entry: CachedAnswer): void {
    // An answer the cache did not keep (made while its board changed, too large) is not repeated either.
    // Nor one whose body takes a view count (a post's), whatever called this.
    if (!this.open || !this.app || !entry.kept || entry.tail !== null || !plainGuestGet(request.method, request.headers)) return;
    const { config, url } = request.routeOptions;
    const answerRule = config.endpoint?.answer ?? config.answer;
    if (url === undefined || 'rateLimit' in config || answerRule?.kind === 'noStore' || answerRule?.kind === 'maxAge') return;
    this.remembered.set(request.url, { key: entry.key, route: url });
    if (this.remembered.size > REMEMBERED) this.remembered.delete(this.remembered.oldest()![0]);
  }

  /** Answers `req` when it asks again for a remembered address whose answer is current; else false. */
  answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!this.open || this.remembered.size === 0 || !plainGuestGet(req.method, req.headers)) return false;
    const door = this.remembered.use(req.url!);
    if (door === undefined) return false;
    const app = this.app!;
    const started = performance.now();
    const { cache } = app.deps.boardCaching;
    const entry = cache.get(door.key);
    if (entry === undefined) {
      this.remembered.delete(req.url!);
      return false;
    }
    const requestId = this.requestIdOf(req);
    // Fastify's first line, with the request id where its child logger puts it (the same line:
    // pino writes a child's bindings and the object's first fields in the same place); no child
    // is made for two lines.
    if (this.requestLines) app.log.info({ reqId: requestId, req: { method: req.method, url: req.url, ip: this.clientAddress(req), socket: req.socket } }, 'incoming request');
    const sent = keptSend(cache, entry, req.headers);
    // A literal, then the security headers copied in: spreading their object into a new one each
    // answer cost 11 µs and filled the old generation (decision 0051).
    const headers: http.OutgoingHttpHeaders = {
      'x-request-id': requestId,
      'cache-control': KEPT_CACHE_CONTROL,
      vary: GUEST_ANSWER_SEND.vary,
      etag: sent.etag,
    };
    for (const name in this.securityHeaders) headers[name] = this.securityHeaders[name];
    if (app.operations.readiness.isDraining) headers.connection = 'close';
    if (sent.held) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers['content-type'] = GUEST_ANSWER_SEND.type;
      if (sent.encoding) headers['content-encoding'] = sent.encoding;
      headers['content-length'] = sent.bytes.length;
      res.writeHead(200, headers);
      res.end(sent.bytes);
    }
    this.answered++;
    const elapsed = performance.now() - started;
    app.operations.metrics.observe('GET', door.route, res.statusCode, elapsed / 1000);
    if (this.requestLines) app.log.info({ reqId: requestId, res, responseTime: elapsed }, 'request completed');
    return true;
  }
}

/** A GET without credentials, cookies or an Origin: what the door may answer. */
function plainGuestGet(method: string | undefined, headers: http.IncomingHttpHeaders): boolean {
  return method === 'GET' && headers.authorization === undefined && headers.cookie === undefined && headers.origin === undefined;
}
