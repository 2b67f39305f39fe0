import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from './test/harness';
import { isConsoleRoute, registeredRoutes } from './test/routes';

/** The console's paths (issue 9): every route under them must have a console access rule. */
const isAdminPath = (url: string) => url.startsWith('/api/admin/') || url === '/api/alumni' || url.startsWith('/api/alumni/');

/**
 * Every console and address-book route (issue 9), whoever added it: the routes are read from the
 * app itself, so a route added later is checked too. A guest gets 401 and a member 403 with the
 * `{ code, message }` envelope, before anything about the request (params, body) is looked at:
 * a 400 would already tell a stranger what the call expects.
 */
let t: TestApp;
let routes: { method: string; url: string }[] = [];

/** A placeholder for each path parameter: the guard must answer before the value matters. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

beforeAll(async () => {
  t = await createTestApp();
  routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
    // HEAD is Fastify's automatic twin of GET, answered without a body.
    .filter((r) => r.method !== 'HEAD' && (isAdminPath(r.url) || isConsoleRoute(r.method, r.url)));
});

afterAll(async () => {
  await t?.close();
});

describe('the routes under /api/admin and /api/alumni', () => {
  it('are all found, and the list agrees with the OpenAPI document', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'GET /api/admin/access-records',
      'POST /api/admin/access-records/export-data',
      'GET /api/admin/dashboard',
      'GET /api/alumni',
      'PATCH /api/site-setting',
    ]) {
      expect(keys, known).toContain(known);
    }
    const documented = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, operations] of Object.entries(documented)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      if (!isAdminPath(url)) continue;
      for (const method of Object.keys(operations)) {
        if (method === 'head') continue;
        expect(keys, `${method.toUpperCase()} ${url} of the OpenAPI document`).toContain(`${method.toUpperCase()} ${url}`);
      }
    }
  });

  it('each has a console access rule in contract/endpoints.ts', () => {
    const notConsole = routes.filter((r) => !isConsoleRoute(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(notConsole).toEqual([]);
  });

  it('answer 401 with the envelope to a guest and 403 to a member, before reading the request', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      // An empty body is invalid for every write: the check must come before validation.
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      for (const [who, token, status, code] of [
        ['guest', undefined, 401, 'UNAUTHORIZED'],
        ['member', t.tokens.member, 403, 'FORBIDDEN'],
      ] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: t.auth(token),
          ...(payload !== undefined ? { payload } : {}),
        });
        const answer = res.headers['content-type']?.toString().includes('json') ? body(res) : null;
        const ok =
          res.statusCode === status &&
          answer !== null &&
          answer.code === code &&
          typeof answer.message === 'string' &&
          /[\uac00-\ud7a3]/.test(answer.message) &&
          Object.keys(answer).sort().join(',') === 'code,message';
        if (!ok) wrong.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });
});
