// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

/** Stable error codes; the client maps them to the Korean texts the spec fixes (spec §8). */
export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * On server failures (5xx) only: the request's id (also its `x-request-id` header and its log
   * lines' `reqId`), which a member can quote to the operators.
   */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Every successful response: `{ code: 'SUCCESS', data }` (spec §7). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('SUCCESS'), message: z.string().optional(), data });
}
export type Success<T> = { code: 'SUCCESS'; message?: string; data: T };
