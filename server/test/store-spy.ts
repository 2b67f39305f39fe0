import { Transform } from 'node:stream';
import type { FileStore } from '../modules/file/store';

/**
 * Counts the bytes that reach a file store's `write` (the store itself still writes them), for
 * tests about what an upload stores before its request has ended or after it went over its limit.
 * A Transform counts a stream, not a 'data' listener: that would start the flow before the store
 * reads. `restore()` puts the store's own `write` back.
 */
export function watchStoreWrites(files: FileStore): { received: () => number; restore: () => void } {
  const write = files.write.bind(files);
  let received = 0;
  files.write = (name, bytes) => {
    if (Buffer.isBuffer(bytes)) {
      received += bytes.length;
      return write(name, bytes);
    }
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    bytes.on('error', (err) => counter.destroy(err));
    return write(name, bytes.pipe(counter));
  };
  return { received: () => received, restore: () => void (files.write = write) };
}
