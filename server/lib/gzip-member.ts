/**
 * The arithmetic of a gzip member assembled from parts compressed apart (RFC 1951, 1952): a post's
 * answer or page around its view count (board/count-gzip.ts, decision 0042) and a page of a post
 * nobody asked for lately from its pieces (seo/stitched-page.ts, decision 0050).
 */

/** ID1 ID2, CM deflate, no flags, no time, XFL 0, OS 255 (unknown): the 10 bytes every member starts with. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A stored block's header: the byte of its three bits (padded to a byte), LEN, NLEN. */
export const STORED_HEADER_BYTES = 5;

/** A stored block's most bytes (LEN is 16 bits). */
export const STORED_MAX_BYTES = 0xffff;

/**
 * Writes at `at` the header of a stored block of `length` bytes (BFINAL `final`, BTYPE 00, then
 * LEN and its ones' complement) and answers where its bytes go. A stored block starts on a byte
 * boundary: after another stored block, or a deflate stream ended by a sync flush.
 */
export function writeStoredHeader(out: Buffer, at: number, length: number, final = false): number {
  out[at] = final ? 1 : 0;
  out.writeUInt16LE(length, at + 1);
  out.writeUInt16LE(~length & 0xffff, at + 3);
  return at + STORED_HEADER_BYTES;
}

/**
 * zlib's sync calls answer a view of their 16 KB output chunk: kept as it is, a 2 KB answer would
 * hold the whole chunk (7,000 posts, 220 MB against a 32 MB budget). A copy is what a cache keeps.
 */
export function ownBytes(out: Buffer): Buffer {
  return out.buffer.byteLength > out.length ? Buffer.from(out) : out;
}

/*
 * CRC-32 of a concatenation from the CRCs of its parts, as zlib's crc32_combine_gen and
 * crc32_combine_op (not in node:zlib): CRCs are remainders of polynomials over GF(2), so appending
 * n bytes to A multiplies A's CRC by x^(8n) modulo the CRC polynomial before the second's is added
 * (xor). Polynomials are reflected, as the CRC itself: bit 31 is x^0.
 */
const CRC_POLYNOMIAL = 0xedb88320;

/** a times b modulo the CRC polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModP(p, p)) X_TO_2_TO_K.push(p);

/** The operator crc32Combine takes for a second part of `length` bytes: x^(8 * length) modulo the polynomial. */
export function crc32ShiftOperator(length: number): number {
  let p = 0x80000000;
  // 8 * length = length << 3: start at x^(2^3), a byte.
  for (let k = 3; length > 0; length = Math.floor(length / 2), k++) if (length % 2) p = multiplyModP(X_TO_2_TO_K[k % 32]!, p);
  return p;
}

/** CRC-32 of A then B, from A's, B's, and crc32ShiftOperator(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
