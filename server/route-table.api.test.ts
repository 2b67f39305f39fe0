import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList, endpoints } from '@contract';
import { guardTableRoutes } from './auth/access';
import { route } from './route';
import { createTestApp, type TestApp } from './test/harness';
import { openApiPath, registeredRoutes } from './test/routes';

/**
 * Issue 21: every API route is an entry of contract/endpoints.ts and every entry a route, read
 * from the app itself (Fastify's route tree), so a route registered by hand, or an entry whose
 * route was removed, fails here. The OpenAPI document shows each entry's access and answer rules,
 * and who its guest cache answers (`x-guest-cache`, from route()'s `guestCache` option).
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

  it('has a guest read for every guestCache entry and for no other GET (server/guest-answers.ts)', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-guest-cache'?: 'guests' | 'everyone' }>> };
    const reads = (entry: (typeof endpointList)[number]) => doc.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase()]?.['x-guest-cache'];
    const withRead = endpointList.filter((entry) => reads(entry) !== undefined).map((entry) => entry.id);
    const guestCached = endpointList.filter((entry) => entry.answer.kind === 'guestCache').map((entry) => entry.id);
    expect(guestCached.length).toBeGreaterThan(0);
    // The POST search is the one other: a write's answer is noStore, yet its guests read the list's cached answers.
    expect(withRead.sort()).toEqual([...guestCached, 'boardItem.search'].sort());
    // Only the board menu, the active pop-ups and the header menu, the same for every caller, are everyone's; the others answer guests only.
    expect(endpointList.filter((entry) => reads(entry) === 'everyone').map((entry) => entry.id)).toEqual(['board.menu', 'popup.active', 'menu.get']);
  });

  it('refuses at registration a guestCache entry without a guest read, and a guest read on another GET', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const docs = { tags: ['test'], summary: 'test' };
    const handler = async () => ({ code: 'SUCCESS' as const, data: null as never });
    expect(() => route(app, endpoints.boardItem.list, { docs }, handler)).toThrow(/boardItem\.list: a guestCache entry reads from the guest cache/);
    const read = { guests: async () => ({}) as never };
    expect(() => route(app, endpoints.comment.list, { docs, guestCache: read }, handler)).toThrow(/comment\.list: .*no other GET/);
    await app.close();
  });
});
