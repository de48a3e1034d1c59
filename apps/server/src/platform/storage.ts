import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './crypto';
import { validationError } from './errors';
import type { UploadedFile } from './form';

/**
 * File storage behind a small interface: a local folder under DATA_DIR by default. An
 * S3-compatible implementation plugs in here without touching callers.
 */
export interface Storage {
  put(folder: string, file: UploadedFile): Promise<string>;
  read(key: string): Promise<Buffer | null>;
  /** Removes stored files for good; a key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
}

export function localStorage(root: string): Storage {
  /** The file a key names, or null for a key that would leave the storage folder. */
  const fileOf = (key: string) => {
    const target = path.resolve(root, key);
    return target.startsWith(path.resolve(root) + path.sep) ? target : null;
  };
  return {
    async put(folder, file) {
      const ext = path.extname(file.filename).toLowerCase().replace(/[^.a-z0-9]/g, '');
      const key = `${folder}/${randomToken(16)}${ext}`;
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.data);
      return key;
    },
    async read(key) {
      const target = fileOf(key);
      return target ? fs.readFile(target).catch(() => null) : null;
    },
    async remove(keys) {
      for (const key of keys) {
        const target = fileOf(key);
        if (target) await fs.rm(target, { force: true });
      }
    },
  };
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Checks an uploaded image by extension, declared type and size; the field gets the error. */
export function assertImage(field: string, file: UploadedFile): void {
  const type = IMAGE_TYPES[path.extname(file.filename).toLowerCase()];
  if (!type) throw validationError({ [field]: ['The file must be a PNG, JPEG, WebP, SVG or ICO image.'] });
  if (file.data.length > MAX_IMAGE_BYTES) throw validationError({ [field]: ['The image may not be larger than 2 MB.'] });
}

export function contentTypeOf(key: string): string {
  return IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
