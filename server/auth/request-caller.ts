import type { FastifyRequest, onSendHookHandler } from 'fastify';
import type {} from '../deps';
import { adminPowersWithheld, fileCookieCaller, guestCaller, isAdmin, resolveCaller, type Caller } from './caller';
import { ADMIN_IDLE_HEADER, adminIdleHeaderValue } from './admin-idle';

declare module 'fastify' {
  interface FastifyRequest {
    callerPromise: Promise<Caller> | null;
  }
}

/** The caller of this request, resolved once per request (token or guest role). */
export function getCaller(request: FastifyRequest): Promise<Caller> {
  request.callerPromise ??= resolveCaller(request, request.server.deps);
  return request.callerPromise;
}

/**
 * The caller of a file read: the bearer token when there is one (the request's own caller, which
 * the bearer guard has already resolved), else the file cookie that the browser sends with `<img>`
 * and download requests (server/auth/file-cookie.ts), else a guest. A stale cookie is not an
 * error: the file is then judged as for a guest.
 */
export async function getFileCaller(request: FastifyRequest): Promise<Caller> {
  if (request.headers.authorization) return getCaller(request);
  const deps = request.server.deps;
  return (await fileCookieCaller(request, deps)) ?? guestCaller(deps);
}

/**
 * `onSend` hook of the whole app: an answer to an administrator (their powers withheld or not) carries the idle limit
 * (server/auth/admin-idle.ts), so the web app warns before the server ends the sign-in.
 * Only requests that looked the caller up are considered; none is looked up for this. The header's
 * value is configuration, so it is made once; with no limit configured there is no hook at all.
 */
export function tellAdminIdleLimit(idleMs: number): onSendHookHandler | null {
  const idle = adminIdleHeaderValue(idleMs);
  if (!idle) return null;
  // A callback hook: a request without a token (every guest's) passes without a promise.
  return (request, reply, payload, done) => {
    if (!request.headers.authorization || !request.callerPromise) return done(null, payload);
    request.callerPromise.then(
      (caller) => {
        // An administrator stripped of their powers (outside ADMIN_ALLOWED_IPS, a second factor
        // still to enrol) is still timed out by the server (server/auth/caller.ts), so is told too.
        if (isAdmin(caller) || adminPowersWithheld(caller)) reply.header(ADMIN_IDLE_HEADER, idle);
        done(null, payload);
      },
      () => done(null, payload),
    );
  };
}
