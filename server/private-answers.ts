import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_COOKIE } from './auth/file-cookie';

/**
 * Which answers no cache may keep (issue 12: `Cache-Control: no-store` on every answer that carries
 * personal data or tokens). One rule for every route instead of a header per route:
 *
 * 1. any answer to a request that carries credentials: a bearer token, or the file cookie
 *    (docs/decisions/0009): what a signed-in caller sees may be theirs alone;
 * 2. any answer to a write (POST, PUT, PATCH, DELETE) under /api: sign-in and token refresh answer
 *    tokens, find-ID answers IDs, a guest's inquiry answers what it stored;
 * 3. every answer under the paths below, whoever asks: accounts and keys, the console and the
 *    address book, CAPTCHA answers, upload URLs (bearer secrets), and the operations routes.
 *
 * A route that already said `no-store` keeps its own value. Everything else (guest board reads with
 * their ETag and `no-cache`, public files, the web app's files) keeps the caching it chose.
 */
export const personalPaths = [
  '/api/user',
  '/api/user-key',
  '/api/admin',
  '/api/alumni',
  '/api/captcha',
  '/api/file/upload',
  '/api/board-item-file/upload-url',
  '/healthz',
  '/readyz',
  '/metrics',
];

const NO_STORE = 'private, no-store';
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function underPersonalPath(path: string): boolean {
  return personalPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}-`));
}

function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && cookie.includes(`${FILE_COOKIE}=`);
}

export function isPersonalAnswer(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  if (carriesCredentials(request)) return true;
  if (!reads.has(request.method) && (path === '/api' || path.startsWith('/api/'))) return true;
  return underPersonalPath(path);
}

export function registerPrivateAnswers(app: FastifyInstance): void {
  // A callback onSend hook: it runs on every answer, errors and 404s included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPersonalAnswer(request)) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !/\bno-store\b/.test(current)) reply.header('cache-control', NO_STORE);
    }
    done(null, payload);
  });
}
