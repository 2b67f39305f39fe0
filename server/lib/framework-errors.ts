import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages, type ErrorEnvelope } from '@contract';
import { errorCodeOf } from '../errors';

/**
 * The router's own refusals (a URL that does not decode, a path parameter over its 100-character
 * limit) happen before any hook or the error handler, and Fastify answered them in its own shape:
 * `FST_ERR_...` codes, the framework named, and the whole URL echoed back (70 KB for a 70 KB
 * path). They get the site's envelope instead, with the router's status and its code (400
 * BAD_REQUEST, 414 URI_TOO_LONG) and nothing of the request in it (issue 12; found by server/attack/bad-input.api.test.ts).
 */
export function frameworkErrorHandler(siteHeaders: Record<string, string>) {
  // No hook has run for these requests, so the site's security headers are set here.
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    void reply.headers(siteHeaders).header('cache-control', 'no-store').code(status).send({ code: errorCodeOf(status), message: messages.badRequest } satisfies ErrorEnvelope);
  };
}
