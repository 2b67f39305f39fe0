// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

export { errorCode, errorEnvelope, errorField, type ErrorEnvelope } from './error-codes';
export { errorCodes, type ErrorCode } from './error-code-values';

/** Every successful response: `{ code: 'SUCCESS', data }` (spec §7). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('SUCCESS'), message: z.string().optional(), data });
}
export type Success<T> = { code: 'SUCCESS'; message?: string; data: T };
