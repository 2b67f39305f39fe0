import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Build-time compression of the web app (issue 8, "Bytes"): every file of the build output
 * that compresses gets a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) next to it,
 * which @fastify/static (`preCompressed: true`, server/web.ts) sends according to the request's
 * Accept-Encoding. Done once per build, so the server spends no CPU on its static files and
 * can afford the slowest, smallest settings.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Extensions worth compressing. Everything else is already compressed (woff2, png, jpeg, webp,
 * avif, zip...) and is left alone: a `.br` of it would only cost disk space and a stat per
 * request.
 */
const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ttf', '.otf', '.eot', '.ico', '.wasm']);

/**
 * A compressed copy is kept only if it is at most this share of the original: below a few
 * percent the saving does not pay for the decoding and the extra file.
 */
const MAX_RATIO = 0.95;

export interface PrecompressedFile {
  /** Path relative to the compressed directory, with `/` separators. */
  file: string;
  size: number;
  /** Size of the `.br` written, or null when brotli did not shrink the file enough. */
  br: number | null;
  /** Size of the `.gz` written, or null likewise. */
  gzip: number | null;
}

export function isCompressible(file: string): boolean {
  return compressible.has(path.extname(file).toLowerCase());
}

/** Files under `dir`, except under dot-folders such as Vite's `.vite/` (never served). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((full) => !path.relative(dir, full).split(path.sep).some((part) => part.startsWith('.')));
}

async function writeIfSmaller(target: string, original: number, compressed: Buffer): Promise<number | null> {
  if (compressed.length > original * MAX_RATIO) {
    // A stale copy from an earlier build must not outlive a file that no longer compresses.
    await fs.rm(target, { force: true });
    return null;
  }
  await fs.writeFile(target, compressed);
  return compressed.length;
}

async function compressFile(full: string, root: string): Promise<PrecompressedFile> {
  const data = await fs.readFile(full);
  // Brotli's text/font modes and size hint were tried: they gave the same bytes on this app's build.
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file: path.relative(root, full).split(path.sep).join('/'),
    size: data.length,
    br: await writeIfSmaller(`${full}.br`, data.length, br),
    gzip: await writeIfSmaller(`${full}.gz`, data.length, gz),
  };
}

/**
 * Writes `.br` and `.gz` next to every compressible file under `dir` (recursively) and returns
 * what it did, one entry per compressible file. Existing `.br`/`.gz` files are never inputs.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const files = (await listFiles(dir)).filter(isCompressible).sort();
  // zlib's async calls run on libuv's thread pool (4 threads), so all files at once is fine.
  return Promise.all(files.map((full) => compressFile(full, dir)));
}

/** The Vite plugin: precompresses the client build output once it is written. */
export function precompress(): Plugin {
  return {
    name: 'nids:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const results = await precompressDir(options.dir);
      const total = (pick: (r: PrecompressedFile) => number | null) =>
        results.reduce((sum, r) => sum + (pick(r) ?? r.size), 0);
      this.info(
        `precompressed ${results.length} files: ${total((r) => r.size)} B raw, ` +
          `${total((r) => r.gzip)} B gzip, ${total((r) => r.br)} B brotli`,
      );
    },
  };
}
