import type { ErrorCode, Success, TokenPair } from '@contract';
import { accountMessages, messages, paths } from '@contract';
// Straight from the zod-free list: the barrel's envelope module would bring zod into every screen.
import { errorCodes } from '@contract/error-code-values';
// The routes alone (no rules, no sentences): this module is in the entry chunk of every screen.
import {
  endpointPath, endpointRoutes, queryString, type EndpointId, type EndpointRoute, type HttpMethod, type PathParamsArg, type QueryValues,
} from '@contract/endpoint-routes';
import { alertAndCarry } from './carried-notice';
import { getSessionStore, tokenNeedsRefresh } from './session';

/**
 * The code of a call that got no answer at all (the network, or the connection dropped). It is
 * the client's own and not in the contract's `errorCode`: no server answer may carry it, and the
 * bad-input sweep would accept a server that did if it were in that list.
 */
export type ClientErrorCode = 'NETWORK_ERROR';

/**
 * An error answer from the API: `{ code, message, field? }` plus the HTTP status, and on a server
 * failure the request id the operators find in the log (also quoted in the message). Screens
 * decide by `code` and `field`, never by the message.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly requestId?: string,
    /** The request field the refusal is about (the envelope's `field`). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** No answer came: the server could not be reached, or the connection dropped on the way. */
export const networkError = (message = '서버에 연결할 수 없습니다. 인터넷 연결을 확인해주세요.') => new ApiRequestError(0, 'NETWORK_ERROR', message);

/**
 * An answer as received, before it is known to be an error envelope: any key may be missing, and
 * `code` is whatever came (a success's 'SUCCESS', or a proxy's answer with no envelope at all).
 */
export interface ErrorAnswer {
  code?: string;
  message?: string;
  field?: string;
  requestId?: string;
}

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && (errorCodes as readonly string[]).includes(code);

/** The code of an error answer: the envelope's when it is one of the contract's, else a server failure. */
export const errorCodeOfAnswer = (payload: ErrorAnswer | null): ErrorCode => (isErrorCode(payload?.code) ? payload.code : 'INTERNAL_ERROR');

/**
 * The error of an answer that is not a success. A server failure names its request id, which the
 * operators find in the log: the member sees it after the message, to quote if it happens again.
 */
export function apiErrorOf(status: number, payload: ErrorAnswer | null): ApiRequestError {
  const message = payload?.message ?? messages.internalError;
  const requestId = status >= 500 ? payload?.requestId : undefined;
  return new ApiRequestError(
    status,
    errorCodeOfAnswer(payload),
    requestId ? `${message} ${messages.reportErrorNumber}: ${requestId}` : message,
    requestId,
    payload?.field || undefined,
  );
}

/** The code of any error a call threw (null for one that is not an API error). */
export const errorCodeOf = (error: unknown): ApiRequestError['code'] | null => (error instanceof ApiRequestError ? error.code : null);

/** The request field a refused call's answer is about (null when none, or not an API error). */
export const refusedField = (error: unknown): string | null => (error instanceof ApiRequestError ? (error.field ?? null) : null);

type Query = QueryValues;

/**
 * What a call goes to: an entry of the endpoint table (contract/endpoint-routes.ts) with its path
 * parameters filled in. The method is the entry's, so a fetcher cannot call a route with another.
 */
export interface ApiTarget {
  readonly id: EndpointId;
  readonly method: HttpMethod;
  /** The path with each parameter's value encoded. */
  readonly path: string;
}

/**
 * The target of `entry` with these path parameters, e.g.
 * `endpoint(endpointRoutes.boardItem.view, { boardCode, itemNo })`. The parameters are named by the
 * entry's path pattern: one missing, or one it does not have, is a type error.
 */
export function endpoint<Entry extends EndpointRoute>(entry: Entry, ...params: PathParamsArg<Entry['path']>): ApiTarget {
  return { id: entry.id, method: entry.method, path: endpointPath<string>(entry, ...(params as [Record<string, string | number>?])) };
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send no bearer token and do not refresh first (sign-in, sign-up, account recovery). */
  anonymous?: boolean;
  /** Send the token as it is, without refreshing it first (sign-out). */
  skipRefresh?: boolean;
}

