import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { messages } from '@contract';
import { notFound } from './errors';
import { createPageHeads } from '@server/modules/seo';
import type { Hit } from '@server/modules/visit';
import { dynamicCompression } from './dynamic-compression';

/**
 * Routes whose answers are never compressed on the fly: the web app's files, which the build
 * precompressed (scripts/vite-precompress.ts) and @fastify/static sends as they are, and stored
 * uploads (/api/file): images, PDFs and office files are compressed already or binary, so
 * compressing them would cost CPU for next to nothing. @fastify/compress would otherwise
 * compress `application/octet-stream` downloads, which mime-db lists as compressible.
 */
function isPrecompressedOrBinary(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/file/');
}

/** Compression of API answers; registered before the routes so that it applies to them. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below), so the plugin sees `compress: false`.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isPrecompressedOrBinary(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: dynamicCompression.threshold,
    syncThreshold: dynamicCompression.syncThreshold,
    // gzip first: at these levels it is as cheap as brotli and smaller (see above). zstd and
    // deflate are left out: every browser takes gzip.
    encodings: ['gzip', 'br'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: dynamicCompression.brotliQuality } },
    zlibOptions: { level: dynamicCompression.gzipLevel },
    // Compressed request bodies are not needed by any client and would only widen what the
    // server accepts (a small compressed body can expand a lot).
    globalDecompression: false,
  });
}

/** Cache-Control of a file of the web build: fingerprinted assets never change, the rest may. */
function cacheControlOf(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A full page load as the visit counter takes it (issue 23): here, and where the front door sends a kept page. */
export function pageHit(at: Date, address: string, headers: IncomingHttpHeaders, path: string, host: string): Hit {
  return { at, address, userAgent: headers['user-agent'], path, referrer: headers.referer, host };
}

/**
 * Serves the built web app on the same origin. Unknown `/api/...` paths get the JSON 404;
 * unknown paths with a file extension get a plain 404 (a missing chunk must fail so the client
 * can recover); every other GET gets index.html for the client router.
 *
 * Files go out precompressed where the build wrote `.br`/`.gz` copies (br preferred, then gzip,
 * else the file itself), always with `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string) {
  const hasWeb = fs.existsSync(path.join(webDistDir, 'index.html'));
  // Post and list screens get their own title and Open Graph tags (modules/seo/page-head.ts).
  const pageHeads = hasWeb ? createPageHeads(app, webDistDir) : null;
  // Kept pages asked for again are answered before Fastify, as kept API answers are (decision 0051).
  if (pageHeads) app.frontDoor.openPages(pageHeads);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding, never fetched by their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlOf(filePath));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send(notFound(messages.apiNotFound).toEnvelope());
    }
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    // A full page load is a visit (issue 23): an array push here, everything else at the flush
    // (server/modules/visit). In-app navigations after it come by the beacon.
    const hit: Hit | null = request.method === 'GET' ? pageHit(app.deps.clock.now(), request.ip, request.headers, url, request.host) : null;
    if (hit) app.deps.visits.record(hit);
    // The tags are a bonus: with the database out of reach the screen still gets the app's shell.
    const sent = await pageHeads?.answer(request, reply).catch((err: unknown) => {
      request.log.warn({ err }, 'page tags unavailable: sending the plain index.html');
      return false as const;
    });
    // A post's page made from the post: the flush need not look it up (one that ran while the page
    // waited for the database has looked it up already, which costs nothing more than before).
    if (hit && sent === 'post') hit.postShown = true;
    if (sent) return reply;
    // Through @fastify/static so that index.html gets the same negotiation, ETag and 304 as the
    // assets (and `no-cache` from setHeaders: a new build must be picked up at once).
    return reply.sendFile('index.html');
  });
}
