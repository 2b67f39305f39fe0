import { vi } from 'vitest';
import { errorEnvelope, type ErrorCode } from '@contract/envelope';

/**
 * The component tier's stand-in for the server: `fetch` answers the calls a screen makes from a
 * table of `METHOD /api/path` -> answer, in the contract's envelope. Any call not in the table
 * fails the test (and is listed in `calls` with its body), so a screen cannot silently ask for more
 * than the test gave it. The data put in the table is parsed by the contract's schemas by the tests
 * (web/src/test/fixtures.ts), so it has the shape the real server sends.
 */

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface StubAnswer {
  status: number;
  /** Sent as JSON, unless `file` is given. */
  payload?: unknown;
  /** A download's bytes and its headers (content-disposition). */
  file?: { body: string; headers: Record<string, string> };
}

/** A file download answer, as the server's exports send it. */
export function download(body: string, fileName: string): StubAnswer {
  return { status: 200, file: { body, headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` } } };
}

export type StubHandler = StubAnswer | ((call: ApiCall) => StubAnswer | Promise<StubAnswer>);

/** `{ code: 'SUCCESS', data }` with 200. */
export function ok<T>(data: T): StubAnswer {
  return { status: 200, payload: { code: 'SUCCESS', data } };
}

/**
 * The error envelope `{ code, message, field? }` with its status, checked by the contract's envelope
 * schema (a closed code). `field` is the request field the server names, as the real refusal does.
 */
export function refuse(status: number, code: ErrorCode, message: string, field?: string): StubAnswer {
  return { status, payload: errorEnvelope.strict().parse(field === undefined ? { code, message } : { code, message, field }) };
}

/** An answer that never comes (a screen in its loading state). */
export function never(): Promise<StubAnswer> {
  return new Promise(() => undefined);
}

export interface ApiStub {
  /** Every call made, in order. */
  readonly calls: ApiCall[];
  /** Calls to this `METHOD /path`. */
  callsTo(route: string): ApiCall[];
  /** Replaces or adds answers. */
  set(routes: Record<string, StubHandler>): void;
}

export function stubApi(routes: Record<string, StubHandler>): ApiStub {
  const table = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined);
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = table.get(`${method} ${url.pathname}`);
    if (!handler) throw new Error(`No answer stubbed for ${method} ${url.pathname}${url.search} in this test`);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (answer.file) return new Response(answer.file.body, { status: answer.status, headers: answer.file.headers });
    return new Response(JSON.stringify(answer.payload), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    set: (more) => {
      for (const [route, handler] of Object.entries(more)) table.set(route, handler);
    },
  };
}