/** One HTTP exchange, unwrapping `{ code: 'SUCCESS', data }`; no request timeout (spec §9). */
async function send<T>({ method, path }: ApiTarget, opts: RequestOptions, token: string | null): Promise<T> {
  let response: Response;
  const sentAt = Date.now();
  try {
    // A query's undefined, null and '' values are left out.
    response = await fetch(`${path}${queryString(opts.query)}`, {
      method,
      headers: {
        accept: 'application/json',
        // Spec §7: the bearer token is sent in the Authorization header when present.
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch {
    throw networkError();
  }
  noteAdminActivity(response, sentAt);
  const payload = (await response.json().catch(() => null)) as (Success<T> & { message?: string }) | ErrorAnswer | null;
  if (!response.ok || !payload || payload.code !== 'SUCCESS') {
    throw apiErrorOf(response.status, payload as ErrorAnswer | null);
  }
  return (payload as Success<T>).data;
}

/** The server names its idle limit in answers to an administrator (server/auth/admin-idle.ts). */
const ADMIN_IDLE_HEADER = 'x-admin-idle-seconds';

/** An answer to an administrator counts as activity from when the call was sent (issue 12). */
function noteAdminActivity(response: Response, sentAt: number): void {
  const seconds = Number(response.headers.get(ADMIN_IDLE_HEADER));
  if (response.ok && Number.isFinite(seconds) && seconds > 0) getSessionStore().noteAdminActivity(sentAt, seconds * 1000);
}

let refreshing: Promise<void> | null = null;

/**
 * Spec §4, §9: when the access token expires within 10 minutes, the refresh token is exchanged
 * for new tokens before the call. One refresh at a time: calls made meanwhile share its promise,
 * and tabs take turns through a Web Lock, so a rotated refresh token is never sent twice.
 */
function refreshIfNeeded(): Promise<void> {
  const token = getSessionStore().accessToken();
  if (!token || !tokenNeedsRefresh(token, Date.now())) return Promise.resolve();
  refreshing ??= withTabLock('nids-token-refresh', refreshInWindow).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withTabLock(name: string, task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // request() resolves with the task's own promise; the task's outcome is what callers wait for.
  return locks ? locks.request(name, () => task()).then(() => undefined) : task();
}

/** New tokens for this refresh token; a refusal or an unreachable server is thrown. */
async function exchangeRefreshToken(refreshToken: string): Promise<void> {
  getSessionStore().replaceTokens(await send<TokenPair>(endpoint(endpointRoutes.session.refresh), { body: { refreshToken } }, null));
}

/** The server could not answer (or asked to slow down): that says nothing about the session. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.status === 0 || err.status === 429 || err.status >= 500);
}

async function refreshInWindow(): Promise<void> {
  const store = getSessionStore();
  store.sync();
  // Another tab may have refreshed while this one waited for the lock.
  const token = store.accessToken();
  const refreshToken = store.refreshToken();
  if (!token || !tokenNeedsRefresh(token, Date.now())) return;
  if (!refreshToken) {
    store.signOut();
    return;
  }
  try {
    await exchangeRefreshToken(refreshToken);
  } catch (err) {
    // The current token still works for a while: carry on and try again on a later call.
    if (isUnreachable(err) && store.accessToken()) return;
    // Spec §8: a refused refresh shows the server's message, and the member is signed out.
    const text = err instanceof Error ? err.message : messages.internalError;
    // Where the member is, or the sign-in screen a members-only screen sends them to.
    alertAndCarry(text, [window.location.pathname, paths.signin], 'error');
    store.signOut();
  }
}

/**
 * 로그인 연장 (the session expiry warning, KWCAG 2.2.1): exchanges the refresh token now, whatever
 * the refresh window says. A refused or ended session signs the member out and is thrown with the
 * server's message for the warning to show; an unreachable server is thrown and nothing changes.
 */
export async function extendSession(): Promise<void> {
  const store = getSessionStore();
  const before = store.accessToken();
  // A refresh already on its way may be all it takes.
  await refreshing?.catch(() => undefined);
  await withTabLock('nids-token-refresh', async () => {
    store.sync();
    const token = store.accessToken();
    const refreshToken = store.refreshToken();
    // Renewed meanwhile (a call of this tab, or another tab): that is the extension.
    if (token && token !== before) return;
    if (!token || !refreshToken) {
      store.signOut();
      throw new ApiRequestError(401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    }
    try {
      await exchangeRefreshToken(refreshToken);
    } catch (err) {
      if (!isUnreachable(err)) store.signOut();
      throw err;
    }
  });
}

/**
 * Calls the same-origin API as the signed-in member (refreshing the token first) or as a guest:
 * `apiCall<Board>(endpoint(endpointRoutes.board.get, { boardCode }))`, with `query` and `body` in
 * the options.
 */
export async function apiCall<T>(target: ApiTarget, opts: RequestOptions = {}): Promise<T> {
  if (opts.anonymous) return send<T>(target, opts, null);
  if (!opts.skipRefresh) await refreshIfNeeded();
  const store = getSessionStore();
  const token = store.accessToken();
  try {
    return await send<T>(target, opts, token);
  } catch (err) {
    // A read refused with 401 although a live token was sent: the server no longer accepts the
    // token (the member left or was blocked elsewhere), so the session ends here too and the read
    // is retried as the guest the visitor now is. Changes are not retried: their 401 is shown.
    if (target.method === 'GET' && token && err instanceof ApiRequestError && err.status === 401 && err.code === 'UNAUTHORIZED') {
      store.signOut();
      return send<T>(target, opts, null);
    }
    throw err;
  }
}

/** A file the API sent back: its bytes and the name from `Content-Disposition` (null when none). */
export interface ApiDownload {
  blob: Blob;
  fileName: string | null;
}

/**
 * A file (an Excel export) as the signed-in member: the token is refreshed first and sent in the
 * Authorization header, as for every other call. An error answer is still the JSON envelope, so it
 * becomes an ApiRequestError with the server's Korean message.
 */
export async function apiDownload({ method, path }: ApiTarget, { query, body }: Pick<RequestOptions, 'query' | 'body'> = {}): Promise<ApiDownload> {
  await refreshIfNeeded();
  const token = getSessionStore().accessToken();
  let response: Response;
  const sentAt = Date.now();
  try {
    // The console's exports are POSTs with their reason in a JSON body; a board's is a GET.
    response = await fetch(`${path}${queryString(query)}`, {
      method,
      headers: {
        accept: '*/*',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  noteAdminActivity(response, sentAt);
  if (!response.ok) {
    throw apiErrorOf(response.status, (await response.json().catch(() => null)) as ErrorAnswer | null);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw networkError('파일을 받는 중에 연결이 끊겼습니다. 다시 시도해주세요.');
  }
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''...` form
 * first (Korean names), else a plain `filename="..."`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended && /^utf-8$/i.test(extended[1]!.trim())) {
    try {
      const name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** Saves a blob as a file of this name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the time this runs; free them.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
