import type { Success } from '../../../contract';
import { messages } from '../../../contract';

/** An error answer from the API: `{ code, message }` plus the HTTP status. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The bearer token, when signed in (spec §7: sent in the Authorization header when present). */
function authHeader(): Record<string, string> {
  const token = localStorage.getItem('accessToken');
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Calls the same-origin API and unwraps `{ code: 'SUCCESS', data }`; no request timeout (spec §9). */
export async function apiRequest<T>(method: string, path: string, opts: { query?: Query; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${path}${toQueryString(opts.query)}`, {
      method,
      headers: { accept: 'application/json', ...authHeader(), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', '서버에 연결할 수 없습니다. 인터넷 연결을 확인해주세요.');
  }
  const payload = (await response.json().catch(() => null)) as (Success<T> & { message?: string }) | { code: string; message: string } | null;
  if (!response.ok || !payload || payload.code !== 'SUCCESS') {
    throw new ApiRequestError(
      response.status,
      payload?.code ?? 'INTERNAL_ERROR',
      payload?.message ?? messages.internalError,
    );
  }
  return (payload as Success<T>).data;
}

export const apiGet = <T,>(path: string, query?: Query) => apiRequest<T>('GET', path, { query });
