import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { BoardCache } from './cache';
import { etagMatches, preferredEncoding } from './http-cache';

const body = (text: string) => JSON.stringify({ code: 'SUCCESS', data: { text } });

function cacheOf(opts: { maxBytes?: number; maxAgeMs?: number } = {}) {
  let now = 0;
  const cache = new BoardCache({ maxBytes: opts.maxBytes ?? 1_000_000, maxAgeMs: opts.maxAgeMs ?? 10_000, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('BoardCache', () => {
  it('judges a page\'s parts by their stamps, as it judges the answers: a write to their board, any invalidation, their age, their end', () => {
    const { cache, advance } = cacheOf({ maxAgeMs: 10_000 });
    const list = cache.create('list', cache.stamp('notice'), body('목록'), { keep: true });
    const popups = cache.create('popups', cache.stamp('*popup'), body('팝업'), { keep: true, expiresAt: 4_000 });
    const parts = [list, popups].map((entry) => cache.partStamp(entry));
    expect(cache.partsCurrent(parts)).toBe(true);
    // Evicted or not, an answer is the same while its board is: the stamps alone decide.
    cache.invalidate(['faq']);
    expect(cache.partsCurrent(parts)).toBe(true);
    advance(3_999);
    expect(cache.partsCurrent(parts)).toBe(true);
    advance(1);
    expect(cache.partsCurrent(parts)).toBe(false);
    expect(cache.partsCurrent(parts.slice(0, 1))).toBe(true);
    advance(6_000);
    expect(cache.partsCurrent(parts.slice(0, 1))).toBe(false);
    const fresh = cache.partStamp(cache.create('list', cache.stamp('notice'), body('목록'), { keep: true }));
    expect(cache.partsCurrent([fresh])).toBe(true);
    cache.invalidate(['NOTICE']);
    expect(cache.partsCurrent([fresh])).toBe(false);
    const again = cache.partStamp(cache.create('list', cache.stamp('notice'), body('목록'), { keep: true }));
    cache.invalidateAll();
    expect(cache.partsCurrent([again])).toBe(false);
  });

  it('serves an answer until its board is invalidated; other boards keep theirs', async () => {
    const { cache } = cacheOf();
    cache.create('a', cache.stamp('notice'), body('공지'), { keep: true });
    cache.create('b', cache.stamp('public'), body('자료'), { keep: true });
    expect(cache.get('a')?.head).toBe(body('공지'));
    cache.invalidate(['NOTICE']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.head).toBe(body('자료'));
    cache.invalidateAll();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep an answer read before an invalidation of its board', () => {
    const { cache } = cacheOf();
    const stamp = cache.stamp('notice');
    cache.invalidate(['notice']);
    const entry = cache.create('a', stamp, body('옛 글'), { keep: true });
    expect(entry.head).toBe(body('옛 글'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets answers older than maxAgeMs', () => {
    const { cache, advance } = cacheOf({ maxAgeMs: 1_000 });
    cache.create('a', cache.stamp('notice'), body('x'), { keep: true });
    advance(999);
    expect(cache.get('a')).toBeDefined();
    advance(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not serve an answer from its expiresAt on (a change by the clock alone), well inside maxAgeMs', async () => {
    const { cache, advance } = cacheOf({ maxAgeMs: 60_000 });
    let reads = 0;
    const read = async () => ({ body: body(`읽기 ${++reads}`), keep: true, expiresAt: 5_000 });
    expect((await cache.answer('a', '*content', read)).head).toBe(body('읽기 1'));
    advance(4_999);
    expect((await cache.answer('a', '*content', read)).head).toBe(body('읽기 1'));
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect((await cache.answer('a', '*content', read)).head).toBe(body('읽기 2'));
  });

  it('counts the key of an entry and what its value holds of its own against the bound', () => {
    const { cache } = cacheOf();
    const key = `shortcut open http://127.0.0.1 /nids/notice/View/1?${'q'.repeat(2000)}`;
    cache.create(key, cache.stamp('*pages'), '', { keep: true, value: { parts: [] }, valueBytes: 500 });
    expect(cache.size.bytes).toBe(2 * key.length + 500 + 256);
  });

  it('keeps an answer asked for once at random only when it is asked for again, and forgets a first ask after 8,192 to 16,384 others', () => {
    const { cache } = cacheOf();
    const post = (key: string) => cache.create(key, cache.stamp('notice'), body(key), { keep: true, keepWhenAskedAgain: true });
    const first = post('item notice 1');
    expect(first.kept).toBe(false);
    expect(cache.get('item notice 1')).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
    expect(post('item notice 1').kept).toBe(true);
    expect(cache.get('item notice 1')).toBeDefined();
    // Answers every reader asks for (lists, settings) are kept at once.
    expect(cache.create('list', cache.stamp('notice'), body('목록'), { keep: true }).kept).toBe(true);

    post('item notice 2');
    for (let i = 0; i < 8192; i++) post(`item other ${i}`);
    // Still remembered: its set was replaced once, and the older set is still asked.
    expect(post('item notice 2').kept).toBe(true);
    post('item notice 3');
    for (let i = 0; i < 2 * 8192; i++) post(`item another ${i}`);
    expect(post('item notice 3').kept).toBe(false);
  });

  it('keeps an answer\'s script-safe body once made, counted against the bound when it differs', () => {
    const { cache } = cacheOf();
    const html = cache.create('popups', cache.stamp('*popup'), body('<p>팝업</p>'), { keep: true });
    const before = cache.size.bytes;
    const rendered = cache.render(html);
    const safe = cache.scriptSafe(html, rendered);
    expect(safe).not.toContain('<');
    expect(JSON.parse(safe)).toEqual(JSON.parse(rendered.body));
    expect(cache.scriptSafe(html, rendered)).toBe(safe);
    expect(cache.size.bytes).toBe(before + 2 * safe.length);
    // A body without `<` is its own script-safe form: nothing more held.
    const plain = cache.create('list', cache.stamp('notice'), body('목록'), { keep: true });
    const plainBytes = cache.size.bytes;
    expect(cache.scriptSafe(plain, cache.render(plain))).toBe(cache.render(plain).body);
    expect(cache.size.bytes).toBe(plainBytes);
  });

  it('evicts the least recently used answers beyond its memory bound', () => {
    const one = 2 * (body('x'.repeat(100)).length + 1) + 256;
    const { cache } = cacheOf({ maxBytes: one * 8 });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.create(key, cache.stamp('notice'), body('x'.repeat(100)), { keep: true });
    expect(cache.get('a')).toBeDefined();
    cache.create('i', cache.stamp('notice'), body('x'.repeat(100)), { keep: true });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(one * 8);
  });

  it('serves a hit without deleting anything from a Map, and evicts by use all the same (lib/lru-map.ts)', () => {
    // A Map-ordered LRU deleted and set the key at every hit: V8 keeps the deleted entry in the
    // key's hash chain until the table is rebuilt, so with 50,000 answers kept (a site whose posts
    // were opened at random) each hit of a home page's parts walked thousands (session 34).
    const one = 2 * (body('x'.repeat(100)).length + 1) + 256;
    const { cache } = cacheOf({ maxBytes: one * 8 });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) cache.create(key, cache.stamp('notice'), body('x'.repeat(100)), { keep: true });
    const deletes = vi.spyOn(Map.prototype, 'delete');
    try {
      for (let i = 0; i < 1_000; i++) expect(cache.get(['a', 'b'][i % 2]!)).toBeDefined();
      expect(deletes).not.toHaveBeenCalled();
    } finally {
      deletes.mockRestore();
    }
    cache.create('i', cache.stamp('notice'), body('x'.repeat(100)), { keep: true });
    cache.create('j', cache.stamp('notice'), body('x'.repeat(100)), { keep: true });
    // The two least recently used went: c and d, not a and b, which were set first.
    expect([...keys, 'i', 'j'].filter((key) => cache.get(key) === undefined)).toEqual(['c', 'd']);
  });

  it('counts what a post view really holds: its rendered body, and compressed forms of their own size', () => {
    const { cache } = cacheOf();
    const json = JSON.stringify({ code: 'SUCCESS', data: { title: '제목', content: '환자등록 안내 '.repeat(200), viewCount: 3 } });
    const entry = cache.create('v', cache.stamp('notice'), json, { keep: true, item: { id: 1, boardCode: 'notice', viewCount: 3 } });
    const before = cache.size.bytes;
    const rendered = cache.render(entry, 4);
    expect(cache.size.bytes - before).toBe(2 * rendered.body.length);
    const br = cache.compressed(entry, rendered, 'br')!;
    const gzip = cache.compressed(entry, rendered, 'gzip')!;
    // zlib's sync output is a view of a 16 KB chunk; the cache keeps only the bytes.
    expect(br.buffer.byteLength).toBeLessThan(16 * 1024);
    expect(gzip.buffer.byteLength).toBeLessThan(16 * 1024);
    // Compressed, the body's UTF-8 is dropped (made again for the kept levels, if ever asked).
    expect(rendered.utf8).toBeUndefined();
    // gzip is stitched from head and tail compressed once (count-gzip.ts), held with the entry.
    const parts = entry.countGzip!.head.length + entry.countGzip!.tail.length;
    expect(cache.size.bytes - before).toBe(2 * rendered.body.length + br.length + gzip.length + parts);
    // The next count replaces the rendered body and its forms, in the count as in memory.
    const next = cache.render(entry, 5);
    expect(cache.size.bytes - before).toBe(2 * next.body.length + parts);
  });

  it('gives a post view\'s gzip for any count of one length from its head and tail compressed once; in br its first send, in gzip from then on', () => {
    const { cache } = cacheOf();
    const text = Array.from({ length: 300 }, (_, i) => `환자등록 ${i}번 안내와 인체이식형 의료기기 ${i % 17}번 제품 정보`).join(' ');
    const json = JSON.stringify({ code: 'SUCCESS', data: { title: '제목', viewCount: 3, content: text, prev: { title: '이전 글' } } });
    const entry = cache.create('v', cache.stamp('notice'), json, { keep: true, item: { id: 1, boardCode: 'notice', viewCount: 3 } });
    const browser = 'gzip, deflate, br';
    // Its first send in quick br (most posts opened at random are asked for once)...
    expect(cache.encodingFor(entry, browser)).toBe('br');
    cache.compressed(entry, cache.render(entry, 3), 'br');
    expect(entry.countGzip).toBeNull();
    // ...and from then on in gzip, for any count: a list's answer stays br first.
    expect(cache.encodingFor(entry, browser)).toBe('gzip');
    expect(cache.encodingFor(entry, 'br')).toBe('br');
    const list = cache.create('l', cache.stamp('notice'), body(text), { keep: true });
    cache.compressed(list, cache.render(list), 'br');
    expect(cache.encodingFor(list, browser)).toBe('br');

    const four = cache.render(entry, 4);
    const first = cache.compressed(entry, four, 'gzip')!;
    expect(zlib.gunzipSync(first).toString()).toBe(json.replace('"viewCount":3', '"viewCount":4'));
    const parts = entry.countGzip!;
    // Counted with the entry; the body's size now comes from the parts (measuring it would flatten the joined string).
    expect(cache.compressed(entry, four, 'gzip')).toBe(first);
    const five = cache.render(entry, 5);
    expect(five.byteLength).toBe(Buffer.byteLength(five.body));
    // Every later count of one digit is stitched from the same parts: nothing is compressed again.
    for (const count of [5, 9, 3]) {
      const rendered = cache.render(entry, count);
      const before = cache.size.bytes;
      const gzip = cache.compressed(entry, rendered, 'gzip')!;
      expect(zlib.gunzipSync(gzip).toString()).toBe(rendered.body);
      expect(entry.countGzip).toBe(parts);
      expect(rendered.utf8).toBeUndefined();
      expect(cache.size.bytes - before).toBe(gzip.length);
    }
    // A count of two digits makes the parts anew, once, and counts them in place of the old.
    const ten = cache.render(entry, 10);
    const beforeTen = cache.size.bytes;
    const tenGzip = cache.compressed(entry, ten, 'gzip')!;
    expect(zlib.gunzipSync(tenGzip).toString()).toBe(ten.body);
    const twoDigits = entry.countGzip!;
    expect(twoDigits).not.toBe(parts);
    const partsBytes = (p: typeof parts) => p.head.length + p.tail.length;
    expect(cache.size.bytes - beforeTen).toBe(partsBytes(twoDigits) - partsBytes(parts) + tenGzip.length);
    const eleven = cache.render(entry, 11);
    expect(zlib.gunzipSync(cache.compressed(entry, eleven, 'gzip')!).toString()).toBe(eleven.body);
    expect(entry.countGzip).toBe(twoDigits);
    // A client that takes gzip and not br: its first send is quick gzip of the whole, no parts made.
    const other = cache.create('g', cache.stamp('notice'), json, { keep: true, item: { id: 3, boardCode: 'notice', viewCount: 3 } });
    const quick = cache.compressed(other, cache.render(other, 3), 'gzip')!;
    expect(zlib.gunzipSync(quick).toString()).toBe(json);
    expect(other.countGzip).toBeNull();
    const later = cache.render(other, 4);
    expect(zlib.gunzipSync(cache.compressed(other, later, 'gzip')!).toString()).toBe(later.body);
    expect(other.countGzip).not.toBeNull();
    // A view too small to gain goes as it is, as any other answer.
    const small = cache.create('s', cache.stamp('notice'), JSON.stringify({ data: { title: '짧은 글', viewCount: 1 } }), { keep: true, item: { id: 2, boardCode: 'notice', viewCount: 1 } });
    expect(cache.compressed(small, cache.render(small, 2), 'gzip')).toBeNull();
    expect(small.countGzip).toBeNull();
  });

  it('renders a post view with the count it was made with as the body made, held once', () => {
    const { cache } = cacheOf();
    const json = JSON.stringify({ code: 'SUCCESS', data: { title: '제목', content: '환자등록 안내 '.repeat(200), viewCount: 3 } });
    const entry = cache.create('v', cache.stamp('notice'), json, { keep: true, item: { id: 1, boardCode: 'notice', viewCount: 3 } });
    const made = cache.size.bytes;
    const three = cache.render(entry, 3);
    // The body the answer was made as, not a copy joined from its head and tail: nothing more to count.
    expect(three.body).toBe(json);
    expect(cache.size.bytes).toBe(made);
    expect(cache.render(entry, 3)).toBe(three);
    // Another count is a body of its own, counted; coming back to 3 makes (and counts) a new one.
    cache.render(entry, 4);
    expect(cache.size.bytes - made).toBe(2 * json.length);
    const again = cache.render(entry, 3);
    expect(again).not.toBe(three);
    expect(again.body).toBe(json);
    expect(cache.size.bytes - made).toBe(2 * json.length);
    // Its script-safe form, when it differs, is counted with it, and goes with it.
    const marked = JSON.stringify({ code: 'SUCCESS', data: { title: '제목', content: '<b>환자등록</b> 안내 '.repeat(100), viewCount: 3 } });
    const withTags = cache.create('t', cache.stamp('notice'), marked, { keep: true, item: { id: 3, boardCode: 'notice', viewCount: 3 } });
    const tagged = cache.size.bytes;
    const safe = cache.scriptSafe(withTags, cache.render(withTags, 3));
    expect(safe).not.toBe(marked);
    expect(cache.size.bytes - tagged).toBe(2 * safe.length);
    cache.render(withTags, 4);
    expect(cache.size.bytes - tagged).toBe(2 * marked.length);
    // Made with another count than its body holds (the stored one and a page's differ), it is rendered anew.
    const other = cache.create('w', cache.stamp('notice'), json, { keep: true, item: { id: 2, boardCode: 'notice', viewCount: 7 } });
    const before = cache.size.bytes;
    expect(cache.render(other, 3).body).toBe(json);
    expect(cache.size.bytes - before).toBe(2 * json.length);
  });

  it('renders a post view with the given count; the ETag follows the count', () => {
    const { cache } = cacheOf();
    const json = JSON.stringify({ code: 'SUCCESS', data: { title: '"viewCount":9 제목', viewCount: 12, prev: null } });
    const entry = cache.create('v', cache.stamp('notice'), json, { keep: true, item: { id: 1, boardCode: 'notice', viewCount: 12 } });
    const twelve = cache.render(entry, 12);
    expect(twelve.body).toBe(json);
    const thirteen = cache.render(entry, 13);
    expect(JSON.parse(thirteen.body)).toEqual({ code: 'SUCCESS', data: { title: '"viewCount":9 제목', viewCount: 13, prev: null } });
    expect(thirteen.etag).not.toBe(twelve.etag);
    expect(cache.render(entry, 13).etag).toBe(thirteen.etag);
  });

  it('compresses an answer quickly for its first send, at the kept level when asked again, then keeps that', () => {
    const { cache } = cacheOf();
    const text = Array.from({ length: 300 }, (_, i) => `환자등록 ${i}번 안내와 인체이식형 의료기기 ${i % 17}번 제품 정보`).join(' ');
    const big = cache.create('big', cache.stamp('notice'), body(text), { keep: true });
    const rendered = cache.render(big);
    const before = cache.size.bytes;
    const first = cache.compressed(big, rendered, 'br')!;
    expect(first.length).toBeLessThan(Buffer.byteLength(rendered.body));
    expect(zlib.brotliDecompressSync(first).toString()).toBe(rendered.body);
    const settled = cache.compressed(big, rendered, 'br')!;
    expect(settled).not.toBe(first);
    expect(settled.length).toBeLessThan(first.length);
    expect(zlib.brotliDecompressSync(settled).toString()).toBe(rendered.body);
    expect(cache.compressed(big, rendered, 'br')).toBe(settled);
    // The memory counted is the settled form's alone: the UTF-8 it was compressed from went with the quick form.
    expect(rendered.utf8).toBeUndefined();
    expect(cache.size.bytes - before).toBe(settled.length);
    const gzip = cache.compressed(big, rendered, 'gzip')!;
    expect(zlib.gunzipSync(gzip).toString()).toBe(rendered.body);
    expect(cache.compressed(big, rendered, 'gzip')).not.toBe(gzip);
  });

  it('keeps the UTF-8 of a body that went out uncompressed, also once it is compressed at the kept level', () => {
    const { cache } = cacheOf();
    const text = Array.from({ length: 100 }, (_, i) => `환자등록 ${i}번 안내`).join(' ');
    const entry = cache.create('plain', cache.stamp('notice'), body(text), { keep: true });
    const rendered = cache.render(entry);
    const plain = cache.bytesOf(entry, rendered);
    expect(plain.toString()).toBe(rendered.body);
    cache.compressed(entry, rendered, 'br');
    const before = cache.size.bytes;
    const settled = cache.compressed(entry, rendered, 'br')!;
    expect(cache.bytesOf(entry, rendered)).toBe(plain);
    expect(zlib.brotliDecompressSync(settled).equals(plain)).toBe(true);
    expect(cache.size.bytes).toBeLessThan(before);
  });

  it('measures a body without encoding it (a 304 sends no bytes); drops its UTF-8 once compressed', () => {
    const { cache } = cacheOf();
    const text = Array.from({ length: 200 }, (_, i) => `인체이식형 의료기기 ${i}번 안내`).join(' ');
    const entry = cache.create('m', cache.stamp('notice'), body(text), { keep: true });
    const rendered = cache.render(entry);
    const before = cache.size.bytes;
    expect(cache.compresses(rendered, 'br')).toBe(true);
    expect(rendered.utf8).toBeUndefined();
    expect(cache.size.bytes).toBe(before);
    cache.compressed(entry, rendered, 'br');
    // Most answers are sent once: the quick form alone is held, not the UTF-8 it was made from.
    expect(rendered.utf8).toBeUndefined();
    expect(cache.size.bytes - before).toBe(rendered.br!.length);
    cache.compressed(entry, rendered, 'gzip');
    const settled = cache.compressed(entry, rendered, 'br')!;
    expect(zlib.brotliDecompressSync(settled).toString()).toBe(rendered.body);
    cache.compressed(entry, rendered, 'gzip');
    expect(rendered.utf8).toBeUndefined();
    expect(cache.size.bytes - before).toBe(rendered.br!.length + rendered.gzip!.length);
  });

  it('tags an answer by its name when it has one (a reader page: its parts), else by its body', () => {
    const { cache } = cacheOf();
    const a = cache.create('a', cache.stamp('notice'), body('첫 번째 본문'), { keep: true, named: 'page / parts 1' });
    const b = cache.create('b', cache.stamp('notice'), body('두 번째 본문'), { keep: true, named: 'page / parts 1' });
    const c = cache.create('c', cache.stamp('notice'), body('첫 번째 본문'), { keep: true, named: 'page / parts 2' });
    expect(b.hash).toBe(a.hash);
    expect(c.hash).not.toBe(a.hash);
    const unnamed = cache.create('d', cache.stamp('notice'), body('첫 번째 본문'), { keep: true });
    expect(cache.create('e', cache.stamp('notice'), body('첫 번째 본문'), { keep: true }).hash).toBe(unnamed.hash);
    expect(cache.create('f', cache.stamp('notice'), body('두 번째 본문'), { keep: true }).hash).not.toBe(unnamed.hash);
    // Text that UTF-8 would make the same (each lone surrogate becomes U+FFFD) is told apart.
    // (JSON.stringify would escape them; a body is only text to the cache.)
    const lone = (surrogate: string) => cache.create(surrogate, cache.stamp('notice'), `{"text":"${surrogate}"}`, { keep: true }).hash;
    expect(lone('\ud800')).not.toBe(lone('\udc00'));
  });

  it('tags a post view by its text around the count: the count alone changes nothing, the text on either side does', () => {
    const { cache } = cacheOf();
    const view = (count: number, title = '제목', next = '다음 글') => JSON.stringify({ code: 'SUCCESS', data: { title, viewCount: count, next: { title: next } } });
    const item = (viewCount: number) => ({ id: 1, boardCode: 'notice', viewCount });
    const tagOf = (key: string, json: string, count: number) => cache.create(key, cache.stamp('notice'), json, { keep: true, item: item(count) }).hash;
    const three = tagOf('a', view(3), 3);
    expect(tagOf('b', view(40), 40)).toBe(three);
    expect(tagOf('c', view(3, '제목!'), 3)).not.toBe(three);
    expect(tagOf('d', view(3, '제목', '다음 글!'), 3)).not.toBe(three);
    // The tag is SHA-1 of the text as UTF-16, head and tail apart, whether the text fits the
    // buffer kept for it (128 KB) or not.
    const utf16Tag = (json: string, count: number) => {
      const [head, tail] = json.split(`"viewCount":${count}`);
      return createHash('sha1').update(`${head}"viewCount":`, 'utf16le').update('\0', 'utf16le').update(tail!, 'utf16le').digest('base64url').slice(0, 20);
    };
    expect(three).toBe(utf16Tag(view(3), 3));
    const long = view(5, '환'.repeat(70_000));
    expect(tagOf('g', long, 5)).toBe(utf16Tag(long, 5));
    expect(tagOf('h', view(5, '환'.repeat(70_000) + '!'), 5)).not.toBe(tagOf('g', long, 5));
    // The text moved from one side of the count to the other is another answer.
    const left = JSON.stringify({ data: { a: '환자', viewCount: 1, b: '' } });
    const right = JSON.stringify({ data: { a: '', viewCount: 1, b: '환자' } });
    expect(tagOf('e', left, 1)).not.toBe(tagOf('f', right, 1));
  });

  it('tags a text of any length by all of it, at the kept buffer\'s size (128 KB of UTF-16) and around it', () => {
    const { cache } = cacheOf();
    const text = (chars: number, last = 'x') => `{"t":"${'환'.repeat(chars - 9)}${last}"}`;
    const tagOf = (json: string) => cache.create(`${json.length}`, cache.stamp('notice'), json, { keep: false }).hash;
    const expected = (json: string) => createHash('sha1').update(json, 'utf16le').digest('base64url').slice(0, 20);
    for (const chars of [65_535, 65_536, 65_537]) {
      expect(text(chars)).toHaveLength(chars);
      expect(tagOf(text(chars))).toBe(expected(text(chars)));
      // The last character counts: a text cut short at the buffer's end would tag the same.
      expect(tagOf(text(chars, 'y'))).not.toBe(tagOf(text(chars)));
    }
  });

  it('compresses by the body\'s UTF-8 size: 400 Korean characters are 1.2 KB, below 1 KB nothing is', () => {
    const { cache } = cacheOf();
    const korean = cache.create('korean', cache.stamp('notice'), body('환'.repeat(400)), { keep: true });
    expect(cache.compressed(korean, cache.render(korean), 'br')).not.toBeNull();
    const small = cache.create('small', cache.stamp('notice'), body('짧은 글'), { keep: true });
    expect(cache.compressed(small, cache.render(small), 'gzip')).toBeNull();
    // A body of 1,024 characters or more is at least 1 KB of UTF-8: it is not measured (a page of any post is made for one request).
    const long = cache.create('long', cache.stamp('notice'), 'x'.repeat(1024), { keep: true });
    const rendered = cache.render(long);
    expect(cache.compresses(rendered, 'br')).toBe(true);
    expect(rendered.byteLength).toBeUndefined();
    // Just under it, ASCII is measured and too small; the same count of Korean characters is measured and compressed.
    const ascii = cache.render(cache.create('ascii', cache.stamp('notice'), 'x'.repeat(1023), { keep: true }));
    expect(cache.compresses(ascii, 'br')).toBe(false);
    expect(ascii.byteLength).toBe(1023);
    const hangul = cache.render(cache.create('hangul', cache.stamp('notice'), '환'.repeat(1023), { keep: true }));
    expect(cache.compresses(hangul, 'gzip')).toBe(true);
    expect(hangul.byteLength).toBe(3069);
  });

  it('concurrent misses of one key share one read, but not a read older than an invalidation', async () => {
    const { cache } = cacheOf();
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads++;
      await gate;
      return { body: body(`읽기 ${reads}`), keep: true };
    };
    const first = cache.answer('a', 'notice', read);
    const second = cache.answer('a', 'notice', read);
    cache.invalidate(['notice']);
    const third = cache.answer('a', 'notice', read);
    release();
    const [x, y, z] = await Promise.all([first, second, third]);
    expect(reads).toBe(2);
    expect(x).toBe(y);
    expect(z.head).toBe(body('읽기 2'));
    expect(cache.get('a')?.head).toBe(body('읽기 2'));
  });

  it('lets go of a settled read\'s answer, its slot replaced by a newer read or not (issue 24: held, old, it kept pages from dying young)', async () => {
    const { cache } = cacheOf();
    // The slots as the cache holds them while the reads are on their way (white-box: nothing else
    // shows what an old slot still references).
    const reading = cache['reading'];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      await gate;
      return { body: body('한 번 읽은 글'), keep: false };
    };
    const first = cache.answer('a', 'notice', read);
    const older = reading.get('a')!;
    cache.invalidate(['notice']);
    const second = cache.answer('a', 'notice', read);
    const newer = reading.get('a')!;
    expect(newer).not.toBe(older);
    expect(older.promise).not.toBeNull();
    release();
    await Promise.all([first, second]);
    await Promise.resolve();
    expect(reading.size).toBe(0);
    expect(older.promise).toBeNull();
    expect(newer.promise).toBeNull();
  });
});

describe('HTTP helpers', () => {
  it('If-None-Match matches weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('prefers br, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    // A post's answer takes gzip first (stitched around its count), br only from a client without gzip.
    expect(preferredEncoding('gzip, deflate, br', 'gzip')).toBe('gzip');
    expect(preferredEncoding('br', 'gzip')).toBe('br');
    expect(preferredEncoding('gzip;q=0, br', 'gzip')).toBe('br');
    expect(preferredEncoding('identity', 'gzip')).toBeNull();
  });
});
