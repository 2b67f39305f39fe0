import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, createBrotliCompress } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliNow, keptBrotli, processBrotli } from './brotli-now';

/** What cache.ts compressed with before: a new stream per body, the same parameters. */
const perCall = (input: Buffer, quality: number) =>
  brotliCompressSync(input, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: input.length },
  });

const post = Buffer.from(
  JSON.stringify({ title: '인체이식형 의료기기 환자등록 안내', content: '<p>환자 등록 절차와 유의사항을 안내합니다. </p>'.repeat(40), viewCount: 12 }),
);
const page = Buffer.from(`<!doctype html><html lang="ko"><head><title>공지</title></head><body>${post.toString().repeat(5)}</body></html>`);

describe('brotliNow', () => {
  it('uses the encoder kept for the process on this Node (its internals moved if not: see brotli-now.ts)', () => {
    expect(processBrotli().kept).toBe(true);
  });

  it('gives the bytes a new stream gives, body after body, whatever the quality before', () => {
    // Interleaved qualities and sizes: each body's encoder is set up anew, with nothing of the last.
    for (const [input, quality] of [
      [post, 1],
      [page, 4],
      [post, 4],
      [page, 1],
      [Buffer.alloc(0), 1],
      [Buffer.from('가'), 4],
    ] as const) {
      const out = brotliNow(input, { quality });
      expect(out.equals(perCall(input, quality))).toBe(true);
      expect(brotliDecompressSync(out).equals(input)).toBe(true);
    }
  });

  it('writes a body whose brotli outgrows one write (64 KB) in several, whole', () => {
    // Random bytes do not compress: 200 KB in is a little more out.
    const input = randomBytes(200 * 1024);
    const out = brotliNow(input, { quality: 1 });
    expect(out.length).toBeGreaterThan(200 * 1024);
    expect(brotliDecompressSync(out).equals(input)).toBe(true);
    expect(out.equals(perCall(input, 1))).toBe(true);
  });

  it('answers bytes of their own, which the next body does not overwrite', () => {
    const first = brotliNow(post, { quality: 1 });
    const copy = Buffer.from(first);
    brotliNow(page, { quality: 1 });
    expect(first.equals(copy)).toBe(true);
    // Not a view of a larger block (Node's 8 KB pool or the output buffer): a kept answer holds only itself.
    expect(first.buffer.byteLength).toBe(first.length);
  });

  it('goes the old way, with the same bytes, on a stream without the handle (a Node whose internals moved)', () => {
    const encoder = keptBrotli(new PassThrough());
    expect(encoder.kept).toBe(false);
    expect(encoder.compress(post, { quality: 1 }).equals(perCall(post, 1))).toBe(true);
  });

  it('goes the old way from a closed handle on, never writing to it (that would end the process)', () => {
    const stream = createBrotliCompress();
    const encoder = keptBrotli(stream);
    expect(encoder.compress(page, { quality: 1 }).equals(perCall(page, 1))).toBe(true);
    // What zlibOnError does with an error the handle reports: the stream destroyed, its handle closed.
    stream.destroy(new Error('the handle reported an error'));
    expect(encoder.kept).toBe(false);
    expect(encoder.compress(page, { quality: 1 }).equals(perCall(page, 1))).toBe(true);
  });
});
