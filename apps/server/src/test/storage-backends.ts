import fs from 'node:fs';
import path from 'node:path';
import { uploadsFolder } from '../platform/storage';
import { startS3Server } from './s3';

/** Every file under a folder, as storage keys (sorted). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The places the app can keep uploaded files, for suites that must hold for each: the environment
 * an app is started with, and what the place holds (the keys stored, sorted) given the app's data
 * folder — so a test can tell whether an upload left a file behind.
 */
export interface StorageBackend {
  name: string;
  start(): Promise<{ env: Record<string, string>; stored(dataDir: string): Promise<string[]>; close(): Promise<void> }>;
}

export const STORAGE_BACKENDS: StorageBackend[] = [
  {
    name: 'local folder',
    start: async () => ({ env: {}, stored: async (dataDir) => filesUnder(uploadsFolder(dataDir)), close: async () => undefined }),
  },
  {
    name: 'S3-compatible bucket',
    async start() {
      const s3 = await startS3Server();
      return { env: s3.env, stored: () => s3.keys(), close: () => s3.close() };
    },
  },
];
