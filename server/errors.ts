import type { ErrorCode, ErrorEnvelope } from '@contract';
import { accountMessages, messages, opsMessages, twoFactorCodes, twoFactorMessages } from '@contract';

/**
 * An error the client caused or may see: becomes `{ code, message, field? }` with `status`.
 * Made only by the factories below (lint forbids `new ApiError` anywhere else), so every code the
 * server answers with is in the contract's closed list and every status goes with its code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The request field the refusal is about (the envelope's `field`), when it is about one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The answer's body (a 5xx adds its request id: `serverErrorBody`). */
  toEnvelope(): ErrorEnvelope {
    return this.field === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, field: this.field };
  }
}

/** What a refusal may add: the request field it is about. */
export interface RefusalOptions {
  field?: string;
}

const make = (status: number, code: ErrorCode, message: string, options?: RefusalOptions) => new ApiError(status, code, message, options?.field);

// The general refusals, one per status.
export const badRequest = (message: string = messages.badRequest, options?: RefusalOptions) => make(400, 'BAD_REQUEST', message, options);
export const unauthorized = (message: string = messages.unauthorized) => make(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = messages.forbidden) => make(403, 'FORBIDDEN', message);
export const notFound = (message: string = messages.notFound) => make(404, 'NOT_FOUND', message);
export const conflict = (message: string, options?: RefusalOptions) => make(409, 'CONFLICT', message, options);
export const payloadTooLarge = (message: string = opsMessages.requestTooLarge) => make(413, 'PAYLOAD_TOO_LARGE', message);
export const tooManyRequests = (message: string = messages.tooManyRequests) => make(429, 'TOO_MANY_REQUESTS', message);
/** Something the server depends on (the mail or SMS gateway) refused: 502, logged as a server error. */
export const upstreamFailed = (message: string) => make(502, 'INTERNAL_ERROR', message);

// Sign-in (spec §8: the codes and sentences are the spec's).
/** The password does not match. */
export const invalidCredential = () => make(401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
/** No member with this key. */
export const memberNotFound = () => make(404, 'NOT_FOUND', messages.loginNotFound);
/** The account may not sign in (blocked, retired, ambiguous key). */
export const notAcceptable = () => make(403, 'NOT_ACCEPTABLE', messages.loginNotAcceptable);
/** Too many wrong passwords: the account is locked for a while (also on the password checks of My Page). */
export const accountLocked = () => make(403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);

// Administrators' two-factor sign-in (issue 12).
/** The password was right; the account needs its authenticator code (field `otp`). */
export const twoFactorRequired = () => make(401, twoFactorCodes.required, twoFactorMessages.codeRequired, { field: 'otp' });
/**
 * The authenticator or recovery code did not match: 401 at sign-in (field `otp`), 400 on a
 * two-factor change (field `code`).
 */
export const invalidOtp = (at: 'signin' | 'change') =>
  at === 'signin' ? make(401, twoFactorCodes.invalid, twoFactorMessages.codeInvalid, { field: 'otp' }) : make(400, twoFactorCodes.invalid, twoFactorMessages.codeInvalid, { field: 'code' });
/** Console: two-factor sign-in is required and this administrator has not enrolled yet. */
export const twoFactorSetupRequired = () => make(403, twoFactorCodes.setupRequired, twoFactorMessages.setupRequired);

/** The envelope's code for a 4xx status some library or the router chose (its own errors carry no code of the site's). */
const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  429: 'TOO_MANY_REQUESTS',
};

export function errorCodeOf(status: number): ErrorCode {
  return statusCodes[status] ?? 'BAD_REQUEST';
}
