import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '@scripts/vite-precompress';
import { createTestApp, data, type TestApp } from './test/harness';
import { storeFile } from './test/factories';
import { fixedScreens } from '@contract';

/**
 * Issue 8, "Bytes": the web build goes out precompressed with long-lived cache headers, API
 * answers over 1 KB are compressed on the fly, and downloads are left alone. The web build is
 * a small fake one made here and precompressed by the same function the Vite plugin runs.
 */
let t: TestApp;
let distDir: string;

const js = Array.from({ length: 200 }, (_, i) => `export function f${i}(a){return a.map((x)=>x*${i}).filter(Boolean)}`).join('\n');
const indexHtml = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <title>인체이식형 의료기기 환자등록사업</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/index-AbCd1234.js">
    <link rel="modulepreload" crossorigin href="/assets/index-AbCd1234.js">
  </head>
  <body>
    <div id="root"></div>
    <noscript>이 누리집을 이용하려면 자바스크립트를 켜 주세요. 이 누리집을 이용하려면 자바스크립트를 켜 주세요.</noscript>
  </body>
</html>
`;
/** Stands for a woff2 font: random bytes do not compress, like the font's own brotli data. */
const font = randomBytes(4096);

/**
 * Vite's manifest (build.manifest) of the fake build: the entry with a vendor chunk and its style
 * sheet, and two screens that share a chunk with its own style sheet.
 */
const manifest = {
  'index.html': { file: 'assets/index-AbCd1234.js', isEntry: true, imports: ['_vendor-Ve1.js'], css: ['assets/index-Ix1.css'] },
  '_vendor-Ve1.js': { file: 'assets/vendor-Ve1.js' },
  '_shared-Sh1.js': { file: 'assets/shared-Sh1.js', imports: ['_vendor-Ve1.js', 'index.html'], css: ['assets/shared-Sh1.css'] },
  'src/features/home/HomePage.tsx': {
    file: 'assets/HomePage-Ho1.js', isDynamicEntry: true, imports: ['_vendor-Ve1.js', 'index.html', '_shared-Sh1.js'], css: ['assets/HomePage-Ho1.css'],
  },
  'src/features/board/routes/BoardViewPage.tsx': {
    file: 'assets/BoardViewPage-Bv1.js', isDynamicEntry: true, imports: ['_shared-Sh1.js', 'index.html'],
  },
  'src/features/board/routes/BoardWritePage.tsx': { file: 'assets/BoardWritePage-Bw1.js', isDynamicEntry: true },
  'src/features/terms/TermsContentPage.tsx': { file: 'assets/TermsContentPage-Tc1.js', isDynamicEntry: true, imports: ['index.html'] },
};

const assetUrl = '/assets/index-AbCd1234.js';
const fontUrl = '/assets/Pretendard-XyZ98765.woff2';
const immutable = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-web-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(distDir, assetUrl), js);
  fs.writeFileSync(path.join(distDir, fontUrl), font);
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await precompressDir(distDir);
  t = await createTestApp({ seedDemo: true, env: { WEB_DIST_DIR: distDir } });
});

afterAll(async () => {
  await t?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });
}

function decode(encoding: unknown, payload: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(payload);
  if (encoding === 'gzip') return zlib.gunzipSync(payload);
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

describe('precompressed web build', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    // Equal preference: brotli, the smaller one, wins.
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
  ])('an asset asked with accept-encoding "%s" comes back %s and decodes to the original', async (accept, encoding) => {
    const res = await get(assetUrl, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    expect(decode(encoding, res.rawPayload).toString('utf8')).toBe(js);
  });

  it.each([undefined, 'identity', 'deflate'])('an asset asked with accept-encoding %s comes back as it is', async (accept) => {
    const res = await get(assetUrl, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.body).toBe(js);
  });

  it('a file that does not compress has no .br or .gz and goes out as it is, still immutable', async () => {
    expect(fs.existsSync(path.join(distDir, `${fontUrl}.br`))).toBe(false);
    const res = await get(fontUrl, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.rawPayload.equals(font)).toBe(true);
  });

  it.each(['/Account/Signin', '/Account/Signup'])('index.html for %s goes out brotli-compressed with no-cache', async (url) => {
    const res = await get(url, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decode('br', res.rawPayload).toString('utf8')).toBe(indexHtml);
  });

  it('index.html without accept-encoding is the file itself', async () => {
    const res = await get('/Account/Signin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(indexHtml);
  });

  it.each(['/assets/index-Missing1.js', '/assets/index-AbCd1234.js.br', '/assets/index-AbCd1234.js.gz', '/index.html.br'])(
    '%s is a plain 404, not index.html',
    async (url) => {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Not Found');
    },
  );

  it('HEAD of an asset has the headers of the compressed GET and no body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: assetUrl, headers: { 'accept-encoding': 'br' } });
    const brSize = fs.statSync(path.join(distDir, `${assetUrl}.br`)).size;
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brSize);
    expect(head.rawPayload.length).toBe(0);
  });

  it.each(['/Account/Signin', '/TOS/Content/TermsContent', '/'])('HEAD of the client route %s answers like its GET', async (url) => {
    // A kept page's first send is compressed quickly, its later ones at the kept level (board/cache.ts
    // compressed): HEAD and GET are compared once the page is past its first.
    await get(url, 'gzip');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
    const got = await get(url, 'gzip');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.headers.etag).toBe(got.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  // The terms page is index.html with its screen's preloads and its content (issue 22), the same for everyone: it has an ETag too.
  it.each([assetUrl, '/Account/Signin', '/TOS/Content/TermsContent'])('%s answers 304 to its own ETag, per encoding', async (url) => {
    const br = await get(url, 'br');
    const gzip = await get(url, 'gzip');
    expect(br.headers.etag).toBeTruthy();
    // Each encoding is its own representation: a cache must not revalidate one with the other.
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const again = await get(url, 'br', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(url === assetUrl ? immutable : 'no-cache');
  });

  it('a byte range of an uncompressed asset is still served (206)', async () => {
    const res = await get(assetUrl, undefined, { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(js)}`);
    expect(res.body).toBe(js.slice(0, 10));
  });
});

