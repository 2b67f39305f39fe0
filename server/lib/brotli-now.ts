import { brotliCompressSync, constants as zlib, createBrotliCompress } from 'node:zlib';

/**
 * Brotli of one body at a time by an encoder kept for the process (issue 24, decision 0047).
 *
 * `brotliCompressSync` makes a stream object for every call: a Transform with its state, a 16 KB
 * output buffer outside V8's heap and a native handle, all garbage a moment later. In a busy
 * server that cost more than the compression: any post's JSON answer (a brotli of 2 KB) took
 * 327-348 µs of Node with it against 288-307 kept, and any post's page 477-502 against 459-470
 * (docs/performance.md, session 36), though in a loop the call is only 4-6 µs dearer.
 *
 * Node has no public call that compresses synchronously without a new stream, so this drives the
 * native handle of one stream made once, as Node's own `brotliCompressSync` drives its new one
 * (lib/zlib.js processChunkSync): `init` with the parameters (which makes a new encoder state in
 * place of the last: src/node_zlib.cc, BrotliEncoderContext::Init) and `writeSync` with
 * BROTLI_OPERATION_FINISH. Where a Node version's stream has no such handle (it is not public),
 * or once the handle has reported an error, `brotliCompressSync` does the work: the same bytes at
 * the old cost. brotli-now.test.ts fails where the kept encoder is not used, so an upgrade that
 * moves these internals is seen.
 */

/** The native handle of a node:zlib Brotli stream, as lib/zlib.js drives it. */
interface BrotliHandle {
  init(params: Uint32Array, writeState: Uint32Array, writeCallback: () => void): unknown;
  writeSync(flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number): void;
}

/** What a body is compressed with besides the tuning every body gets (text mode, its size told). */
export interface BrotliOptions {
  quality: number;
}

export interface KeptBrotli {
  /** `input` in brotli at `quality`, tuned for text and told its size, as bytes of their own. */
  compress(input: Buffer, options: BrotliOptions): Buffer;
  /** Whether bodies go through the kept encoder (false: brotliCompressSync per body). */
  readonly kept: boolean;
}

/** Output space of one write: bodies whose brotli is larger take several writes. */
const OUT_BYTES = 64 * 1024;
/** The parameters' array as lib/zlib.js passes it: one slot per BROTLI_PARAM_*, all ones for unset. */
const PARAM_SLOTS = 16;
const UNSET = 0xffffffff;

/** Sets the parameters of a body in `params` (UNSET elsewhere): the one place they are chosen. */
function tune(params: Uint32Array, input: Buffer, quality: number): Uint32Array {
  params.fill(UNSET);
  params[zlib.BROTLI_PARAM_QUALITY] = quality;
  params[zlib.BROTLI_PARAM_MODE] = zlib.BROTLI_MODE_TEXT;
  // Told the size, brotli sets up for it instead of for a stream of any length: half the time of a
  // 3 KB answer at quality 1 (docs/performance.md, issue 24).
  params[zlib.BROTLI_PARAM_SIZE_HINT] = input.length;
  return params;
}

/** The same body the old way: a new stream, the parameters `tune` chose. */
function perCall(input: Buffer, params: Uint32Array): Buffer {
  const chosen: Record<number, number> = {};
  params.forEach((value, key) => {
    if (value !== UNSET) chosen[key] = value;
  });
  return brotliCompressSync(input, { params: chosen });
}

/**
 * An encoder driving `stream`'s handle (a Brotli compression stream of its own, made for it and
 * never written to as a stream); brotliCompressSync per body where the stream has no such handle.
 */
export function keptBrotli(stream: NodeJS.EventEmitter & { destroy(): void; readonly destroyed: boolean } = createBrotliCompress()): KeptBrotli {
  const params = new Uint32Array(PARAM_SLOTS);
  const { _handle: found, _writeState: writeState } = stream as unknown as { _handle?: Partial<BrotliHandle> | null; _writeState?: unknown };
  if (!found || typeof found.init !== 'function' || typeof found.writeSync !== 'function' || !(writeState instanceof Uint32Array)) {
    stream.destroy();
    return { compress: (input, { quality }) => perCall(input, tune(params, input, quality)), kept: false };
  }
  const handle = found as BrotliHandle;
  const out = Buffer.allocUnsafe(OUT_BYTES);
  // The handle reports an error by destroying the stream at once (lib/zlib.js zlibOnError), which
  // closes the handle, and a closed handle's write ends the process: from then on every body goes
  // the old way, that body included. The error event itself comes a tick later; heard, so that it
  // is not an unhandled one.
  const closed = () => stream.destroyed;
  stream.on('error', noop);
  const compress = (input: Buffer, quality: number): Buffer | null => {
    handle.init(tune(params, input, quality), writeState, noop);
    const pieces: Buffer[] = [];
    let inOff = 0;
    let inLen = input.length;
    while (!closed()) {
      handle.writeSync(zlib.BROTLI_OPERATION_FINISH, input, inOff, inLen, out, 0, OUT_BYTES);
      if (closed()) break;
      const availOut = writeState[0]!;
      const availIn = writeState[1]!;
      // Bytes of their own (not a slice of Node's shared pool, which would hold 8 KB for a kept
      // answer of 2): `out` is written again by the next body.
      const piece = Buffer.allocUnsafeSlow(OUT_BYTES - availOut);
      out.copy(piece, 0, 0, piece.length);
      pieces.push(piece);
      // Room left in the output: the encoder has written all of it, to the stream's end.
      if (availOut !== 0) return pieces.length === 1 ? piece : Buffer.concat(pieces);
      inOff += inLen - availIn;
      inLen = availIn;
    }
    return null;
  };
  return {
    compress(input, { quality }) {
      if (!closed()) {
        try {
          const kept = compress(input, quality);
          if (kept) return kept;
        } catch {
          // Thrown by init where Node reports its failure so (a brotli instance it could not make).
          stream.destroy();
        }
      }
      return perCall(input, tune(params, input, quality));
    },
    get kept() {
      return !closed();
    },
  };
}

function noop(): void {}

let encoder: KeptBrotli | undefined;

/** The process's encoder (made on first use). */
export function processBrotli(): KeptBrotli {
  return (encoder ??= keptBrotli());
}

/** `input` in brotli at `quality` by the process's kept encoder (text mode, its size told), as bytes of their own. */
export function brotliNow(input: Buffer, options: BrotliOptions): Buffer {
  return processBrotli().compress(input, options);
}
