import type { Config } from '../../config';
import { S3FileStore } from './s3-store';
import { LocalFileStore, type FileStore } from './store';

/** The file store the configuration names: S3-compatible storage when S3_BUCKET is set, else FILES_DIR. */
export function openFileStore(config: Pick<Config, 'filesDir' | 's3'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.filesDir);
}
