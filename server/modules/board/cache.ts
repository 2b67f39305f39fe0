import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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

/** A body ready to send, with its ETag and the compressed forms made so far. */
export interface Rendered {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface CachedAnswer {
  key: string;
  /** Whether the entry is in the cache (its memory counts against the bound). */
  kept: boolean;
  /** Lower-case code of the board the answer depends on. */
  board: string;
  version: number;
  generation: number;
  storedAt: number;
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
  item: { id: number; viewCount: number } | null;
  /** Hash of head and tail: the ETag is this (and the view count), so equal tags mean equal bodies. */
  hash: string;
  /** The last body rendered, with its compressed forms (a view keeps the one for the latest count). */
  rendered: Rendered | null;
}

/**
 * Compressing once per answer instead of once per request (@fastify/compress would do it on
 * every send). Same threshold and levels as the on-the-fly compression in server/web.ts.
 */
const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;
/** Answers larger than this share of the budget are sent but not kept (one must not evict all). */
const LARGEST_SHARE = 8;

export interface BoardCacheOptions {
  maxBytes: number;
  /**
   * Longest life of an answer. Board rows and a few counters (downloads, a retired member's
   * name) change in the database without passing through the board routes; they show after this.
   */
  maxAgeMs: number;
  now?: () => number;
}

export class BoardCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly versions = new Map<string, number>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: BoardCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.maxBytes > 0;
  }

  /** Where a new answer starts: read this before reading the database, store with it after. */
  stamp(board: string): { board: string; version: number; generation: number } {
    const key = board.toLowerCase();
    return { board: key, version: this.versions.get(key) ?? 0, generation: this.generation };
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      entry.version !== (this.versions.get(entry.board) ?? 0) ||
      entry.generation !== this.generation ||
      this.now() - entry.storedAt > this.opts.maxAgeMs
    ) {
      this.remove(key, entry);
      return undefined;
    }
    // Map order is the LRU order: a hit moves the entry to the newest end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * A new answer. It is kept only if nothing changed while it was being read (the stamp is still
   * current); either way it is returned, to be sent.
   */
  create(
    key: string,
    stamp: { board: string; version: number; generation: number },
    body: string,
    opts: { item?: { id: number; viewCount: number }; keep: boolean },
  ): CachedAnswer {
    let head = body;
    let tail: string | null = null;
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
    }
    const entry: CachedAnswer = {
      key,
      kept: false,
      ...stamp,
      storedAt: this.now(),
      // JavaScript keeps Korean text at two bytes a character.
      bytes: 2 * (head.length + (tail?.length ?? 0)) + 256,
      head,
      tail,
      item: opts.item ?? null,
      hash: createHash('sha1').update(head).update(tail ?? '').digest('base64url').slice(0, 20),
      rendered: null,
    };
    const current = this.stamp(stamp.board);
    const unchanged = current.version === stamp.version && current.generation === stamp.generation;
    if (opts.keep && unchanged && this.enabled && entry.bytes <= this.opts.maxBytes / LARGEST_SHARE) {
      const old = this.entries.get(key);
      if (old) this.remove(key, old);
      this.entries.set(key, entry);
      entry.kept = true;
      this.bytes += entry.bytes;
      this.evict();
    }
    return entry;
  }

  /** The body to send; for a post view, with this view count. */
  render(entry: CachedAnswer, viewCount?: number): Rendered {
    if (entry.tail === null) {
      entry.rendered ??= { body: entry.head, etag: `W/"${entry.hash}"` };
      return entry.rendered;
    }
    const count = viewCount ?? entry.item!.viewCount;
    const etag = `W/"${entry.hash}-${count}"`;
    if (entry.rendered?.etag !== etag) {
      this.account(entry, -compressedBytes(entry.rendered));
      entry.rendered = { body: `${entry.head}${count}${entry.tail}`, etag };
    }
    return entry.rendered;
  }

  /** The body compressed with `encoding`, made on first use and kept with the answer. */
  compressed(entry: CachedAnswer, rendered: Rendered, encoding: 'br' | 'gzip'): Buffer | null {
    if (rendered.body.length < COMPRESS_MIN_BYTES) return null;
    let out = rendered[encoding];
    if (!out) {
      out =
        encoding === 'br'
          ? brotliCompressSync(rendered.body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
            })
          : gzipSync(rendered.body, { level: GZIP_LEVEL });
      rendered[encoding] = out;
      this.account(entry, out.length);
    }
    return out;
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
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(key, entry);
    }
  }
}

function compressedBytes(rendered: Rendered | null): number {
  return (rendered?.br?.length ?? 0) + (rendered?.gzip?.length ?? 0);
}
