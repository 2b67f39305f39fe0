import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { countGzip, stitchGzip } from './count-gzip';
import { crc32Combine, crc32ShiftOperator } from '../../lib/gzip-member';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('count gzip (a post answer compressed once, whatever its count)', () => {
  it('combines the CRC-32 of two parts as zlib computes the whole', () => {
    const samples = ['', 'a', '환자등록', 'x'.repeat(1000), '인체이식형 의료기기 '.repeat(3000)].map(utf8);
    for (const a of samples) {
      for (const b of samples) {
        expect(crc32Combine(crc32(a), crc32(b), crc32ShiftOperator(b.length))).toBe(crc32(Buffer.concat([a, b])));
      }
    }
  });

  it('stitches a gzip member that any gzip decoder reads as head, count and tail, for any count of the parts\' length', () => {
    const text = '환자등록 안내와 인체이식형 의료기기 정보 '.repeat(300);
    const head = utf8(`<title>제목</title><meta name="description" content="${text.slice(0, 200)}">{"title":"제목","viewCount":`);
    // A post's text comes after its count, and repeats what the head holds.
    const tail = utf8(`,"content":"${text}","prev":{"itemNo":3,"title":"${'이전 글 '.repeat(50)}"},"next":null}`);
    for (const level of [1, 5]) {
      for (const count of ['0', '7', '12345', '4294967295', '99999999999']) {
        const parts = countGzip(head, tail, count.length, level);
        // Kept bytes of their own, not views of zlib's 16 KB output chunk.
        expect(parts.head.buffer.byteLength).toBeLessThan(16 * 1024);
        expect(parts.tail.buffer.byteLength).toBeLessThan(16 * 1024);
        const gzip = stitchGzip(parts, count);
        expect(gunzipSync(gzip).toString('utf8')).toBe(`${head.toString()}${count}${tail.toString()}`);
        // The same parts for another count of as many digits; not for one of another length.
        const other = count.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
        expect(gunzipSync(stitchGzip(parts, other)).toString('utf8')).toBe(`${head.toString()}${other}${tail.toString()}`);
        expect(() => stitchGzip(parts, `${count}0`)).toThrow();
      }
    }
  });

  it('compresses the tail against the head: what it repeats of the head costs it nothing', () => {
    // Text that does not repeat itself: 2,000 syllables drawn with a fixed seed.
    let seed = 7;
    const syllable = () => String.fromCharCode(0xac00 + ((seed = (seed * 48271) % 2147483647) % 11172));
    const repeated = utf8(Array.from({ length: 2000 }, syllable).join(''));
    const alone = countGzip(utf8('{"viewCount":'), repeated, 2, 5);
    const afterHead = countGzip(Buffer.concat([repeated, utf8('{"viewCount":')]), repeated, 2, 5);
    expect(afterHead.tail.length).toBeLessThan(alone.tail.length / 4);
    expect(gunzipSync(stitchGzip(afterHead, '42')).equals(Buffer.concat([repeated, utf8('{"viewCount":42'), repeated]))).toBe(true);
  });

  it('holds parts larger than a deflate window, an empty tail, and a tail holding a NUL (compressed without the head)', () => {
    // Past 32 KB the tail's matches would reach beyond the window, were the whole head its dictionary.
    const long = utf8(Array.from({ length: 5000 }, (_, i) => `게시글 ${i % 97}번`).join(' '));
    for (const [head, tail] of [
      [long, long],
      [utf8('{"viewCount":'), utf8('}')],
      [long, utf8('')],
      [utf8('{"a":"00000","viewCount":'), utf8('\u0000 00 \0 00 "}')],
      // Against the head and its NUL stand-ins, this tail's first bytes would match the count's.
      [utf8('{"viewCount":'), utf8('viewCount":\0\0 and more')],
    ] as const) {
      const gzip = stitchGzip(countGzip(head, tail, 2, 5), '00');
      expect(gunzipSync(gzip).equals(Buffer.concat([head, utf8('00'), tail]))).toBe(true);
    }
  });
});
