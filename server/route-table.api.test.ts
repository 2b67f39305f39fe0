import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@contract';
import { guardTableRoutes } from './auth/access';
import { createTestApp, type TestApp } from './test/harness';
import { registeredRoutes } from './test/routes';

/**
 * Issue 21: every API route is an entry of contract/endpoints.ts and every entry a route, read
 * from the app itself (Fastify's route tree), so a route registered by hand, or an entry whose
 * route was removed, fails here. The OpenAPI document shows each entry's access and answer rules.
 */
let t: TestApp;
let routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // HEAD is Fastify's automatic twin of GET; /api/docs is the documentation's own pages.
  routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD');
});

afterAll(async () => {
  await t?.close();
});

const keyOf = (r: { method: string; url?: string; path?: string }) => `${r.method} ${r.url ?? r.path}`;

describe('the endpoint table', () => {
  it('has every registered /api route, and a route for every entry', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const table = new Set(endpointList.map(keyOf));
    const registered = new Set(api.map(keyOf));
    expect(api.map(keyOf).filter((key) => !table.has(key)), 'routes not in contract/endpoints.ts').toEqual([]);
    expect(endpointList.map(keyOf).filter((key) => !registered.has(key)), 'entries with no route').toEqual([]);
    expect(api.length).toBe(endpointList.length);
    // The documentation's pages are the one exception, and are there.
    expect(routes.map((r) => r.url)).toContain('/api/docs/json');
  });

  it('refuses at registration a route under /api that is not an entry', async () => {
    const app = Fastify();
    app.addHook('onRoute', guardTableRoutes);
    expect(() => app.get('/api/by-hand', async () => ({}))).toThrow(/not in contract\/endpoints\.ts/);
    // Outside /api (the web app, robots.txt, the operations routes) routes are registered as before.
    expect(() => app.get('/robots.txt', async () => '')).not.toThrow();
    await app.close();
  });

  it('puts each entry\'s access and answer rules in the OpenAPI document, and asks a token where one is needed', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: unknown; 'x-answer'?: unknown; security?: unknown }>> };
    for (const entry of endpointList) {
      const operation = doc.paths[entry.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[entry.method.toLowerCase()];
      expect(operation, keyOf(entry)).toBeDefined();
      expect(operation?.['x-access'], keyOf(entry)).toEqual(entry.access);
      expect(operation?.['x-answer'], keyOf(entry)).toEqual(entry.answer);
      const signedIn = !['anyone', 'board', 'tokenBlind'].includes(entry.access.kind);
      expect(operation?.security !== undefined, `${keyOf(entry)} security`).toBe(signedIn);
    }
  });
});
