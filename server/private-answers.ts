import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Answer } from '@contract';
import { FILE_COOKIE } from './auth/file-cookie';
import { hooksOf } from './lib/hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer rule of a route outside the table (the operations routes); table routes take their entry's. */
    answer?: Answer;
  }
}

/**
 * Which answers no cache may keep (issue 12: `Cache-Control: no-store` on every answer that carries
 * personal data or tokens), and which a cache may keep a while. One rule per route, read from its
 * entry in contract/endpoints.ts (`answer`), instead of a header per handler:
 *
 * 1. any answer to a request that carries credentials: a bearer token, or the file cookie
 *    (docs/decisions/0009): what a signed-in caller sees may be theirs alone;
 * 2. every answer of a `noStore` route, whoever asks: every write (a test holds the table to it:
 *    sign-in and token refresh answer tokens, find-ID answers IDs, a guest's inquiry answers what
 *    it stored), accounts and keys, the console and the address book, CAPTCHA answers, upload URLs
 *    (bearer secrets); and the operations routes outside /api, which say so in their config;
 * 3. a `maxAge` route's successful answer may be kept that long (unless rule 1 said otherwise).
 *
 * 2 and 3 are decided once per route when it is registered: the guest reads (most of the traffic)
 * then pay only for two header tests. The pattern is also what the request was routed by, so
 * `/api/%63aptcha` (routed to /api/captcha) is covered as /api/captcha is. A route that already
 * said `no-store` keeps its own value. `guestCache` routes (the guest board reads: ETag and
 * `no-cache`, decided in server/guest-answers.ts), `shared` routes (public settings) and the web
 * app's files keep the caching they chose.
 */
/** The site's one value for "no cache may keep this answer", for routes that set it themselves too. */
export const PRIVATE_NO_STORE = 'private, no-store';

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

function keptFor(answer: Extract<Answer, { kind: 'maxAge' }>): OnSend {
  const value = `${answer.scope}, max-age=${answer.seconds}`;
  return (_request, reply, payload, done) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', value);
    done(null, payload);
  };
}

/** The hook a route's answer rule needs, or none. */
function routeRule(route: RouteOptions): OnSend | null {
  const answer = route.config?.endpoint?.answer ?? route.config?.answer;
  if (answer?.kind === 'noStore') return alwaysNoStore;
  if (answer?.kind === 'maxAge') return keptFor(answer);
  return null;
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
    route.onSend = [...hooksOf(route.onSend), rule] as RouteOptions['onSend'];
  });
}
