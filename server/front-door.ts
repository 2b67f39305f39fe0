import http from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory, FastifyServerOptions } from 'fastify';
import type { CachedAnswer } from '@server/modules/board';
import { opensPage, originOf, type PageHeads } from '@server/modules/seo';
import { GUEST_ANSWER_SEND, KEPT_CACHE_CONTROL, KEPT_PAGE_SEND, keptSend, type GuestAnswer } from './guest-answers';
import { LruMap } from './lib/lru-map';
import { rawRequestReading, type RawRequestReading } from './raw-request';
import { pageHit } from './web';

/**
 * The front door (issue 24, docs/decisions/0051-a-front-door-for-kept-answers.md): a guest's API
 * answer kept in the guests' answer cache, asked for again at the same address, answered in the
 * server's request listener without entering Fastify. Fastify's request and reply, its routing,
 * its logger child and the site's hooks cost a kept answer about as much again as the answer
 * itself (the header menu 25-28 µs of Node against 15-16 here, session 41).
 *
 * The door only repeats what Fastify decided a moment before, in two ways:
 *
 * - an API answer: `remember` is called where a guest was sent a kept API answer
 *   (guest-answers.ts), with the entry it was sent from; the door answers the same raw URL again
 *   while the cache still keeps that answer, current by its own stamps (a write to its board on any
 *   instance, a settings change, its age or `expiresAt` end it, as does its eviction: cache.ts
 *   `get`);
 * - a reader page (home, lists, posts, content pages): the page's shortcut, which Fastify's page
 *   handler left in the cache when it made the page (seo/page-head.ts), names it while every part
 *   it was made of is current (`keptNow`, the same lookup as the handler's first step). A post's
 *   page counts its view for the visitor (its address and browser under the day's salt) and fills
 *   its count in, and every page is a visit (web.ts pageHit), as through Fastify.
 *
 * Both send what guest-answers.ts `keptSend` decides, as sendKeptBody does: the same encoding,
 * tag, 304 and headers. Anything else goes to Fastify (which may remember it again):
 *
 * - a method other than GET, and a request with a bearer token, any cookie (the file cookie makes an
 *   answer private: private-answers.ts) or an `Origin` (CORS is its hook's);
 * - a post's API answer (it counts a view: guest-reads.ts guestView), answers the cache did not
 *   keep, answers of routes with a rate limit or their own caching rule (private-answers.ts
 *   `noStore`, `maxAge`); a page without a current shortcut, or whose visitor key waits for the
 *   day's salt.
 *
 * What Fastify's hooks add to such an answer, the door adds: the security headers, the request id
 * (Fastify's `genReqId`), `Connection: close` while draining, the route's request metrics, and while
 * the log writes request lines (LOG_LEVEL info, the default, and below) Fastify's two lines of it,
 * the same fields under the same messages (log-controller.js). The client's address, host and
 * protocol are read as Fastify's request reads them (raw-request.ts).
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
  private readonly reading: RawRequestReading;
  /** The reader pages' shortcuts (web.ts opens them when the web app is built). */
  private pages: PageHeads | null = null;
  /** Answers sent by the door (tests, and what a run served this way). */
  answered = 0;

  /** Addresses remembered now. */
  get addresses(): number {
    return this.remembered.size;
  }

  private readonly securityHeaders: Readonly<Record<string, string>>;
  private readonly requestIdOf: (req: http.IncomingMessage) => string;
  private readonly pageRoute: string;
  /** How an API answer goes out: GUEST_ANSWER_SEND, with the Vary the app's hooks would send. */
  private readonly apiSend: { type: string; vary: string; tagPerEncoding: boolean };

  constructor(opts: {
    /** Every answer's (security-headers.ts). */
    securityHeaders: Readonly<Record<string, string>>;
    /** Fastify's `genReqId`, so that a request id is made (or a proxy's kept) as for every other answer. */
    requestIdOf: (req: http.IncomingMessage) => string;
    /** Fastify's (TRUST_PROXY), so that the client, host and protocol are the ones it would read. */
    trustProxy: boolean | string;
    /** The route the request metrics name a reader page under: the page handler is Fastify's not-found handler. */
    pageRoute: string;
    /** The Vary of a kept API answer as Fastify's hooks send it (cors.ts apiVary: Origin too where CORS_ORIGINS are listed). */
    apiVary: string;
  }) {
    this.securityHeaders = opts.securityHeaders;
    this.requestIdOf = opts.requestIdOf;
    this.pageRoute = opts.pageRoute;
    this.apiSend = { type: GUEST_ANSWER_SEND.type, vary: opts.apiVary, tagPerEncoding: false };
    this.reading = rawRequestReading(opts.trustProxy);
  }

  /**
   * Fastify's `serverFactory`: its own HTTP/1 server (server.js getServerInstance), with the door
   * asked first. The timeouts Fastify sets on a server it makes are set here, as it does not set
   * them on one it is given.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const opts = options as FastifyServerOptions & { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!this.answerSafely(req, res)) handler(req, res);
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
    // Whether the request lines would be written (pino drops lines under its level), read once: the
    // level is set at start (LOG_LEVEL). A logger without levels logs nothing.
    const log = app.log as { isLevelEnabled?: (level: string) => boolean };
    this.requestLines = typeof log.isLevelEnabled === 'function' && log.isLevelEnabled('info');
  }

  /** The reader pages whose kept pages the door sends (web.ts, with the web app built). */
  openPages(pages: PageHeads): void {
    this.pages = pages;
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

  /**
   * `answer`, with what it throws logged and the request left to Fastify (whose own handling answers
   * an error with the envelope): in the server's listener nothing catches a throw, which would end
   * the process. Once the door has begun its answer, the connection is ended instead.
   */
  private answerSafely(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    try {
      return this.answer(req, res);
    } catch (err) {
      this.app?.log.error({ err }, 'front door failed: the request goes to Fastify');
      if (!res.headersSent) return false;
      res.destroy();
      return true;
    }
  }

  /** Answers `req` when it asks again for a remembered address or a kept page whose parts are current; else false. */
  answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!this.open || !plainGuestGet(req.method, req.headers)) return false;
    const url = req.url!;
    const door = this.remembered.size === 0 ? undefined : this.remembered.use(url);
    if (door !== undefined) return this.answerApi(req, res, door);
    return this.pages !== null && !url.startsWith('/api/') && this.answerPage(req, res, this.pages);
  }

  private answerApi(req: http.IncomingMessage, res: http.ServerResponse, door: Remembered): boolean {
    const started = performance.now();
    const { cache } = this.app!.deps.boardCaching;
    const entry = cache.get(door.key);
    if (entry === undefined) {
      this.remembered.delete(req.url!);
      return false;
    }
    this.send(req, res, started, door.route, entry, this.apiSend);
    return true;
  }

  private answerPage(req: http.IncomingMessage, res: http.ServerResponse, pages: PageHeads): boolean {
    const started = performance.now();
    const ip = this.reading.ip(req);
    if (ip === undefined) return false;
    const url = req.url!;
    const host = this.reading.host(req);
    const userAgent = req.headers['user-agent'];
    const kept = pages.keptNow({ url, opens: opensPage(req), origin: originOf({ protocol: this.reading.protocol(req), host }), ip, userAgent });
    if (kept === undefined) return false;
    const app = this.app!;
    this.send(req, res, started, this.pageRoute, kept.answer, KEPT_PAGE_SEND, ip);
    // A full page load is a visit (web.ts); a post's page was made from the post. Recorded once the
    // page is sent, so that a door failing before it (answerSafely) leaves the visit to Fastify's.
    const hit = pageHit(app.deps.clock.now(), ip, req.headers, url.split('?')[0]!, host);
    if (kept.sent === 'post') hit.postShown = true;
    app.deps.visits.record(hit);
    return true;
  }

  /** Sends a kept body as keptSend decides, with what Fastify's hooks would add. */
  private send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    started: number,
    route: string,
    answer: GuestAnswer,
    how: { type: string; vary: string; tagPerEncoding: boolean },
    ip?: string,
  ): void {
    const app = this.app!;
    const requestId = this.requestIdOf(req);
    // Fastify's first line, with the request id where its child logger puts it (the same line:
    // pino writes a child's bindings and the object's first fields in the same place); no child
    // is made for two lines.
    if (this.requestLines) {
      app.log.info({ reqId: requestId, req: { method: req.method, url: req.url, ip: ip ?? this.reading.ip(req), socket: req.socket } }, 'incoming request');
    }
    const sent = keptSend(app.deps.boardCaching.cache, answer, req.headers, how.tagPerEncoding);
    // A literal, then the security headers copied in: spreading their object into a new one each
    // answer cost 11 µs and filled the old generation (decision 0051).
    const headers: http.OutgoingHttpHeaders = {
      'x-request-id': requestId,
      'cache-control': KEPT_CACHE_CONTROL,
      vary: how.vary,
      etag: sent.etag,
    };
    for (const name in this.securityHeaders) headers[name] = this.securityHeaders[name];
    if (app.operations.readiness.isDraining) headers.connection = 'close';
    if (sent.held) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers['content-type'] = how.type;
      if (sent.encoding) headers['content-encoding'] = sent.encoding;
      headers['content-length'] = sent.bytes.length;
      res.writeHead(200, headers);
      res.end(sent.bytes);
    }
    this.answered++;
    const elapsed = performance.now() - started;
    app.operations.metrics.observe('GET', route, res.statusCode, elapsed / 1000);
    if (this.requestLines) app.log.info({ reqId: requestId, res, responseTime: elapsed }, 'request completed');
  }
}

/** A GET without credentials, cookies or an Origin: what the door may answer. */
function plainGuestGet(method: string | undefined, headers: http.IncomingHttpHeaders): boolean {
  return method === 'GET' && headers.authorization === undefined && headers.cookie === undefined && headers.origin === undefined;
}
