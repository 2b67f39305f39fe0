import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { getCaller } from './request-caller';

/**
 * Routes that never look at the bearer token, whatever it is. Sign-out carries its own credential:
 * the refresh token in its body, and it must end that sign-in even when the access token the web
 * app sends with it has already expired (the session-expiry warning signs out exactly then). The
 * API documentation (/api/docs, @fastify/swagger-ui's pages and the OpenAPI document) is the same
 * for everyone and is registered before this check exists.
 */
export const TOKEN_BLIND_ROUTES: ReadonlySet<string> = new Set(['POST /api/user/signout']);
const TOKEN_BLIND_PREFIX = '/api/docs';

export function isTokenBlind(method: string, url: string): boolean {
  return url === TOKEN_BLIND_PREFIX || url.startsWith(`${TOKEN_BLIND_PREFIX}/`) || url.startsWith(`${TOKEN_BLIND_PREFIX}*`) || TOKEN_BLIND_ROUTES.has(`${method} ${url}`);
}

/**
 * A bad bearer token is a 401 on every API route, public ones included: a guest route that quietly
 * answered as for a guest would hide from the client that its token is no longer good (the web
 * app then signs out and reads again as a guest, web/src/lib/api.ts). Routes that read the caller
 * already refuse one; this covers those that do not, before the body is read.
 */
export function refuseBadBearer(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  // A callback hook: a guest's request (most of the read traffic) passes without a promise.
  if (!request.headers.authorization?.startsWith('Bearer ')) return done();
  getCaller(request).then(() => done(), done);
}

/** `onRoute` hook of the whole app, so a route added later is covered without a line of its own. */
export function checkBearerOnApiRoutes(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((method) => isTokenBlind(method, route.url))) return;
  const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
  route.onRequest = [refuseBadBearer, ...own];
}
