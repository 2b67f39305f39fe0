// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { errorCodes, type ErrorCode } from './error-code-values';

/** The closed list of codes (contract/error-code-values.ts) as a schema. */
export const errorCode = z.enum(errorCodes);
export { errorCodes, type ErrorCode };

/**
 * The request field a refusal is about, as its path in the body or query joined with dots
 * (`name`, `categories.2`, `profile.email`); absent when the refusal is about the request as a whole.
 */
export const errorField = z.string().min(1);

/**
 * An error answer: `{ code, message, field?, requestId? }`. Also the routes' response schema for
 * their 4xx/5xx answers (the OpenAPI document lists the codes); tests parse answers with
 * `errorEnvelope.strict()`, which refuses any other key.
 */
export const errorEnvelope = z.object({
  code: errorCode,
  /** In Korean: what the member reads (the spec's sentences where it fixes them). */
  message: z.string(),
  field: errorField.optional(),
  /**
   * On server failures (5xx) only: the request's id (also its `x-request-id` header and its log
   * lines' `reqId`), which a member can quote to the operators.
   */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
