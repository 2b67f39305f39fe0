import { isDatabaseUnavailable } from '../db/unavailable';
import { S3StoreError } from './s3-error';

/**
 * What failed is out of reach for now and the same request may succeed shortly: the database
 * (db/unavailable.ts) or S3 storage. Answered 503 with Retry-After (app.ts); the name says which.
 */
export function temporaryFailure(err: unknown): 'database' | 'file storage' | null {
  if (err instanceof S3StoreError) return err.temporary ? 'file storage' : null;
  return isDatabaseUnavailable(err) ? 'database' : null;
}
