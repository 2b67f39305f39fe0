import type { FastifyRequest } from 'fastify';
import type {} from '../deps';
import { resolveCaller, type Caller } from './caller';

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
