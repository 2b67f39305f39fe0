import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/**
 * PostgreSQL text cannot hold the character U+0000: a parameter with one fails the statement
 * ("invalid byte sequence for encoding UTF8: 0x00"), which would reach the client as a 500. No
 * field of the site has a use for it, so a request carrying one is refused with 400 before any
 * route runs (issue 12: bad input never gets a 5xx; found by server/attack/bad-input.api.test.ts).
 *
 * Each place it can arrive is checked where it is read, with no walk of its own: the path and the
 * query string here (both are in the URL, where the character can only come as `%00`: Node's
 * parser refuses a raw 0x00), a JSON body in the scan server/json-body.ts makes anyway. Uploaded
 * file names are cleaned of control characters where they are stored (modules/upload/service.ts).
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, the cached read paths included.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? badRequest() : undefined);
  });
}
