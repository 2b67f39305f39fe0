import type { FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorEnvelope } from '@contract';

/**
 * The body of a 5xx answer: what failed in Korean, nothing of how (no stack, SQL, path or library
 * name), and the request id that its log line carries as `reqId` (issue 12, "Errors").
 */
export function serverErrorBody(request: FastifyRequest, code: ErrorCode, message: string): ErrorEnvelope {
  return { code, message, requestId: request.id };
}
