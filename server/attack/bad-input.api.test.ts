import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardItem } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { apiOperations, type ApiOperation } from '../test/routes';
import { badBody, badPathValue, badQuery, INVALID_UTF8_JSON, PROTOTYPE_POLLUTION_JSON } from './bad-input';
import { tableDigest } from '../test/table-digest';

/**
 * Issue 12, the attacker's suite: bad input, property-based (fast-check), on every endpoint of the
 * API, spec §7's and the console's alike. The operations come from the API's own OpenAPI document
 * (/api/docs/json), so a route added later is swept too. Each is called by a guest, a member and
 * an administrator with wrong types, missing and extra fields, huge strings, control characters,
 * invalid UTF-8, negative and huge numbers, prototype-pollution keys, SQL and NoSQL fragments and
 * path traversal in ids and file names. Every answer must be a 4xx `{ code, message }` (or a
 * success where the input happens to be valid), never a 5xx; and after a write that was refused
 * every time, no table has changed (a digest of every table's rows).
 */
let t: TestApp;
let operations: ApiOperation[];
// A fixed seed keeps npm test repeatable; BAD_INPUT_SEED and BAD_INPUT_RUNS widen a hunt by hand.
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261125);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      // The sweep sends thousands of requests from one address: the limits are tested on their own.
      RATE_LIMIT_SIGNIN: '100000',
      RATE_LIMIT_CHECK: '100000',
      RATE_LIMIT_PINCODE: '100000',
      RATE_LIMIT_FIND: '100000',
      RATE_LIMIT_WRITE: '100000',
      // Nothing may change the tables behind the sweep's back (buffered views, housekeeping).
      VIEW_FLUSH_SECONDS: '3600',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
    },
  });
  await createBoardItem(t.db, { boardCode: 'community', title: '공격 시험 대상 글' });
  operations = await apiOperations(t.app);
});

afterAll(async () => {
  await t?.close();
});

type Caller = 'guest' | 'member' | 'admin';
const callers: Caller[] = ['guest', 'member', 'admin'];

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'guest') return {};
  return t.auth(caller === 'admin' ? t.tokens.admin : t.tokens.member);
}

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** What every answer must be: below 500, and a refusal is the JSON envelope with a Korean message. */
function expectWellRefused(label: string, res: Answer): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.body.length, label).toBeLessThan(2_000);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const envelope = JSON.parse(res.body) as { code?: unknown; message?: unknown };
  expect(typeof envelope.code, `${label}: ${res.body.slice(0, 300)}`).toBe('string');
  expect(typeof envelope.message, `${label}: ${res.body.slice(0, 300)}`).toBe('string');
  // Nothing of the machinery in the message: no stack, file path, database error or library name
  // (a message may quote the caller's own input, an unknown key say, which may hold anything).
  expect(envelope.message, label).not.toMatch(/\bat .+:\d+:\d+|\/work\/|node_modules|drizzle|postgres|syntax error at|relation "|zod|fastify/i);
}

function urlOf(op: ApiOperation, pathValues: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}

describe('bad input on every endpoint', () => {
  it('the OpenAPI document lists every route of spec §7 and the console (at least 70 operations)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(70);
    expect(operations.filter((op) => op.path.startsWith('/api/admin')).length).toBeGreaterThanOrEqual(20);
  });

  it('what the sweep found stays fixed: NUL in a path, query or body is a 400, a 70 KB path parameter a 414, both in the envelope', async () => {
    const member = headersOf('member');
    for (const [method, url, payload] of [
      ['GET', '/api/board/%00', undefined],
      ['GET', '/api/board-item?boardCode=notice&keyword=a%00b&searchType=title', undefined],
      ['PUT', '/api/board-item/community', JSON.stringify({ title: 'a\u0000b', content: '<p>x</p>' })],
      ['PUT', '/api/board-item/community', JSON.stringify({ title: '제목', content: '<p>x</p>', 'a\u0000': 1 })],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { ...member, 'content-type': 'application/json' }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 'BAD_REQUEST', message: '요청 값이 올바르지 않습니다.' });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/board/${'x'.repeat(70_000)}` });
    expect(long.statusCode).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ code: 'URI_TOO_LONG', message: '요청 값이 올바르지 않습니다.' });
    // Answered before any hook, yet with the site's headers.
    expect(long.headers['content-security-policy']).toContain("default-src 'self'");
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/board/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).not.toMatch(/FST_|%E0/);
  });

  it.each(callers)('as %s: never a 5xx, always the envelope, and a refused write changes nothing', async (caller) => {
    const headers = headersOf(caller);
    for (const op of operations) {
      // Sign-out ends the caller's sessions; the token sweep (tokens) covers it.
      if (op.path === '/api/user/signout' || op.path.startsWith('/api/admin/users/{id}/sign-out')) continue;
      const before = op.method === 'GET' ? null : await tableDigest(t.database.raw);
      let succeeded = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            pathValues: fc.record(Object.fromEntries(op.pathParams.map((name) => [name, badPathValue()]))),
            query: badQuery(op.queryParams),
            body: badBody(op.bodyFields),
          }),
          async ({ pathValues, query, body }) => {
            const url = urlOf(op, pathValues as Record<string, string>, query);
            const label = `${caller} ${op.method} ${url.slice(0, 200)}`;
            const res = await t.app.inject({
              method: op.method as 'GET',
              url,
              headers: { ...headers, ...(op.hasBody || body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(op.method === 'GET' || body === undefined ? {} : { payload: body }),
            });
            expectWellRefused(label, res);
            if (res.statusCode < 300) succeeded += 1;
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // Bodies no generator makes: bytes that are not UTF-8, and keys that would pollute prototypes.
      if (op.method !== 'GET') {
        for (const payload of [INVALID_UTF8_JSON, PROTOTYPE_POLLUTION_JSON]) {
          const url = urlOf(op, Object.fromEntries(op.pathParams.map((n) => [n, '1'])), '');
          const res = await t.app.inject({ method: op.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });
          expectWellRefused(`${caller} ${op.method} ${url} (raw body)`, res);
          if (res.statusCode < 300) succeeded += 1;
        }
      }
      if (before && succeeded === 0) {
        expect(await tableDigest(t.database.raw), `${caller} ${op.method} ${op.path} changed a table though every call was refused`).toEqual(before);
      }
    }
    // Prototype pollution would show on every object of the process.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