describe('the first screen\'s files named in its HTML (server/modules/seo/first-load.ts)', () => {
  /** The preloads added to the HTML (the fake index.html has two of its own, for the entry). */
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).filter((l) => !l.includes(assetUrl));

  it('the home page preloads its chunk, the chunk it shares and both style sheets, not what the entry loads already', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    // Kept made from its parts (issue 24): compressed once, brotli first, as the guests' API answers.
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const html = decode('br', res.rawPayload).toString('utf8');
    expect(preloadsOf(html)).toEqual([
      'preload /assets/HomePage-Ho1.css',
      'preload /assets/shared-Sh1.css',
      'modulepreload /assets/HomePage-Ho1.js',
      'modulepreload /assets/shared-Sh1.js',
    ]);
    // Marked as the server's (web/src/app/first-screen.ts), unlike index.html's own links for the entry.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomePage-Ho1.css" data-first-screen>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-Ho1.js" data-first-screen>');
    expect(html.match(/<link [^>]*data-first-screen[^>]*>/g)).toHaveLength(4);
    // The rest is index.html as built, the tags inside its head (and the first data in its body).
    // The home page's own title, description, canonical URL and Open Graph tags (contract/screens.ts)
    // stand in place of index.html's title.
    expect(html).toContain(`<title>${fixedScreens.home.title} | 인체이식형 의료기기 환자등록사업</title>`);
    const rest = html
      .replace(/\s*<link rel="(modulepreload|preload)"(?:(?!index-AbCd)[^>])*>/g, '')
      .replace(/\s*<script type="application\/json" id="first-data">.*?<\/script>/, '')
      .replace(/\s*<(title>[^<]*<\/title|meta (name|property)="[^"]*" content="[^"]*" \/|link rel="canonical" href="[^"]*" \/)>/g, '');
    expect(rest.replace(/\s+/g, ' ')).toBe(indexHtml.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s+/g, ' '));
    expect(html.indexOf('HomePage-Ho1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('a screen whose HTML is the same for everyone (the terms) has its preloads, kept made and compressed once, with an ETag', async () => {
    const res = await get('/TOS/Content/TermsContent', 'br');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+-br"$/);
    expect((await get('/TOS/Content/TermsContent', 'br', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect(preloadsOf(decode('br', res.rawPayload).toString('utf8'))).toEqual(['modulepreload /assets/TermsContentPage-Tc1.js']);
  });

  it.each([undefined, 'gzip', 'br;q=0, gzip'])('the same page asked with accept-encoding %s decodes to the same HTML', async (accept) => {
    const br = decode('br', (await get('/TOS/Content/TermsContent', 'br')).rawPayload).toString('utf8');
    const res = await get('/TOS/Content/TermsContent', accept);
    const expected = accept ? 'gzip' : undefined;
    expect(res.headers['content-encoding']).toBe(expected);
    expect(expected ? decode(expected, res.rawPayload).toString('utf8') : res.body).toBe(br);
  });

  it('a post\'s page has both its own tags and its screen\'s preloads, compressed', async () => {
    const list = await get('/api/board-item?boardCode=notice&page=1&size=1');
    const itemNo = (JSON.parse(list.body) as { data: { content: Array<{ itemNo: number }> } }).data.content[0]!.itemNo;
    const res = await get(`/Nids/notice/View/${itemNo}`, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decode('gzip', res.rawPayload).toString('utf8');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(preloadsOf(html)).toEqual(['preload /assets/shared-Sh1.css', 'modulepreload /assets/BoardViewPage-Bv1.js', 'modulepreload /assets/shared-Sh1.js']);
  });

  it.each([
    ['a screen outside the table (the write screen)', '/Nids/notice/Write/NEW'],
    ['the console, whatever its path looks like', '/admin/boards/List'],
  ])('%s gets index.html as built', async (_, url) => {
    const res = await get(url, 'br');
    expect(res.statusCode).toBe(200);
    expect(decode('br', res.rawPayload).toString('utf8')).toBe(indexHtml);
  });

  it('a screen the manifest does not know (the list) gets no preloads', async () => {
    const res = await get('/Member/memberNotice/List/', 'br');
    expect(res.statusCode).toBe(200);
    expect(preloadsOf(decode('br', res.rawPayload).toString('utf8'))).toEqual([]);
  });

  it('the manifest itself is not served', async () => {
    const res = await get('/.vite/manifest.json', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('HomePage');
  });
});

describe('compressed API answers', () => {
  const listUrl = '/api/board-item?boardCode=notice&page=1&size=10';

  it.each(['br', 'gzip'])('a list page over 1 KB goes out %s and decodes to the same JSON', async (encoding) => {
    const plain = await get(listUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const res = await get(listUrl, encoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(encoding, res.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    expect(data<{ content: unknown[] }>(plain).content).toHaveLength(10);
  });

  it('a signed-in list page (not from the guest cache) prefers cheap gzip and keeps Content-Length', async () => {
    const member = { authorization: `Bearer ${t.tokens.member}` };
    const plain = await get(listUrl, undefined, member);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await get(listUrl, 'gzip, deflate, br', member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Compressed in one go (syncThreshold), so the length is known rather than chunked.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(decode('gzip', res.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));

    const br = await get(listUrl, 'br', member);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', br.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });

  it('a JSON answer under 1 KB goes out as it is', async () => {
    const res = await get('/api/site-setting/authentication', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toMatchObject({ code: 'SUCCESS' });
  });

  it('HEAD of a list page answers 200 with no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: listUrl, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.rawPayload.length).toBe(0);
  });

  it('a JSON 404 is never mistaken for a web file', async () => {
    const res = await get('/api/no-such-route', 'br');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a download is sent as stored, with no content-encoding, even when it would compress', async () => {
    const text = Buffer.from('환자등록 서식 '.repeat(2000), 'utf8');
    const file = await storeFile(t.app, t.db, {
      originalName: '등록 서식.hwp', contentType: 'application/x-hwp', data: text, createdBy: t.users.admin,
    });
    const res = await get(`/api/file/${file.id}?download=true`, 'br, gzip', { authorization: `Bearer ${t.tokens.admin}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(text)).toBe(true);
  });
});

// Last in the file: it fills the guests' answer cache with pages.
describe('reader pages under made-up Host headers', () => {
  it('each names its own host, and the pages kept stay within the answer cache\'s bound', async () => {
    const { cache } = t.app.deps.boardCaching;
    const terms = (host: string) => get('/TOS/Content/TermsContent', 'br', { host });
    const first = await terms('host-0.example');
    for (let i = 1; i <= 80; i++) {
      const host = `host-${i}.example`;
      const res = await terms(host);
      expect(res.statusCode).toBe(200);
      const html = decode(res.headers['content-encoding'], res.rawPayload).toString('utf8');
      expect(html, host).toContain(`<link rel="canonical" href="http://${host}/TOS/Content/TermsContent" />`);
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(t.config.cacheMaxBytes);
    // A page made before is the same page again while its parts are.
    expect((await terms('host-0.example')).headers.etag).toBe(first.headers.etag);
  });
});
