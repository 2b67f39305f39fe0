import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming `x-request-id` may look like to be kept (a proxy's id joins its logs to ours). */
const safeRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is safe to log and echo, else a new
 * one. (Fastify's own `requestIdHeader` would take any value, newlines and all.)
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID();
}
