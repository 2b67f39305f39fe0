import { constants as zlib, crc32, deflateRawSync } from 'node:zlib';
import { crc32Combine, crc32ShiftOperator, GZIP_HEADER, ownBytes, STORED_HEADER_BYTES, writeStoredHeader } from '../../lib/gzip-member';

/**
 * A post's answer (its JSON, or its reader page) compressed once, whatever its view count
 * (issue 24, decision 0042). The count changes with each new visitor, and compressing the whole
 * body anew for each count was a fifth of a kept post page's cost under new visitors. Here the
 * text before the count (head) and after it (tail) are compressed once, as raw deflate; a count
 * goes between them as a stored (uncompressed) deflate block, and a gzip header and trailer go
 * around them. A body for a new count then costs a copy and a CRC of its digits.
 *
 * Why it is one valid gzip stream (RFC 1951, 1952): the head's deflate ends with a sync flush,
 * which ends its last block on a byte boundary without marking it final; a stored block starts
 * on a byte boundary with its 3 header bits padded to one byte (non-final, type 00), then LEN
 * and its ones' complement, then the bytes; the tail's deflate starts on a byte boundary and its
 * last block is the final one.
 *
 * The tail is compressed with the head as its dictionary (a post's text comes after its count,
 * and repeats much of the head: its title, its description), followed by as many NUL bytes as
 * the count has digits: the distances of its back-references into the head are then those of
 * the real body, and none can reach into the count, as no match of the tail's bytes can include
 * a NUL the tail does not hold (JSON and the page's markup hold none; a tail that does is
 * compressed without the head). The parts serve counts of one length: a count with another
 * number of digits (a post's tenth view, its hundredth) makes them anew.
 *
 * The trailer's CRC-32 is the head's, extended by the count's bytes, then combined with the
 * tail's (crc32Combine), so neither part's bytes are read again.
 */
export interface CountGzip {
  head: Buffer;
  tail: Buffer;
  headCrc: number;
  tailCrc: number;
  /** The operator that moves a CRC past the tail's bytes (crc32Combine), made once. */
  tailShift: number;
  /** Uncompressed bytes of head and tail together (the trailer's ISIZE, less the count's). */
  size: number;
  /** The number of digits of the counts these parts are for. */
  digits: number;
}

/** Head and tail (UTF-8) compressed at this deflate level, for stitching (stitchGzip) counts of `digits` digits. */
export function countGzip(head: Buffer, tail: Buffer, digits: number, level: number): CountGzip {
  const dictionary = tail.includes(0) ? undefined : Buffer.concat([head.subarray(-WINDOW), Buffer.alloc(digits)]);
  return {
    // A sync flush: the head's blocks end on a byte boundary, the last one not final.
    head: ownBytes(deflateRawSync(head, { level, finishFlush: zlib.Z_SYNC_FLUSH })),
    tail: ownBytes(deflateRawSync(tail, { level, dictionary })),
    headCrc: crc32(head),
    tailCrc: crc32(tail),
    tailShift: crc32ShiftOperator(tail.length),
    size: head.length + tail.length,
    digits,
  };
}

/** Memory a CountGzip holds (its compressed parts). */
export function countGzipBytes(parts: CountGzip | null): number {
  return parts ? parts.head.length + parts.tail.length : 0;
}

/** A gzip member: header, `parts.head`, `count` (ASCII digits, parts.digits of them) as a stored block, `parts.tail`, trailer. */
export function stitchGzip(parts: CountGzip, count: string): Buffer {
  const n = count.length;
  if (n !== parts.digits) throw new Error(`parts for counts of ${parts.digits} digits, not ${n}`);
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + parts.head.length + STORED_HEADER_BYTES + n + parts.tail.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  at += parts.head.copy(out, at);
  at = writeStoredHeader(out, at, n);
  const countAt = at;
  at += out.write(count, at, 'latin1');
  const crc = crc32Combine(crc32(out.subarray(countAt, at), parts.headCrc), parts.tailCrc, parts.tailShift);
  at += parts.tail.copy(out, at);
  out.writeUInt32LE(crc, at);
  out.writeUInt32LE((parts.size + n) >>> 0, at + 4);
  return out;
}

/** The deflate window: a dictionary's bytes beyond it are never referred to. */
const WINDOW = 32 * 1024;
