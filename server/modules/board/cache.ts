import { createHash, hash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { brotliNow } from '../../lib/brotli-now';
import { countGzip, countGzipBytes, stitchGzip, type CountGzip } from './count-gzip';
import { ownBytes } from '../../lib/gzip-member';
import { preferredEncoding } from './http-cache';
import type { CountedPost } from './view-counter';
import { LruMap } from '../../lib/lru-map';

/**
 * Guest answers of the board read paths (lists, searches, post views, board settings), kept
 * serialised and ready to send, so that a guest request costs no database round trip when
 * nothing changed (issue 8).
 *
 * Invalidation is coarse, by board: every board has a version number, every answer remembers the
 * version it was made under, and a write to the board bumps the version. A global generation does
 * the same for everything (site settings, a lost LISTEN connection). Nothing has to find and
 * delete entries: stale ones are simply never served again and age out of the LRU.
 */

/** A body ready to send, with its ETag and the encoded forms made so far. */
export interface Rendered {
  body: string;
  etag: string;
  /** A post view's: the view count in the body (its gzip is stitched around it: count-gzip.ts). */
  count?: string;
  /**
   * UTF-8 of the body (utf8Of), made when the body is compressed or sent: what it is compressed
   * from, and sent as when it goes uncompressed (given the string, zlib and the socket would each
   * encode it again). Dropped once compressed (see `compressed`), held for good once the body went
   * out uncompressed; made again if needed later.
   */
  utf8?: Buffer;
  /** The body's UTF-8 size, measured once: whether it is worth compressing (`compresses`). */
  byteLength?: number;
  /** Whether the body went out uncompressed (bytesOf): its UTF-8 is then kept for the next such send. */
  sentPlain?: boolean;
  br?: Buffer;
  gzip?: Buffer;
  /**
   * The body with every `<` written `\u003c`, as it goes inside a page's script element (seo/
   * first-data.ts): made once per body (`scriptSafe`), not per page made from it.
   */
  scriptSafe?: string;
  /** The encodings whose bytes above are still the quick first send's (see `compressed`). */
  quick?: Set<'br' | 'gzip'>;
  /**
   * The body is the string a post's answer was made as, which its head and tail are cut from and
   * counted with: its first rendering, with the count it was read with, is not a second copy.
   */
  shared?: true;
}

/** The board version and global generation an answer was read under. */
export interface Stamp {
  board: string;
  version: number;
  generation: number;
}

/**
 * What a thing made of kept answers (a reader page: seo/page-head.ts) knows of each: the stamp it
 * was read under and the moment it stops being served by the clock (its age limit, its expiresAt).
 * While every part's stamp is current and none has ended, the parts are the ones it was made of.
 */
export interface PartStamp extends Stamp {
  until: number;
}

/** What a read gives: the JSON body; `keep` false for answers that must not be cached. */
export interface FreshAnswer {
  body: string;
  keep: boolean;
  /**
   * Kept only when its key was asked for once before, lately (see `BoardCache.askedBefore`): for
   * answers that most often are asked for once (any post of a big board, its page), which would
   * otherwise fill the cache with entries nobody asks for again and push out those they do.
   */
  keepWhenAskedAgain?: boolean;
  /** For a post view: the post and its stored view count. */
  item?: CountedPost;
  /**
   * A string that determines the body (equal names, equal bodies), hashed for the answer's tag
   * instead of the body: a reader page is named by the build and its parts' tags (seo/page-head.ts),
   * a few hundred characters against a page of 10-20 KB, whose hashing cost a page miss 20 µs.
   */
  named?: string;
  /**
   * When the answer stops being right by the clock alone (ms, the cache's clock), with no write to
   * say so: a scheduled content version taking effect, a pop-up starting or ending (issue 22).
   * The first read at or after it reads again, on every instance, with no timer and no message.
   */
  expiresAt?: number;
  /**
   * What the body was made from, kept with it for readers in this process (a board's row, a page's
   * head), so that a hit needs no parsing. The body stays what the entry is known by (its hash).
   */
  value?: unknown;
  /**
   * Memory `value` holds of its own (its strings and objects; not what other entries share), as
   * the bound counts it: a reader page's shortcut, a post's excerpt and title.
   */
  valueBytes?: number;
}

export interface CachedAnswer {
  /** The key it was made under (kept under, while `kept`). */
  key: string;
  /** Whether the entry is in the cache (its memory counts against the bound). */
  kept: boolean;
  /** Lower-case code of the board the answer depends on. */
  board: string;
  version: number;
  generation: number;
  storedAt: number;
  /** FreshAnswer.expiresAt: not served from this moment on; null when only writes and the age end it. */
  expiresAt: number | null;
  /** Approximate memory held, for the LRU bound. */
  bytes: number;
  /**
   * The body is `head` for lists and settings. A post view's body is `head + viewCount + tail`:
   * the count changes with every new visitor and is filled in per request (stored count plus the
   * views not yet written, server/modules/board/view-counter.ts).
   */
  head: string;
  tail: string | null;
  /** For a post view: the post, and its view count when the answer was read. */
  item: CountedPost | null;
  /** FreshAnswer.value; undefined when none was given. */
  value: unknown;
  /**
   * Hash of head and tail, or of the answer's name (FreshAnswer.named): the ETag is this (and the
   * view count), so equal tags mean equal bodies.
   */
  hash: string;
  /** The last body rendered, with its compressed forms (a view keeps the one for the latest count). */
  rendered: Rendered | null;
  /** A post view's head and tail compressed for gzip once, whatever the count (count-gzip.ts); made on its first gzip send. */
  countGzip: CountGzip | null;
  /** Whether any rendering of it went out compressed (see `encodingFor`). */
  sentCompressed: boolean;
}

/**
 * Compressing once per answer instead of once per request (@fastify/compress in server/web.ts
 * would do it on every send, so it uses its cheapest levels). Once per answer affords better
 * levels. A post view's gzip is compressed once whatever its count (count-gzip.ts: each new
 * visitor changes the count); its br, its first send's and a br-only client's, anew for each count.
 *
 * Most answers a miss makes are sent once and never asked for again (any post of a big board, a
 * count a new visitor just changed): the first send compresses at the quick levels, and only an
 * answer asked for a second time is compressed again at the kept ones (issue 24: brotli 4 of a
 * post's page was a fifth of a miss's CPU; brotli 1 costs a third of it for 5-15% more bytes).
 */
const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;
const QUICK_BROTLI_QUALITY = 1;
const QUICK_GZIP_LEVEL = 1;
/** Answers larger than this share of the budget are sent but not kept (one must not evict all). */
const LARGEST_SHARE = 8;
/**
 * Keys a set of the doorkeeper holds (askedBefore): a post opened again within the next 8,192 to
 * 16,384 such asks is kept (at a miss a millisecond, several seconds of a busy server's misses).
 */
const DOORKEEPER_KEYS = 8192;

export interface BoardCacheOptions {
  maxBytes: number;
  /**
   * Longest life of an answer. Board rows and a few counters (downloads, a retired member's
   * name) change in the database without passing through the board routes; they show after this.
   */
  maxAgeMs: number;
  /** Milliseconds now: the app's clock (caching.ts), so that tests that move it age the answers too. */
  now?: () => number;
}

/** A read on its way (BoardCache.reading): what it started from, and its answer until it settles. */
interface ReadingSlot {
  stamp: Stamp;
  promise: Promise<CachedAnswer> | null;
}

export class BoardCache {
  /** The kept answers, the least recently used evicted first (lib/lru-map.ts says why not a Map's own order). */
  private readonly entries = new LruMap<string, CachedAnswer>();
  /**
   * Reads on their way, by key (see `answer`). A slot lets go of its promise once it settles. The map lives as
   * long as the cache, in V8's old generation, and what it once held can stay reachable to the
   * young-generation collector until the next full collection (a table it outgrew, with its
   * slots, is old garbage that collector does not look into). The answer a settled promise holds
   * (a page of any post, 10-20 KB) was then promoted instead of dying young: three in four such
   * pages were, and two thirds of all the bytes promoted under that load (issue 24,
   * docs/performance.md, session 28).
   */
  private readonly reading = new Map<string, ReadingSlot>();
  private readonly versions = new Map<string, number>();
  /** Hashes of keys asked for once (askedBefore), the newer set and the one it replaced. */
  private askedKeys = new Set<number>();
  private askedEarlier = new Set<number>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: BoardCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.maxBytes > 0;
  }

  /**
   * The current answer for `key`, or a new one from `read()`. Concurrent misses of one key share
   * one read (16 connections after an invalidation would otherwise run 16 identical queries), but
   * only a read that started after the latest invalidation: a writer's next read must see its write.
   */
  async answer(key: string, board: string, read: () => Promise<FreshAnswer>): Promise<CachedAnswer> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.reading.get(key);
    if (running?.promise && this.isCurrent(running.stamp)) return running.promise;
    const stamp = this.stamp(board);
    const promise = read().then((fresh) => this.create(key, stamp, fresh.body, fresh));
    const slot: ReadingSlot = { stamp, promise };
    this.reading.set(key, slot);
    const done = () => {
      if (this.reading.get(key) === slot) this.reading.delete(key);
      slot.promise = null;
    };
    promise.then(done, done);
    return promise;
  }

  /** Where a new answer starts: read this before reading the database, store with it after. */
  stamp(board: string): Stamp {
    const key = board.toLowerCase();
    return { board: key, version: this.versions.get(key) ?? 0, generation: this.generation };
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    if (
      entry.version !== (this.versions.get(entry.board) ?? 0) ||
      entry.generation !== this.generation ||
      this.now() - entry.storedAt > this.opts.maxAgeMs ||
      (entry.expiresAt !== null && this.now() >= entry.expiresAt)
    ) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.use(key);
    return entry;
  }

  /**
   * A new answer. It is kept only if nothing changed while it was being read (the stamp is still
   * current); either way it is returned, to be sent.
   */
  create(
    key: string,
    stamp: Stamp,
    body: string,
    opts: {
      item?: CountedPost;
      keep: boolean;
      keepWhenAskedAgain?: boolean;
      named?: string;
      expiresAt?: number;
      value?: unknown;
      valueBytes?: number;
    },
  ): CachedAnswer {
    let head = body;
    let tail: string | null = null;
    let madeWithCount = false;
    if (opts.item) {
      // `"viewCount":` cannot occur inside a JSON string (its quotes would be escaped), and the
      // post's own fields come before its neighbours and files, so the first one is the post's.
      const marker = '"viewCount":';
      const at = body.indexOf(marker);
      if (at < 0) throw new Error('a post view without viewCount');
      const start = at + marker.length;
      let end = start;
      while (end < body.length && body.charCodeAt(end) >= 48 && body.charCodeAt(end) <= 57) end++;
      head = body.slice(0, start);
      tail = body.slice(end);
      madeWithCount = body.slice(start, end) === String(opts.item.viewCount);
    }
    const entry: CachedAnswer = {
      key,
      kept: false,
      ...stamp,
      storedAt: this.now(),
      expiresAt: opts.expiresAt ?? null,
      // JavaScript keeps Korean text at two bytes a character; the key is held too (a reader page's
      // holds its address and the tags of its parts, a shortcut's an address a client chose).
      bytes: 2 * (head.length + (tail?.length ?? 0) + key.length) + (opts.valueBytes ?? 0) + 256,
      head,
      tail,
      item: opts.item ?? null,
      value: opts.value,
      hash: opts.named !== undefined ? nameTag(opts.named) : textTag(head, tail),
      rendered: null,
      countGzip: null,
      sentCompressed: false,
    };
    // Sent with the count it was made with (a page made on a miss is, at once), the body as made is
    // the rendering: joining head, count and tail again would copy its 10-20 KB for each page made.
    if (madeWithCount) entry.rendered = { body, etag: answerTag(entry.hash, opts.item!.viewCount), count: String(opts.item!.viewCount), shared: true };
    if (
      opts.keep &&
      this.isCurrent(stamp) &&
      this.enabled &&
      entry.bytes <= this.opts.maxBytes / LARGEST_SHARE &&
      (!opts.keepWhenAskedAgain || this.askedBefore(key))
    ) {
      const old = this.entries.peek(key);
      if (old) this.remove(key, old);
      this.entries.set(key, entry);
      entry.kept = true;
      this.bytes += entry.bytes;
      this.evict();
    }
    return entry;
  }

  /**
   * Whether `key` was asked for before, among the last DOORKEEPER_KEYS to 2 * DOORKEEPER_KEYS keys
   * asked so (a doorkeeper: two sets of key hashes, the older dropped when the newer fills); else
   * notes it and answers false. A post of a big board opened at random (a search engine, a shared
   * link) is then made, sent and dropped young, which the garbage collector's cheapest pass
   * frees, instead of being kept, aged into the old generation and evicted there (issue 24).
   * Hashes, not keys: a reader page's key holds its address and its parts' tags. A collision
   * keeps an answer on its first request, as before this existed.
   */
  private askedBefore(key: string): boolean {
    const hash = keyHash(key);
    if (this.askedKeys.has(hash) || this.askedEarlier.has(hash)) return true;
    if (this.askedKeys.size >= DOORKEEPER_KEYS) {
      this.askedEarlier = this.askedKeys;
      this.askedKeys = new Set();
    }
    this.askedKeys.add(hash);
    return false;
  }

  /**
   * Whether an answer kept only when asked for again (`keepWhenAskedAgain`) would be made now for
   * this one request: `key` is neither kept nor being read, and the doorkeeper has not seen it
   * lately (it notes it now, as the answer's own making would, so the next ask keeps it). The
   * caller then sends what it made without a kept answer (seo/page-head.ts: a post's page stitched
   * from its pieces); on false, `answer` makes or finds the kept one as ever.
   */
  firstAsk(key: string): boolean {
    if (!this.enabled || this.reading.has(key) || this.get(key)) return false;
    return !this.askedBefore(key);
  }

  /** The stamp of an answer that a page is made of (PartStamp). */
  partStamp(entry: CachedAnswer): PartStamp {
    const aged = entry.storedAt + this.opts.maxAgeMs;
    return { board: entry.board, version: entry.version, generation: entry.generation, until: entry.expiresAt === null ? aged : Math.min(aged, entry.expiresAt) };
  }

  /**
   * Whether answers with these stamps would all still be served as they are: no write to their
   * boards and no global invalidation since they were read, and none aged out or expired. As get()
   * judges one answer, without its key (a part evicted from the LRU meanwhile is still the same).
   */
  partsCurrent(parts: readonly PartStamp[]): boolean {
    const now = this.now();
    for (const part of parts) if (now >= part.until || !this.isCurrent(part)) return false;
    return true;
  }

  private isCurrent(stamp: Stamp): boolean {
    return (this.versions.get(stamp.board) ?? 0) === stamp.version && stamp.generation === this.generation;
  }

  /** The body to send; for a post view, with this view count. */
  render(entry: CachedAnswer, viewCount?: number): Rendered {
    if (entry.tail === null) {
      entry.rendered ??= { body: entry.head, etag: answerTag(entry.hash) };
      return entry.rendered;
    }
    const count = String(viewCount ?? entry.item!.viewCount);
    const etag = answerTag(entry.hash, count);
    if (entry.rendered?.etag !== etag) {
      // A view's body is a string of its own besides head and tail: it counts against the bound
      // with its encoded forms (uncounted, the cache held two to three times its budget).
      this.account(entry, -(encodedBytes(entry.rendered) + textBytes(entry.rendered)));
      entry.rendered = { body: `${entry.head}${count}${entry.tail}`, etag, count };
      // Its size is known from the parts once they are compressed: measuring would flatten the body.
      if (entry.countGzip) entry.rendered.byteLength = entry.countGzip.size + count.length;
      this.account(entry, textBytes(entry.rendered));
    }
    return entry.rendered;
  }

  /** The body as JSON text safe inside a script element (Rendered.scriptSafe), made on first use and kept with the answer. */
  scriptSafe(entry: CachedAnswer, rendered: Rendered): string {
    if (rendered.scriptSafe === undefined) {
      rendered.scriptSafe = scriptSafeJson(rendered.body);
      if (rendered.scriptSafe !== rendered.body) this.account(entry, 2 * rendered.scriptSafe.length);
    }
    return rendered.scriptSafe;
  }

  /** The body as UTF-8 bytes to send as they are, kept with the answer for the next such send. */
  bytesOf(entry: CachedAnswer, rendered: Rendered): Buffer {
    rendered.sentPlain = true;
    return this.utf8Of(entry, rendered);
  }

  /** The body's UTF-8 (Rendered.utf8), made on first use and counted while it is kept. */
  private utf8Of(entry: CachedAnswer, rendered: Rendered): Buffer {
    if (!rendered.utf8) {
      rendered.utf8 = Buffer.from(rendered.body, 'utf8');
      this.account(entry, rendered.utf8.length);
    }
    return rendered.utf8;
  }

  /**
   * The body compressed with `encoding`, kept with the answer: at the quick levels on its first
   * send, at the kept levels from its second on (see COMPRESS_MIN_BYTES). Null for a body too
   * small to gain, by its UTF-8 size, as @fastify/compress measures it (by its length in
   * characters, Korean answers of 1-3 KB went out compressed per request by the plugin).
   */
  compressed(entry: CachedAnswer, rendered: Rendered, encoding: 'br' | 'gzip'): Buffer | null {
    if (!this.compresses(rendered, encoding)) return null;
    // A post's gzip is stitched from its parts from its second compressed send on: its first (a
    // client that takes gzip and not br) goes quick, as most posts opened at random are sent once.
    const sentBefore = entry.sentCompressed;
    entry.sentCompressed = true;
    if (encoding === 'gzip' && entry.tail !== null && sentBefore) return this.countedGzip(entry, rendered);
    const kept = rendered[encoding];
    if (kept && !rendered.quick?.has(encoding)) return kept;
    const quick = kept === undefined;
    // From the body's UTF-8 (utf8Of): given the string, zlib encodes it anew for each call.
    const utf8 = this.utf8Of(entry, rendered);
    const out = ownBytes(
      encoding === 'br'
        ? // In text mode and told the size (brotli-now.ts), by an encoder kept for the process.
          brotliNow(utf8, { quality: quick ? QUICK_BROTLI_QUALITY : BROTLI_QUALITY })
        : gzipSync(utf8, { level: quick ? QUICK_GZIP_LEVEL : GZIP_LEVEL }),
    );
    rendered[encoding] = out;
    if (quick) (rendered.quick ??= new Set()).add(encoding);
    else rendered.quick!.delete(encoding);
    this.account(entry, out.length - (kept?.length ?? 0));
    // Compressed, the body needs its UTF-8 no more unless it also goes out as it is. Made again for
    // a later level or encoding (about 10 µs for a page, against 40-150 µs of compressing it): most
    // answers kept at their quick levels are never asked for again (a post opened at random), and
    // held for them the UTF-8 was a fifth of what such a page kept (issue 24, session 24).
    if (!rendered.sentPlain) {
      this.account(entry, -utf8.length);
      rendered.utf8 = undefined;
    }
    return out;
  }

  /**
   * A post view's body as gzip, stitched around its count from its head and tail compressed once
   * at the kept level (count-gzip.ts): a new visitor's count costs a copy, not a compression. Made
   * anew only for a count of another length (its tenth view, its hundredth).
   */
  private countedGzip(entry: CachedAnswer, rendered: Rendered): Buffer {
    const count = rendered.count!;
    let parts = entry.countGzip;
    if (rendered.gzip && parts?.digits === count.length) return rendered.gzip;
    if (parts?.digits !== count.length) {
      const fresh = countGzip(Buffer.from(entry.head, 'utf8'), Buffer.from(entry.tail!, 'utf8'), count.length, GZIP_LEVEL);
      this.account(entry, countGzipBytes(fresh) - countGzipBytes(parts));
      entry.countGzip = parts = fresh;
    }
    const out = stitchGzip(parts, count);
    this.account(entry, out.length - (rendered.gzip?.length ?? 0));
    rendered.gzip = out;
    rendered.quick?.delete('gzip');
    return out;
  }

  /**
   * The encoding to send `entry` in to a client that sends this Accept-Encoding (http-cache.ts
   * preferredEncoding): br first, except for a post view sent compressed before, whose gzip for
   * any count is stitched from parts compressed once (countedGzip). Its first send (most posts
   * opened at random are asked for once) goes in quick br: compressing head and tail for gzip
   * costs twice that (150 against 45-80 µs for a page), which only later counts pay back.
   */
  encodingFor(entry: CachedAnswer, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
    return preferredEncoding(acceptEncoding, entry.tail !== null && entry.sentCompressed ? 'gzip' : 'br');
  }

  /** Whether `compressed` gives the body in `encoding` (false: it is too small to gain, and goes as it is). */
  compresses(rendered: Rendered, encoding: 'br' | 'gzip'): boolean {
    if (rendered[encoding] !== undefined) return true;
    // UTF-8 takes at least a byte for each UTF-16 unit (four for a pair of two), so a body of that
    // many characters is big enough as it stands: measuring a page of any post (10-20 KB, made for
    // one request) was 1-2 % of its CPU (issue 24, session 32).
    if (rendered.body.length >= COMPRESS_MIN_BYTES) return true;
    // Measured, not encoded: this is asked before a 304, which sends no bytes (a page revalidated
    // on every instance would otherwise hold its UTF-8 for nothing).
    rendered.byteLength ??= rendered.utf8?.length ?? Buffer.byteLength(rendered.body);
    return rendered.byteLength >= COMPRESS_MIN_BYTES;
  }

  /** Local invalidation of the answers of these boards (lower-case or not). */
  invalidate(boards: Iterable<string>): void {
    for (const board of boards) {
      const key = board.toLowerCase();
      this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
    }
  }

  /** Local invalidation of every answer. */
  invalidateAll(): void {
    this.generation++;
    for (const entry of this.entries.values()) entry.kept = false;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private account(entry: CachedAnswer, delta: number): void {
    entry.bytes += delta;
    if (entry.kept) {
      this.bytes += delta;
      this.evict();
    }
  }

  private remove(key: string, entry: CachedAnswer): void {
    this.entries.delete(key);
    entry.kept = false;
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    while (this.bytes > this.opts.maxBytes) {
      const oldest = this.entries.oldest();
      if (!oldest) break;
      this.remove(...oldest);
    }
  }
}

