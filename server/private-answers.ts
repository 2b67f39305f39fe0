import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { FILE_COOKIE } from './auth/file-cookie';

/**
 * Which answers no cache may keep (issue 12: `Cache-Control: no-store` on every answer that carries
 * personal data or tokens). One rule for every route instead of a header per route:
 *
 * 1. any answer to a request that carries credentials: a bearer token, or the file cookie
 *    (docs/decisions/0009): what a signed-in caller sees may be theirs alone;
 * 2. any answer of a write route (POST, PUT, PATCH, DELETE) under /api: sign-in and token refresh
 *    answer tokens, find-ID answers IDs, a guest's inquiry answers what it stored;
 * 3. every answer of a route under the paths below, whoever asks: accounts and keys, the console
 *    and the address book, CAPTCHA answers, upload URLs (bearer secrets), and the operations routes.
 *
 * 2 and 3 are decided once per route, from its pattern, when it is registered: the guest reads
 * (most of the traffic) then pay only for two header tests. The pattern is also what the request
 * was routed by, so `/api/%63aptcha` (routed to /api/captcha) is covered as /api/captcha is.
 * A route that already said `no-store` keeps its own value. Everything else (guest board reads with
 * their ETag and `no-cache`, public files, the web app's files) keeps the caching it chose.
 */
const personalPaths = [
  '/api/user',
  '/api/user-key',
  '/api/admin',
  '/api/alumni',
  '/api/captcha',
  '/api/file/upload',
  '/api/board-item-file/upload-url',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** The site's one value for "no cache may keep this answer", for routes that set it themselves too. */
export const PRIVATE_NO_STORE = 'private, no-store';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

function underPersonalPath(path: string): boolean {
  return personalPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}-`));
}

function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && cookie.includes(`${FILE_COOKIE}=`);
}

function markNoStore(reply: FastifyReply): void {
  const current = reply.getHeader('cache-control');
  if (typeof current !== 'string' || !/\bno-store\b/.test(current)) reply.header('cache-control', PRIVATE_NO_STORE);
}

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload: unknown) => void) => void;

// Callback hooks, not async ones: an async hook costs a promise on every answer.
const alwaysNoStore: OnSend = (_request, reply, payload, done) => {
  markNoStore(reply);
  done(null, payload);
};
const noStoreOnWrites: OnSend = (request, reply, payload, done) => {
  if (!reads.has(request.method)) markNoStore(reply);
  done(null, payload);
};

/** The hook a route needs for rules 2 and 3, or none. */
function routeRule(route: RouteOptions): OnSend | null {
  if (underPersonalPath(route.url)) return alwaysNoStore;
  if (route.url !== '/api' && !route.url.startsWith('/api/')) return null;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const writes = methods.filter((method) => !reads.has(method)).length;
  if (writes === 0) return null;
  return writes === methods.length ? alwaysNoStore : noStoreOnWrites;
}

export function registerPrivateAnswers(app: FastifyInstance): void {
  // Rule 1 on every answer, errors and 404s included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (carriesCredentials(request)) markNoStore(reply);
    done(null, payload);
  });
  // Rules 2 and 3: registered before any route, so every route passes through here.
  app.addHook('onRoute', (route) => {
    const rule = routeRule(route);
    if (!rule) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, rule] as RouteOptions['onSend'];
  });
}
