import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { boardMessages } from '@contract';
import { badRequest } from '../../errors';
import { bytesAre, SNIFF_BYTES, type ExpectedKind } from './sniff';

/**
 * The bytes of an attachment on their way to the file store. The first SNIFF_BYTES are held back
 * until they show what the file really is: a mismatch with the extension (or an empty file) fails
 * the stream before a byte is stored. Passes everything else through as it comes, counting it.
 */
export class CheckedUpload extends Transform {
  /** Bytes that have come through so far. */
  bytes = 0;
  private head: Buffer[] | null = [];
  private headLength = 0;

  constructor(private readonly expected: ExpectedKind) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (!this.head) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    done(this.releaseHead());
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(badRequest(boardMessages.fileEmpty));
    done(this.head ? this.releaseHead() : null);
  }

  private releaseHead(): Error | null {
    const head = Buffer.concat(this.head!);
    this.head = null;
    if (!bytesAre(head, this.expected)) return badRequest(boardMessages.typeMismatch);
    this.push(head);
    return null;
  }
}

/**
 * Feeds `source` into `checked`; a failure of the source fails `checked`. Once `checked` stops
 * (finished, refused, or the store gave up) the rest of the source is still read and dropped, so
 * the client gets its answer rather than a connection reset in the middle of sending.
 */
export function feed(source: Readable, checked: CheckedUpload): void {
  source.on('error', (err) => checked.destroy(err));
  source.pipe(checked);
  checked.once('close', () => {
    source.unpipe(checked);
    source.resume();
  });
}
