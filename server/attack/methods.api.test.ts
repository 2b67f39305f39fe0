import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * KISA's "unneeded HTTP methods" item (issue 12): TRACE, PROPFIND and the like are not routes of
 * the site. Asked of the API, a screen or a static file they are refused in the envelope (or a
 * plain 404 for files), never echo the request back (TRACE's cross-site tracing), and never
 * reveal the framework.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('methods the site does not use', () => {
  const secret = 'Bearer trace-me-not';
  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'COPY', 'MOVE', 'SEARCH'])('%s is refused everywhere and echoes nothing', async (method) => {
    for (const url of ['/api/board', '/api/user/signin', '/api/admin/users', '/', '/Nids/notice/List/', '/assets/x.js']) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: secret, cookie: 'nids_file=trace-me-not' } });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.body, `${method} ${url}`).not.toContain('trace-me-not');
      expect(res.body, `${method} ${url}`).not.toMatch(/FST_|fastify/i);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
