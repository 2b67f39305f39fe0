import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '../contract';

/** Compression of API answers; registered before the routes so that it applies to them. */
export async function registerCompression(_app: FastifyInstance): Promise<void> {}

/**
 * Serves the built web app on the same origin. Unknown `/api/...` paths get the JSON 404;
 * unknown paths with a file extension get a plain 404 (a missing chunk must fail so the client
 * can recover); every other GET gets index.html for the client router.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: messages.apiNotFound });
    }
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexPath));
  });
}
