import fs from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from './crypto';
import { validationError } from './errors';
import type { UploadedFile } from './form';
import { sanitizeSvg } from './sanitize';

/**
 * File storage behind a small interface: a local folder under DATA_DIR by default, or an
 * S3-compatible bucket when S3_BUCKET is set (platform/s3-storage.ts, decision 0065). Callers never
 * know which; every instance of the app on one bucket sees the same files.
 */
export interface Storage {
  /** Stores a file under a new key in the folder, named by a random token and the file's extension. */
  put(folder: string, file: UploadedFile): Promise<string>;
  /** A stored file's bytes, or null when the key names nothing: for work on the whole file (stamping a PDF). */
  read(key: string): Promise<Buffer | null>;
  /** A stored file as a stream, or null when the key names nothing: what downloads send, holding one chunk at a time. */
  open(key: string): Promise<Readable | null>;
  /** Removes stored files for good; a key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
}

/**
 * A key as `put` makes them: a folder, then a file name, of letters, digits, '.', '_' and '-' with
 * no '.' or '..' segment. Keys also come from addresses (`/api/files/branding/:name`); one that
 * could climb out of its folder — on disk, or in a bucket behind a server that normalises paths —
 * names nothing.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && key.split('/').every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && !/^\.\.?$/.test(segment));
}

/** The key a new file is stored under: unguessable, keeping only a plain extension of the uploaded name. */
export function newStorageKey(folder: string, filename: string): string {
  const ext = path
    .extname(filename)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  return `${folder}/${randomToken(16)}${ext}`;
}

/** The folder under DATA_DIR that keeps uploaded files when no bucket is configured. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads');

export function localStorage(root: string): Storage {
  /** The file a key names, or null for a key that is not one. */
  const fileOf = (key: string) => (isStorageKey(key) ? path.join(root, key) : null);
  return {
    async put(folder, file) {
      const key = newStorageKey(folder, file.filename);
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.data);
      return key;
    },
    async read(key) {
      const target = fileOf(key);
      return target ? fs.readFile(target).catch(() => null) : null;
    },
    async open(key) {
      const target = fileOf(key);
      const handle = target ? await fs.open(target).catch(() => null) : null;
      return handle ? handle.createReadStream() : null;
    },
    async remove(keys) {
      for (const key of keys) {
        const target = fileOf(key);
        if (target) await fs.rm(target, { force: true });
      }
    },
  };
}

/**
 * Runs work that stores files and records them (the transaction that inserts their rows). If the
 * work fails, every file stored through the storage it was handed is removed again, so a refused
 * or rolled-back upload never leaves a file without its record. Nested calls share the tracking:
 * an inner step that succeeds inside an outer transaction that fails still loses its files.
 */
export async function withStoredFiles<T>(storage: Storage, work: (storage: Storage) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  const tracked: Storage = {
    ...storage,
    async put(folder, file) {
      const key = await storage.put(folder, file);
      stored.push(key);
      return key;
    },
  };
  try {
    return await work(tracked);
  } catch (error) {
    // The failure that undid the work is the one to report; a file that could not be removed is only clutter.
    await storage.remove(stored).catch(() => undefined);
    throw error;
  }
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

/**
 * Checks an uploaded image by extension and size, the field getting the error, and answers the
 * file to store: an SVG reduced to drawing (no script, handlers or outside references), since
 * whoever opens its address gets a document the browser would otherwise run.
 */
export function checkImage(field: string, file: UploadedFile): UploadedFile {
  const type = IMAGE_TYPES[path.extname(file.filename).toLowerCase()];
  if (!type) throw validationError({ [field]: ['The file must be a PNG, JPEG, WebP, SVG or ICO image.'] });
  if (file.data.length > MAX_IMAGE_BYTES) throw validationError({ [field]: ['The image may not be larger than 2 MB.'] });
  if (type !== 'image/svg+xml') return file;
  const svg = sanitizeSvg(file.data.toString('utf8'));
  if (!svg) throw validationError({ [field]: ['The file is not an SVG image.'] });
  return { ...file, data: Buffer.from(svg) };
}

/** The web font formats a firm may upload for its branding, by what the file's bytes are. */
const FONT_TYPES: Record<string, string> = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf', otf: 'font/otf' };
const MAX_FONT_BYTES = 2 * 1024 * 1024;

/** The type a file's magic bytes show (file-type, loaded with the first upload rather than with the server). */
export async function fileTypeOf(data: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(data);
}

/**
 * Checks an uploaded font by its content (not its name) and size, the field getting the error, and
 * answers the file to store, named by the format found.
 */
export async function checkFont(field: string, file: UploadedFile): Promise<UploadedFile> {
  if (file.data.length > MAX_FONT_BYTES) throw validationError({ [field]: ['The font file may not be larger than 2 MB.'] });
  const found = await fileTypeOf(file.data);
  if (!found || !FONT_TYPES[found.ext]) throw validationError({ [field]: ['The file must be a WOFF2, WOFF, TrueType or OpenType font.'] });
  return { ...file, filename: `font.${found.ext}`, mimetype: FONT_TYPES[found.ext] };
}

export function contentTypeOf(key: string): string {
  const ext = path.extname(key).toLowerCase();
  return IMAGE_TYPES[ext] ?? FONT_TYPES[ext.slice(1)] ?? 'application/octet-stream';
}

/**
 * An uploaded picture's bytes (routes declare them as `fileBody`): sandboxed, never sniffed as
 * another type, and cached only by the reader's own browser.
 */
export function sendPrivateImage(reply: FastifyReply, mimeType: string, data: Readable) {
  return reply
    .type(mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(data);
}
