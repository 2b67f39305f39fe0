import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';

export interface Digest {
  bytes: number;
  sha256: string;
}

/** A pass-through that counts and hashes the bytes on their way to disk, so nothing is read twice. */
export class DigestStream extends Transform {
  private readonly hash = createHash('sha256');
  private bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }

  /** Call once, after the stream has ended. */
  result(): Digest {
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** Length and SHA-256 of a file, streamed. */
export async function fileDigest(file: string): Promise<Digest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Runs `work` over `items` with at most `limit` at a time (file stores answer faster in parallel). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
