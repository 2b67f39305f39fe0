import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract';
import { ApiError } from '../errors';

/**
 * PostgreSQL text cannot hold the character U+0000: a parameter with one fails the statement
 * ("invalid byte sequence for encoding UTF8: 0x00"), which would reach the client as a 500. No
 * field of the site has a use for it, so a request carrying one in its path, query or JSON body is
 * refused with 400 before any route runs (issue 12: bad input never gets a 5xx). Found by
 * server/attack/bad-input.api.test.ts.
 */
const MAX_DEPTH = 64;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  }
  return false;
}

export function refuseNulCharacters(request: FastifyRequest): ApiError | undefined {
  if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) return new ApiError(400, 'BAD_REQUEST', messages.badRequest);
  return undefined;
}

export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, the cached read paths included.
  app.addHook('preValidation', (request, _reply, done) => done(refuseNulCharacters(request)));
}
