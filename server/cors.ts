import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

/**
 * Cross-origin reads of the API (issue 12). The web app calls its API on its own origin, which
 * needs no CORS header at all; by default no other site's page may read an answer (no
 * `Access-Control-Allow-Origin` is ever sent). CORS_ORIGINS lists sites that may read the public
 * API (a partner page showing the latest notices): their requests get their own origin back, never
 * `*`, and never `Access-Control-Allow-Credentials`; their preflights allow `Content-Type` but not
 * `Authorization`, so a member's token is never sent from another site, and the file cookie
 * (SameSite=Strict) is not sent cross-site either. A preflight from any other origin is refused.
 */
const allowedMethods = 'GET, HEAD, POST';
const allowedHeaders = 'Content-Type';
/** How long a browser may keep a preflight's answer (seconds). */
const preflightMaxAge = '600';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

function appendVary(existing: unknown, name: string): string {
  const current = typeof existing === 'string' ? existing : Array.isArray(existing) ? existing.join(', ') : '';
  if (current.split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase() || v.trim() === '*')) return current;
  return current ? `${current}, ${name}` : name;
}

/**
 * The Vary an API answer goes out with when a route set `vary`: Origin added where origins are
 * listed, as the hook below adds it (the front door sends kept answers without the hooks).
 */
export function apiVary(vary: string, corsOrigins: readonly string[]): string {
  return corsOrigins.length > 0 ? appendVary(vary, 'Origin') : vary;
}

export function registerCors(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const allowed = new Set(corsOrigins);

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !isApi(request.url)) return done();
    const listed = allowed.has(origin);
    if (listed) reply.header('access-control-allow-origin', origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight) return done();
    if (!listed) {
      void reply.status(403).send(forbidden().toEnvelope());
      return;
    }
    void reply
      .status(204)
      .header('access-control-allow-methods', allowedMethods)
      .header('access-control-allow-headers', allowedHeaders)
      .header('access-control-max-age', preflightMaxAge)
      .header('cache-control', 'no-store')
      .send();
  });

  // With listed origins an API answer depends on Origin: shared caches must keep them apart.
  // Added last (onSend), since routes set Vary themselves (board answers: Authorization).
  if (allowed.size > 0) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApi(request.url)) reply.header('vary', appendVary(reply.getHeader('vary'), 'Origin'));
      done(null, payload);
    });
  }
}