/** Memory of a rendered body's text (and its script-safe copy), at two bytes a character as for head and tail. */
function textBytes(rendered: Rendered | null): number {
  if (!rendered) return 0;
  const scriptSafe = rendered.scriptSafe !== undefined && rendered.scriptSafe !== rendered.body ? rendered.scriptSafe.length : 0;
  return 2 * ((rendered.shared ? 0 : rendered.body.length) + scriptSafe);
}

/**
 * JSON text that can stand inside a `<script type="application/json">` element: `<` written
 * `\u003c` (the same JSON value), so no text in it can end the element or open a comment.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** Memory of a rendered body's encoded forms (UTF-8, br, gzip). */
function encodedBytes(rendered: Rendered | null): number {
  return (rendered?.utf8?.length ?? 0) + (rendered?.br?.length ?? 0) + (rendered?.gzip?.length ?? 0);
}

/** A kept answer's weak tag: its text's (or name's) hash, and for a post's, the view count it shows. */
export function answerTag(hash: string, viewCount?: number | string): string {
  return viewCount === undefined ? `W/"${hash}"` : `W/"${hash}-${viewCount}"`;
}

/**
 * The tag of an answer known by its name (a page: its address and its parts' tags, short ASCII):
 * one call, no Hash object (1.1 µs less in a loop, and no native handle left for the collector).
 */
