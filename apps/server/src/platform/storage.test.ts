import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { STORAGE_BACKENDS } from '../test/storage-backends';
import { openStorage } from './open-storage';
import { type Storage, withStoredFiles } from './storage';

const PDF = '%PDF-1.4\n%%EOF\n';
const file = (data: Buffer | string = PDF, filename = 'a.pdf') => ({
  filename,
  mimetype: 'application/pdf',
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
});

/** One behaviour for every place files are kept: the local folder and an S3-compatible bucket. */
describe.each(STORAGE_BACKENDS)('storage in a $name', (backend) => {
  let storage: Storage;
  let stored: () => Promise<string[]>;
  let dataDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await backend.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    storage = await openStorage(readConfig({ ...started.env, DATA_DIR: dataDir }));
    stored = () => started.stored(dataDir);
    close = started.close;
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a file under an unguessable key in its folder, keeping a plain extension, and gives it back whole and streamed', async () => {
    const key = await storage.put('documents', file(PDF, 'Passport Scan.PDF'));
    expect(key).toMatch(/^documents\/[A-Za-z0-9_-]{22}\.pdf$/);
    expect(await storage.put('documents', file(PDF, 'Passport Scan.PDF'))).not.toBe(key);
    expect((await storage.read(key))?.toString()).toBe(PDF);
    const stream = await storage.open(key);
    expect((await buffer(stream!)).toString()).toBe(PDF);
    expect(await stored()).toContain(key);
  });

  it('keeps a file larger than one upload part byte for byte', async () => {
    const large = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < large.length; i += 4096) large.writeUInt32BE(i, i);
    const key = await storage.put('documents', file(large, 'large.bin'));
    expect((await storage.read(key))!.equals(large)).toBe(true);
    expect((await buffer((await storage.open(key))!)).equals(large)).toBe(true);
  });

  it('answers null for a key that names nothing, and for one that is not a key', async () => {
    const key = await storage.put('branding', file('<svg/>', 'logo.svg'));
    for (const missing of [
      'documents/none.pdf',
      `branding/../${key}`,
      `../${key}`,
      `/${key}`,
      `branding//${key.split('/')[1]}`,
      'branding/..',
      '',
    ]) {
      expect(await storage.read(missing), missing).toBeNull();
      expect(await storage.open(missing), missing).toBeNull();
    }
  });

  it('removes files for good; a key already gone, or not a key, is not an error', async () => {
    const keys = [await storage.put('documents', file()), await storage.put('documents', file())];
    const kept = await storage.put('documents', file());
    fs.writeFileSync(path.join(dataDir, 'outside'), 'not stored');
    await storage.remove([...keys, 'documents/already-gone.pdf', '../outside']);
    expect(fs.existsSync(path.join(dataDir, 'outside'))).toBe(true);
    for (const key of keys) expect(await storage.read(key)).toBeNull();
    expect(await storage.read(kept)).not.toBeNull();
    const left = await stored();
    expect(left).toContain(kept);
    for (const key of keys) expect(left).not.toContain(key);
  });

  it('removes the files of a step that succeeded inside an outer transaction that failed', async () => {
    const before = await stored();
    const failed = withStoredFiles(storage, async (outer) => {
      await withStoredFiles(outer, (inner) => inner.put('documents', file()));
      await outer.put('documents', file());
      throw new Error('the transaction rolled back');
    });
    await expect(failed).rejects.toThrow('the transaction rolled back');
    expect(await stored()).toEqual(before);
    const kept = await withStoredFiles(storage, (tracked) => tracked.put('documents', file()));
    expect(await stored()).toEqual([...before, kept].sort());
  });
});

describe('S3 settings', () => {
  const s3 = (env: Record<string, string>) => readConfig({ DATA_DIR: os.tmpdir(), ...env }).s3;

  it('keep files in the local folder unless a bucket is named', () => {
    expect(s3({})).toBeUndefined();
  });

  it('read a bucket on AWS with the SDK’s own credentials, and a self-hosted server by its address and path', () => {
    expect(s3({ S3_BUCKET: 'platform-uploads', S3_REGION: 'eu-west-2' })).toEqual({
      bucket: 'platform-uploads',
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    expect(
      s3({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://minio.internal:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toEqual({
      bucket: 'uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(s3({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example.test', S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
  });

  it('stop the start on a setting that cannot be read, naming the setting and never the secret', () => {
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'http://minio.internal:9000' }, /S3_ENDPOINT is set but S3_BUCKET is not/],
      [{ S3_BUCKET: 'Uploads_Bucket' }, /S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio.internal:9000' }, /S3_ENDPOINT must be the server's http\(s\) address/],
      [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example.test/uploads' }, /S3_ENDPOINT must be/],
      [{ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'hunter2-secret' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    ];
    for (const [env, message] of refusals) {
      expect(() => s3(env), JSON.stringify(env)).toThrow(message);
      try {
        s3(env);
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2-secret');
      }
    }
  });
});
