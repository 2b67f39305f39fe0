import type { Config } from '../../config';
import { LocalFileStore, type FileStore } from './store';

/** The file store the configuration names: S3-compatible storage when S3_BUCKET is set, else FILES_DIR. */
export function openFileStore(config: Pick<Config, 'filesDir' | 's3'>): FileStore {
  if (config.s3) throw new Error('S3 storage is not built yet');
  return new LocalFileStore(config.filesDir);
}
