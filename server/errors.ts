import type { ErrorCode } from '@contract';
import { messages } from '@contract';

/** An error the client caused or may see: becomes `{ code, message }` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string = messages.badRequest) => new ApiError(400, 'BAD_REQUEST', message);
export const unauthorized = (message: string = messages.unauthorized) => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = messages.forbidden) => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message: string = messages.notFound) => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

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
