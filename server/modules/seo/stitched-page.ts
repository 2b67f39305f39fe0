import { constants as zlib, crc32, deflateRawSync } from 'node:zlib';
import { crc32Combine, crc32ShiftOperator, GZIP_HEADER, ownBytes, STORED_HEADER_BYTES, STORED_MAX_BYTES, writeStoredHeader } from '../../lib/gzip-member';

/**
 * A page of a post nobody opened lately, in gzip, stitched from its pieces (issue 24, decision 0050).
 *
 * Such a page is made for one request and dropped (board/cache.ts keeps a post's page when asked for
 * again), and compressing it whole was a fifth of its cost in the server: its 7-10 KB of UTF-8 made
 * from the string and brotli at quality 1 (41 µs in a loop, more in the server: below).
 * Yet most of it is the same on every post of a board: index.html around the head, the screen's
 * preloads, and the first data of the frame and the board (site settings, menu, pop-ups, the board:
 * about 5 KB). Those runs of pieces are compressed once each, by name, and kept.
 *
 * The post's own pieces (its head tags and its answer, 2-4 KB of UTF-8) go as stored deflate
 * blocks: uncompressed, written straight into the member with their CRC. Compressing them cost more
 * than it saved: in the server (the bench's any post's page, by hand, alternating builds), the page
 * took 289-300 µs of Node stitched so, 375-424 with its own pieces deflated at level 1 by a kept
 * compressor, and 353-380 made whole and sent in brotli; zlib and brotli cost several times their
 * loop figures among the server's work. The page is then 5-7 KB instead of 3.2-3.9: still well
 * inside the first round trip of a new connection (TCP's initial window of ten segments, 14 KB),
 * so a reader waits no longer for it. A page asked for again is kept, and goes compressed whole.
 *
 * Why the pieces make one valid gzip member (RFC 1951, 1952), as count-gzip.ts stitches a count:
 * each kept run is a deflate stream of its own ended by a sync flush, so its last block ends on a
 * byte boundary and is not final, and none of its back-references reaches before its own start; a
 * stored block starts on a byte boundary with its three header bits padded to a byte (not final,
 * type 00), then LEN and its ones' complement; an empty stored block marked final ends the member.
 * The trailer's CRC-32 runs through the own bytes as they are written and is combined with each
 * kept run's (crc32Combine), whose bytes are not read again.
 */

/** A piece of a page: its text, and for a piece the same on other pages, a name that stands for it. */
export interface PagePiece {
  text: string;
  /**
   * Set on a piece that other pages share: equal names, equal texts, for the life of the stitcher
   * (a fixed string of the build, an answer's tag). Unset on the page's own.
   */
  fixed?: string;
}

/** A run of shared pieces, compressed once. */
interface KeptRun {
  deflated: Buffer;
  crc: number;
  /** crc32ShiftOperator of its UTF-8 length. */
  shift: number;
  length: number;
}

export interface PageStitcher {
  /** The pieces, joined, as one gzip member. */
  gzip(pieces: readonly PagePiece[]): Buffer;
}

/** Runs kept at most (a few per board and build; made again after a clear). */
const RUNS_KEPT = 256;
/** The level shared runs are compressed at: once each, so the best. */
const KEPT_LEVEL = 9;
/** CRC-32 and ISIZE. */
const TRAILER = 8;

export function createPageStitcher(): PageStitcher {
  const runs = new Map<string, KeptRun>();

  function keptRun(name: string, text: string): KeptRun {
    let run = runs.get(name);
    if (!run) {
      const bytes = Buffer.from(text, 'utf8');
      run = {
        deflated: ownBytes(deflateRawSync(bytes, { level: KEPT_LEVEL, finishFlush: zlib.Z_SYNC_FLUSH })),
        crc: crc32(bytes),
        shift: crc32ShiftOperator(bytes.length),
        length: bytes.length,
      };
      if (runs.size >= RUNS_KEPT) runs.clear();
      runs.set(name, run);
    }
    return run;
  }

  return {
    gzip(pieces) {
      // The runs in order: a kept run, or the text of consecutive own pieces.
      const parts: Array<KeptRun | string> = [];
      // Room enough: UTF-8 takes at most 3 bytes for a UTF-16 unit, a stored block's header 5.
      let room = GZIP_HEADER.length + STORED_HEADER_BYTES + TRAILER;
      for (let i = 0; i < pieces.length; ) {
        const fixed = pieces[i]!.fixed !== undefined;
        let j = i + 1;
        while (j < pieces.length && (pieces[j]!.fixed !== undefined) === fixed) j++;
        const text = j === i + 1 ? pieces[i]!.text : joinTexts(pieces, i, j);
        if (text !== '') {
          if (fixed) {
            const run = keptRun(j === i + 1 ? pieces[i]!.fixed! : joinNames(pieces, i, j), text);
            parts.push(run);
            room += run.deflated.length;
          } else {
            parts.push(text);
            room += 3 * text.length + STORED_HEADER_BYTES * (Math.ceil((3 * text.length) / STORED_MAX_BYTES) + 1);
          }
        }
        i = j;
      }
      const out = Buffer.allocUnsafe(room);
      let at = GZIP_HEADER.copy(out, 0);
      let crc = 0;
      let length = 0;
      for (const part of parts) {
        if (typeof part !== 'string') {
          at += part.deflated.copy(out, at);
          crc = crc32Combine(crc, part.crc, part.shift);
          length += part.length;
          continue;
        }
        // The text's UTF-8 written once, after room for the first block's header, then split into
        // stored blocks of at most STORED_MAX_BYTES (a post's own text is far less: one block).
        const written = out.write(part, at + STORED_HEADER_BYTES, 'utf8');
        crc = crc32(out.subarray(at + STORED_HEADER_BYTES, at + STORED_HEADER_BYTES + written), crc);
        length += written;
        at = storedBlocks(out, at, written);
      }
      // An empty stored block marked final ends the member.
      at = writeStoredHeader(out, at, 0, true);
      out.writeUInt32LE(crc >>> 0, at);
      out.writeUInt32LE(length >>> 0, at + 4);
      return out.subarray(0, at + TRAILER);
    },
  };
}

/**
 * Frames `bytes` bytes written at `at + STORED_HEADER_BYTES` as stored blocks, moving the bytes of
 * the second block on to make room for its header (and so on); answers where the blocks end.
 */
function storedBlocks(out: Buffer, at: number, bytes: number): number {
  let left = bytes;
  for (;;) {
    const n = Math.min(left, STORED_MAX_BYTES);
    at = writeStoredHeader(out, at, n) + n;
    left -= n;
    if (left === 0) return at;
    out.copy(out, at + STORED_HEADER_BYTES, at, at + left);
  }
}

function joinTexts(pieces: readonly PagePiece[], from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += pieces[i]!.text;
  return text;
}

function joinNames(pieces: readonly PagePiece[], from: number, to: number): string {
  let name = pieces[from]!.fixed!;
  for (let i = from + 1; i < to; i++) name += `\n${pieces[i]!.fixed!}`;
  return name;
}
