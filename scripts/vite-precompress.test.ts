import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCompressible, precompress, precompressDir } from './vite-precompress';

let dir: string;

const js = Array.from({ length: 100 }, (_, i) => `export const v${i} = () => "환자등록 ${i}";`).join('\n');
const css = Array.from({ length: 100 }, (_, i) => `.c${i}{margin:${i}px;color:#0b4f8a}`).join('\n');
const html = `<!doctype html><html lang="ko"><head><title>누리집</title></head><body>${'<p>안내</p>'.repeat(50)}</body></html>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`;

function write(rel: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), content);
}

const exists = (rel: string) => fs.existsSync(path.join(dir, rel));
const read = (rel: string) => fs.readFileSync(path.join(dir, rel));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-precompress-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('isCompressible', () => {
  it.each(['a.js', 'a.mjs', 'a.css', 'index.html', 'logo.SVG', 'a.json', 'font.ttf'])('%s is', (name) => {
    expect(isCompressible(name)).toBe(true);
  });

  it.each(['font.woff2', 'font.woff', 'a.png', 'a.jpg', 'a.webp', 'a.avif', 'a.zip', 'a.js.br', 'a.js.gz'])('%s is not', (name) => {
    expect(isCompressible(name)).toBe(false);
  });
});

describe('precompressDir', () => {
  it('writes .br and .gz next to every compressible file, and both decode to the original', async () => {
    write('index.html', html);
    write('favicon.svg', svg);
    write('assets/index-AbCd1234.js', js);
    write('assets/index-AbCd1234.css', css);

    const results = await precompressDir(dir);

    expect(results.map((r) => r.file).sort()).toEqual(
      ['assets/index-AbCd1234.css', 'assets/index-AbCd1234.js', 'favicon.svg', 'index.html'],
    );
    for (const [rel, original] of [['index.html', html], ['favicon.svg', svg], ['assets/index-AbCd1234.js', js], ['assets/index-AbCd1234.css', css]]) {
      const br = read(`${rel}.br`);
      const gz = read(`${rel}.gz`);
      expect(zlib.brotliDecompressSync(br).toString('utf8'), rel).toBe(original);
      expect(zlib.gunzipSync(gz).toString('utf8'), rel).toBe(original);
      expect(br.length, rel).toBeLessThan(Buffer.byteLength(original!) / 2);
      const result = results.find((r) => r.file === rel)!;
      expect(result).toEqual({ file: rel, size: Buffer.byteLength(original!), br: br.length, gzip: gz.length });
    }
  });

  it('uses the maximum settings, brotli 11 and gzip 9 (time is spent once, at build)', async () => {
    write('assets/a.js', js);
    await precompressDir(dir);
    const br11 = zlib.brotliCompressSync(js, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(read('assets/a.js.br').equals(br11)).toBe(true);
    expect(read('assets/a.js.gz').equals(zlib.gzipSync(js, { level: 9 }))).toBe(true);
  });

  it('leaves already compressed formats alone: no .br or .gz of fonts and images', async () => {
    const font = randomBytes(2048);
    write('assets/Pretendard-XyZ.woff2', font);
    write('assets/photo.png', randomBytes(1024));
    write('assets/a.js', js);

    const results = await precompressDir(dir);

    expect(results.map((r) => r.file)).toEqual(['assets/a.js']);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(
      ['Pretendard-XyZ.woff2', 'a.js', 'a.js.br', 'a.js.gz', 'photo.png'],
    );
    expect(read('assets/Pretendard-XyZ.woff2').equals(font)).toBe(true);
  });

  it('keeps no copy of a compressible file that does not shrink, and removes a stale one', async () => {
    // Too small (or too random) to gain anything from compression.
    write('tiny.svg', '<svg/>');
    write('noise.js', randomBytes(3000));
    write('noise.js.br', 'stale copy from an earlier build');

    const results = await precompressDir(dir);

    expect(results).toEqual([
      { file: 'noise.js', size: expect.any(Number), br: null, gzip: null },
      { file: 'tiny.svg', size: 6, br: null, gzip: null },
    ]);
    expect(exists('tiny.svg.br')).toBe(false);
    expect(exists('tiny.svg.gz')).toBe(false);
    expect(exists('noise.js.br')).toBe(false);
  });

  it('never compresses its own output or what is under dot-folders, so a second run changes nothing', async () => {
    write('assets/a.js', js);
    write('.vite/manifest.json', JSON.stringify({ 'index.html': { file: 'assets/a.js' } }).repeat(20));

    await precompressDir(dir);
    const second = await precompressDir(dir);

    expect(second.map((r) => r.file)).toEqual(['assets/a.js']);
    expect(exists('assets/a.js.br.br')).toBe(false);
    expect(exists('assets/a.js.gz.gz')).toBe(false);
    expect(exists('.vite/manifest.json.br')).toBe(false);
  });
});

describe('the Vite plugin', () => {
  it('runs only in builds and precompresses the output directory once it is written', async () => {
    write('assets/a.js', js);
    const plugin = precompress();
    expect(plugin.apply).toBe('build');

    const messages: string[] = [];
    const writeBundle = plugin.writeBundle as (this: { info(m: string): void }, options: { dir?: string }) => Promise<void>;
    await writeBundle.call({ info: (m) => messages.push(m) }, { dir });

    expect(exists('assets/a.js.br')).toBe(true);
    expect(exists('assets/a.js.gz')).toBe(true);
    expect(messages).toEqual([expect.stringMatching(/^precompressed 1 files: \d+ B raw, \d+ B gzip, \d+ B brotli$/)]);
  });
});
