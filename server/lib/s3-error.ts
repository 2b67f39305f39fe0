/**
 * A failure of the object storage (modules/file/s3-store.ts), worded for the operator who reads the log (never
 * sent to clients). Apart from the store so that telling it from other errors (temporary-failure.ts)
 * does not load the AWS SDK into instances that keep their files on disk.
 */
export class S3StoreError extends Error {
  /** Worth trying again: S3 out of reach, busy or failing on its side; not a setting to fix. */
  readonly temporary: boolean;
  constructor(message: string, temporary: boolean, cause: unknown) {
    super(message, { cause });
    this.name = 'S3StoreError';
    this.temporary = temporary;
  }
}
