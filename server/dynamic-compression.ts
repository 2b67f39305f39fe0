import zlib from 'node:zlib';
import { preferredEncoding } from '@server/modules/board';

/**
 * On-the-fly compression of API answers (guest list and view answers come compressed from the
 * board cache already; this covers the rest). Throughput matters more than the last few percent:
 * about 3,500 list pages a second on 2 cores (issue 8). Measured on a 10-item list page (11.2 KB
 * of JSON, Node 20, 2 shared cores): gzip 3 gives 3.9 KB and costs about as much as gzip 1 or
 * brotli 1 (4.2 KB); gzip 4-6 save another 3-5% for 1.5 times the time, brotli 4 (the plugin's
 * default) 1% for 2-3 times. So gzip 3 is preferred when a client takes both and brotli 1 serves
 * clients that prefer br. Answers up to 64 KB are compressed synchronously: with the plugin's
 * default stream path above 8 KB (on 2 cores) a test server answered a quarter to a half as
 * many such pages a second.
 */
export const dynamicCompression = {
  gzipLevel: 3,
  brotliQuality: 1,
  /** Answers smaller than this go out as they are: below about 1 KB the headers dominate. */
  threshold: 1024,
  syncThreshold: 64 * 1024,
} as const;

/**
 * The encoding for an answer made for this request, as @fastify/compress picks it with the
 * options in web.ts: gzip when the client takes it (as cheap as brotli at these levels, and
 * smaller), else br, else none.
 */
export function dynamicEncoding(header: string | undefined): 'gzip' | 'br' | null {
  return preferredEncoding(header, 'gzip');
}

/**
 * Compresses at the levels above, for answers sent where @fastify/compress's hooks do not run
 * (the not-found handler, which serves the web app's screens: modules/seo/page-head.ts).
 */
export function compressNow(body: string, encoding: 'gzip' | 'br'): Buffer {
  return encoding === 'gzip'
    ? zlib.gzipSync(body, { level: dynamicCompression.gzipLevel })
    : zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: dynamicCompression.brotliQuality } });
}
