import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { adminMessages, type Access } from '@contract';
import { forbidden, unauthorized } from '../errors';
import { isAdmin } from './caller';
import { refuseOutsideAdminAddresses, requireAdmin, requireAdminOrEnrolling, requirePermission, requireSystemAdmin } from './admin';
import { getCaller } from './request-caller';
import { hooksOf } from '../lib/hooks';

/**
 * The access rule of a route's entry (contract/endpoints.ts `access`), enforced before the body is
 * read or validated: a 400 would already tell a stranger what the call expects.
 *
 * - every rule but `tokenBlind` refuses a bad bearer token (401), guests' routes included: a guest
 *   route that quietly answered as for a guest would hide from the client that its token is no
 *   longer good (the web app then signs out and reads again as a guest, web/src/lib/api.ts);
 * - a console rule refuses a call from outside ADMIN_ALLOWED_IPS (403) before any token is looked
 *   at, then a guest (401) and anyone without the right (403);
 * - `member` refuses a guest (401); `admin` off the console a guest (401) and a member (403);
 * - `board`'s right depends on the board the request names: the service checks it
 *   (server/modules/board/policy.ts) once the board is read.
 */
async function enforce(request: FastifyRequest, access: Access): Promise<void> {
  switch (access.kind) {
    case 'anyone':
    case 'board':
    case 'tokenBlind':
      await getCaller(request);
      return;
    case 'member': {
      const caller = await getCaller(request);
      if (caller.userId === null) throw unauthorized(access.refuse?.guest);
      return;
    }
    case 'admin': {
      if (access.console) {
        refuseOutsideAdminAddresses(request);
        const caller = await getCaller(request);
        requireAdmin(caller);
        requirePermission(caller, access.permission);
        return;
      }
      const caller = await getCaller(request);
      if (caller.userId === null) throw unauthorized();
      if (!isAdmin(caller)) throw forbidden(access.refuse?.member ?? adminMessages.adminOnly);
      return;
    }
    case 'systemAdmin':
      refuseOutsideAdminAddresses(request);
      requireSystemAdmin(await getCaller(request));
      return;
    case 'enrolling':
      refuseOutsideAdminAddresses(request);
      requireAdminOrEnrolling(await getCaller(request));
      return;
  }
}

/**
 * The `onRequest` hook of every route of the table. A callback hook: a guest's request on a
 * guests' route (most of the read traffic) passes without a promise.
 */
export function enforceAccess(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const access = request.routeOptions.config.endpoint?.access;
  if (!access || access.kind === 'tokenBlind') return done();
  const guestsWelcome = access.kind === 'anyone' || access.kind === 'board';
  if (guestsWelcome && !request.headers.authorization?.startsWith('Bearer ')) return done();
  enforce(request, access).then(() => done(), done);
}

/** The API's documentation pages (@fastify/swagger-ui): the same for everyone, outside the table. */
const DOCS_PREFIX = '/api/docs';

/** Whether a route pattern is the API's (under /api) and so must be an entry of the table. */
export function isTableRoute(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && url !== DOCS_PREFIX && !url.startsWith(`${DOCS_PREFIX}/`) && !url.startsWith(`${DOCS_PREFIX}*`);
}

/**
 * `onRoute` hook of the whole app: every route under /api must come from the table (server/route.ts),
 * so none can be added without its access and answer rules; each gets the access hook first.
 */
export function guardTableRoutes(route: RouteOptions): void {
  const entry = route.config?.endpoint;
  if (!entry) {
    if (isTableRoute(route.url)) throw new Error(`${String(route.method)} ${route.url} is not in contract/endpoints.ts: register it with route() from server/route.ts`);
    return;
  }
  if (entry.access.kind === 'tokenBlind') return;
  route.onRequest = [enforceAccess, ...hooksOf(route.onRequest)];
}