export function nameTag(name: string): string {
  return hash('sha1', name, 'base64url').slice(0, 20);
}

/** Where textTag lays an answer's text out as UTF-16 for the hash: kept for the process. */
const TAG_SCRATCH_BYTES = 128 * 1024;
let tagScratch: Buffer | null = null;

/**
 * The tag of an answer's text (head and tail, a NUL between: JSON has none of its own; a body not
 * cut around a count is its head alone), for every answer the guests' cache or a page holds, hashed as
 * UTF-16, the way V8 holds Korean text. A string given to crypto.hash is encoded to UTF-8 first
 * and the parts would be joined (copied) for it: for a post's answer of 1,700 characters that was
 * half the hash's time (5.5 against 2.8 µs in a loop). Laid out in a buffer kept for the process,
 * not given to a Hash object: an object with a native handle per miss costs the busy server more
 * than a loop shows (decision 0047). A text too long for the buffer goes through a Hash object,
 * to the same tag. UTF-16 also keeps lone surrogates apart, which UTF-8 makes one character.
 */
export function textTag(head: string, tail: string | null = null): string {
  const bytes = 2 * (head.length + (tail === null ? 0 : 1 + tail.length));
  if (bytes <= TAG_SCRATCH_BYTES) {
    const scratch = (tagScratch ??= Buffer.allocUnsafeSlow(TAG_SCRATCH_BYTES));
    let at = scratch.write(head, 0, 'utf16le');
    if (tail !== null) {
      scratch.writeUInt16LE(0, at);
      at = at + 2 + scratch.write(tail, at + 2, 'utf16le');
    }
    // Buffer.write cuts what does not fit without a word: a text cut short must never be tagged.
    if (at === bytes) return hash('sha1', scratch.subarray(0, at), 'base64url').slice(0, 20);
  }
  const text = createHash('sha1').update(head, 'utf16le');
  if (tail !== null) text.update('\0', 'utf16le').update(tail, 'utf16le');
  return text.digest('base64url').slice(0, 20);
}

/** FNV-1a of the key's UTF-16 code units: a cheap 32-bit hash for the doorkeeper. */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
