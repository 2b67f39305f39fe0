import type { ErrorCode } from '../contract';
import { messages } from '../contract';

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
