import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config';
import { S3StoreError } from '../../lib/s3-error';
import { checkStoredName, newStoredName, type FileStore } from './store';

// The SDK warns once per process that its releases after January 2027 need Node 22. The operator
// learns that from the README's requirements, not from a warning line in every log; an operator
// who wants it back sets the variable to anything but `true` (aws/aws-sdk-js-v3#7983).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** S3 requires parts of at least 5 MiB; an upload holds at most PART_SIZE * (QUEUE_SIZE + 1) in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

/** An S3StoreError (s3-error.ts) for `cause`, worded for the operator who reads the log. */
function failure(where: string, action: string, cause: unknown): S3StoreError {
  // Worth trying again: S3 out of reach, busy or failing on its side (5xx, 429). A refusal
  // (403 AccessDenied, a missing bucket) is a setting to fix, not a passing outage.
  const status = cause instanceof S3ServiceException ? cause.$metadata.httpStatusCode : undefined;
  const temporary = !(cause instanceof S3ServiceException) || status === undefined || status >= 500 || status === 429;
  return new S3StoreError(`S3 storage (${where}) could not ${action}: ${describe(cause)}`, temporary, cause);
}

function describe(err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'}): ${err.message}`;
  if (err instanceof AggregateError && err.errors.length > 0) return describe(err.errors[0]);
  if (err instanceof Error) return `${(err as NodeJS.ErrnoException).code ?? err.name}: ${err.message}`;
  return String(err);
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (S3_BUCKET, S3_ENDPOINT...), for instances that share no disk.
 * Objects are written without an ACL, so they are as private as the bucket: the app serves them
 * itself, with the post's permissions (file/routes.ts), never by a bucket URL.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly where: string;

  constructor(
    s3: S3Config,
    /** Keys per ListObjectsV2 page (S3's own maximum is 1000); smaller only in tests of paging. */
    private readonly pageSize = 1000,
  ) {
    this.bucket = s3.bucket;
    this.where = `bucket "${s3.bucket}"${s3.endpoint ? ` at ${s3.endpoint}` : ` in ${s3.region}`}`;
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
      // Checksums only where S3 demands them: many S3-compatible servers do not understand the
      // CRC32 trailers the SDK otherwise adds to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable endpoint fails a request in seconds rather than hanging it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  get location(): string {
    return `S3 ${this.where}`;
  }

  newName(extension: string): string {
    return newStoredName(extension);
  }

  /** Answers whether the bucket can be reached with these credentials (at start, see file/routes.ts). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw failure(this.where, 'be reached (check S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials)', err);
    }
  }

  async write(storedName: string, data: Buffer | Readable): Promise<number> {
    const key = checkStoredName(storedName);
    if (Buffer.isBuffer(data)) {
      await this.attempt(`store "${key}"`, () =>
        this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length })),
      );
      return data.length;
    }
    // Streamed in parts of PART_SIZE: a large file never sits in memory whole. S3 shows an object
    // only once it is complete, and a failed multipart upload is aborted (its parts dropped).
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    let storageFailedFirst = false;
    // Both sides settle before we answer, so nothing of this write goes on in the background.
    const [fed, uploaded] = await Promise.allSettled([
      pipeline(data, counted),
      upload.done().catch((err: unknown) => {
        // The storage failed while the source still flowed: stop reading the source.
        storageFailedFirst = !counted.destroyed;
        counted.destroy();
        throw err;
      }),
    ]);
    if (storageFailedFirst && uploaded.status === 'rejected') throw failure(this.where, `store "${key}"`, uploaded.reason);
    // A failure of the source (too large, wrong type...) is the caller's to report as it is.
    if (fed.status === 'rejected') throw fed.reason;
    if (uploaded.status === 'rejected') throw failure(this.where, `store "${key}"`, uploaded.reason);
    return bytes;
  }

  async read(storedName: string): Promise<Readable | null> {
    const key = checkStoredName(storedName);
    let body: unknown;
    try {
      body = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))).Body;
    } catch (err) {
      if (isMissing(err)) return null;
      throw failure(this.where, `read "${key}"`, err);
    }
    if (!(body instanceof Readable)) throw failure(this.where, `read "${key}"`, new Error('the answer had no body stream'));
    return body;
  }

  async exists(storedName: string): Promise<boolean> {
    const key = checkStoredName(storedName);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw failure(this.where, `look up "${key}"`, err);
    }
  }

  async remove(storedName: string): Promise<void> {
    const key = checkStoredName(storedName);
    // S3 answers a missing key with success too.
    await this.attempt(`remove "${key}"`, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.attempt('list its objects', () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.pageSize })),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's idle connections (on app close). */
  close(): void {
    this.client.destroy();
  }

  private async attempt<T>(action: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      throw failure(this.where, action, err);
    }
  }
}
