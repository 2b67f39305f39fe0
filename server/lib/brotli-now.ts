import { brotliCompressSync, constants as zlib, createBrotliCompress } from 'node:zlib';

/**
 * Brotli of one body at a time by an encoder kept for the process (issue 24, session 36).
 *
 * `brotliCompressSync` makes a stream object for every call: a Transform with its state, a 16 KB
 * output buffer outside V8's heap and a native handle, all garbage a moment later. In a busy
 * server that cost more than the compression: any post's JSON answer (a brotli of 2 KB) took
 * 300-330 µs of Node with it against 288-300 kept, and any post's page 477-502 against 459-470
 * (docs/performance.md, session 36), though in a loop the call is only 4-6 µs dearer.
 *
 * Node has no public call that compresses synchronously without a new stream, so this drives the
 * native handle of one stream made once, as Node's own `brotliCompressSync` drives its new one
 * (lib/zlib.js processChunkSync): `init` with the parameters (which makes a new encoder state in
 * place of the last: src/node_zlib.cc, BrotliEncoderContext::Init) and one `writeSync` with
 * BROTLI_OPERATION_FINISH. Where a Node version's stream has no such handle (it is not public),
 * `brotliCompressSync` does the work: the same bytes at the old cost. brotli-now.test.ts fails
 * where the kept encoder is not used, so an upgrade that moves these internals is seen.
 */

/** The native handle of a node:zlib Brotli stream, as lib/zlib.js drives it. */
interface BrotliHandle {
  init(params: Uint32Array, writeState: Uint32Array, writeCallback: () => void): boolean;
  writeSync(flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number): void;
}

/** What a body is compressed with: its quality, and that it is text (the tuning for UTF-8). */
export interface BrotliOptions {
  quality: number;
}

/** Output space of one write: bodies whose brotli is larger take several writes. */
const OUT_BYTES = 64 * 1024;
/** The parameters' array as lib/zlib.js passes it: one slot per BROTLI_PARAM_*, -1 (all ones) for unset. */
const PARAM_SLOTS = 16;
const UNSET = 0xffffffff;

interface KeptEncoder {
  handle: BrotliHandle;
  writeState: Uint32Array;
  params: Uint32Array;
  out: Buffer;
  /** The stream, held so that it (and so its handle) lives as long as this. */
  stream: object;
  /** A zlib error reported on the stream: the encoder is not used again. */
  failed: Error | null;
}

function keptEncoder(): KeptEncoder | null {
  const stream = createBrotliCompress();
  const { _handle: handle, _writeState: writeState } = stream as unknown as { _handle?: Partial<BrotliHandle> | null; _writeState?: unknown };
  if (!handle || typeof handle.init !== 'function' || typeof handle.writeSync !== 'function' || !(writeState instanceof Uint32Array)) {
    stream.destroy();
    return null;
  }
  const encoder: KeptEncoder = {
    handle: handle as BrotliHandle,
    writeState,
    params: new Uint32Array(PARAM_SLOTS),
    out: Buffer.allocUnsafe(OUT_BYTES),
    stream,
    failed: null,
  };
  // The handle reports an error as the stream's (lib/zlib.js onErrorHandler destroys the stream,
  // which closes the handle): from then on bodies go the old way.
  stream.on('error', (err) => {
    encoder.failed = err;
  });
  return encoder;
}

let encoder: KeptEncoder | null | undefined;

/** Whether bodies are compressed by the kept encoder here (false: brotliCompressSync per body). */
export function brotliKept(): boolean {
  encoder ??= keptEncoder();
  return encoder !== null;
}

/** `input` in brotli at `quality`, tuned for text and told its size, as bytes of its own. */
export function brotliNow(input: Buffer, { quality }: BrotliOptions): Buffer {
  encoder ??= keptEncoder();
  if (!encoder || encoder.failed) return brotliCompressSync(input, { params: paramsOf(input, quality) });
  const { handle, writeState, params, out } = encoder;
  params.fill(UNSET);
  params[zlib.BROTLI_PARAM_QUALITY] = quality;
  params[zlib.BROTLI_PARAM_MODE] = zlib.BROTLI_MODE_TEXT;
  // Told the size, brotli sets up for it instead of for a stream of any length: half the time of a
  // 3 KB answer at quality 1 (docs/performance.md, issue 24).
  params[zlib.BROTLI_PARAM_SIZE_HINT] = input.length;
  handle.init(params, writeState, noop);
  const pieces: Buffer[] = [];
  let inOff = 0;
  let inLen = input.length;
  for (;;) {
    handle.writeSync(zlib.BROTLI_OPERATION_FINISH, input, inOff, inLen, out, 0, OUT_BYTES);
    if (encoder.failed) throw encoder.failed;
    const availOut = writeState[0]!;
    const availIn = writeState[1]!;
    // Bytes of their own (not a slice of Node's shared pool, which would hold 8 KB for a kept
    // answer of 2): `out` is written again by the next body.
    const produced = OUT_BYTES - availOut;
    const piece = Buffer.allocUnsafeSlow(produced);
    out.copy(piece, 0, 0, produced);
    pieces.push(piece);
    inOff += inLen - availIn;
    inLen = availIn;
    // Room left in the output: the encoder has written all of it, to the stream's end.
    if (availOut !== 0) break;
  }
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}

function paramsOf(input: Buffer, quality: number): Record<number, number> {
  return {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: input.length,
  };
}

function noop(): void {}
