import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressNow, dynamicEncoding } from './dynamic-compression';

describe('dynamicEncoding: answers made per request', () => {
  it('prefers gzip when the client takes both (as cheap as brotli at these levels, and smaller)', () => {
    expect(dynamicEncoding('gzip, deflate, br')).toBe('gzip');
    expect(dynamicEncoding('br, gzip')).toBe('gzip');
  });

  it('takes br alone, honours q=0 and * and sends nothing compressed without the header', () => {
    expect(dynamicEncoding('br')).toBe('br');
    expect(dynamicEncoding('br, gzip;q=0')).toBe('br');
    expect(dynamicEncoding('*')).toBe('gzip');
    expect(dynamicEncoding('identity')).toBeNull();
    expect(dynamicEncoding(undefined)).toBeNull();
  });
});

describe('compressNow', () => {
  const page = '<!doctype html><title>공지사항</title>'.repeat(100);
  it('compresses to what the encoding names, and back to the same text', () => {
    const gz = compressNow(page, 'gzip');
    expect(gz.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(zlib.gunzipSync(gz).toString()).toBe(page);
    expect(zlib.brotliDecompressSync(compressNow(page, 'br')).toString()).toBe(page);
  });
});
