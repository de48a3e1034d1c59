import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import { isStorageKey, newStorageKey, type Storage } from './storage';

/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), shared by every instance
 * of the app (decision 0065). Uploads go up through the SDK's multipart upload, in 5 MB parts once a
 * file is larger than one; downloads stream from the bucket through the app, which keeps the
 * permission check and the same-origin address. The client logs nothing, so neither the secret
 * nor a signature reaches the logs.
 */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the API requires one: S3-compatible servers other than AWS do not all
    // take the SDK's newer default (a CRC32 trailer on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request in seconds rather than holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;

  const open = async (key: string): Promise<Readable | null> => {
    if (!isStorageKey(key)) return null;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  };

  return {
    async put(folder, file) {
      const key = newStorageKey(folder, file.filename);
      await new Upload({ client, params: { Bucket, Key: key, Body: file.data, ContentType: file.mimetype } }).done();
      return key;
    },
    async read(key) {
      const body = await open(key);
      return body && buffer(body);
    },
    open,
    async remove(keys) {
      const valid = keys.filter(isStorageKey);
      for (let start = 0; start < valid.length; start += DELETE_BATCH) {
        const Objects = valid.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const { Errors } = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        if (Errors?.length)
          throw new Error(`The bucket kept ${Errors.length} of the files to remove (${Errors[0].Code}: ${Errors[0].Key}).`);
      }
    },
  };
}
