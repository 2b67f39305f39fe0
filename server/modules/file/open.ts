import type { Config } from '../../config';
import { LocalFileStore, type FileStore } from './store';

/**
 * The file store the configuration names: S3-compatible storage when S3_BUCKET is set, else
 * FILES_DIR. The AWS SDK is loaded only for S3: it is a third of a second of every start otherwise.
 */
export async function openFileStore(config: Pick<Config, 'filesDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(config.filesDir);
  const { S3FileStore } = await import('./s3-store');
  return new S3FileStore(config.s3);
}
