/*
 * Without zod: every screen reads these (web/src/lib/api.ts), and the reader screens load no zod
 * (e2e/budget.spec.ts). contract/error-codes.ts builds the schemas from them.
 */

/**
 * Every code an error answer can carry (issue 21): the site's own refusals (server/errors.ts), the
 * router's, the rate limiter's, the connection-level refusals (server/client-errors.ts) and the
 * server failures. The list is closed: a code not here is a type error on the server, and the
 * bad-input sweep (server/attack/) parses every answer with `errorEnvelope`. Screens choose their
 * text and the field to mark by `code` and `field`, never by the sentence (spec §8 fixes the
 * sentences, the codes are what a screen may compare).
 */
export const errorCodes = [
  /** A request the server will not do as sent: a malformed body, a rule of the form not met. */
  'BAD_REQUEST',
  /** No (live) session where one is needed. */
  'UNAUTHORIZED',
  /** The caller may not do this. */
  'FORBIDDEN',
  /** Nothing at this address (also the sign-in's "회원 정보가 없습니다.", spec §8). */
  'NOT_FOUND',
  /** Clashes with what exists (a taken code, key or address). */
  'CONFLICT',
  /** A body, a file or the request's headers over their limit. */
  'PAYLOAD_TOO_LARGE',
  /** A path (parameter) over the router's limit. */
  'URI_TOO_LONG',
  /** Headers or body slower than their time-out (refused before any route). */
  'REQUEST_TIMEOUT',
  /** A rate limit, or a pincode asked for too soon or too often. */
  'TOO_MANY_REQUESTS',
  /** Spec §8 sign-in: the password does not match. */
  'INVALID_CREDENTIAL',
  /** Spec §8 sign-in: the account may not sign in (locked, blocked, retired or ambiguous). */
  'NOT_ACCEPTABLE',
  /** Sign-in: the password was right and the account needs its authenticator code. */
  'TWO_FACTOR_REQUIRED',
  /** Sign-in or a two-factor change: the authenticator or recovery code did not match. */
  'INVALID_OTP',
  /** Console: two-factor sign-in is required and this administrator has none yet. */
  'TWO_FACTOR_SETUP_REQUIRED',
  /** A server failure (5xx); the answer carries its request id. */
  'INTERNAL_ERROR',
  /** The server or one of its stores is not available right now (503). */
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
