import type { Config } from '../config';
import { localStorage, type Storage, uploadsFolder } from './storage';

/**
 * The storage the settings choose: the bucket when S3_BUCKET is set, the local folder otherwise.
 * The S3 client loads only with a bucket: the default start does not pay for it.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return localStorage(uploadsFolder(config.dataDir));
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(config.s3);
}
