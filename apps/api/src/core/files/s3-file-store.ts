import { Readable } from 'node:stream';
import type { FileStore } from './file-store.ts';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, OSS…): `S3_*` in the environment. */
export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `bucket` in the path (`https://host/bucket/key`), as most S3-compatible servers want, or in the host name. */
  forcePathStyle: boolean;
};

const isMissing = (error: unknown) => {
  const failure = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects of one bucket, named by their storage key. A PutObject is atomic (a reader sees
 * the whole object or none), which is the store's promise. The client is made once per settings
 * object (a process's configuration) and keeps its connections; its credentials stay inside it. The SDK
 * is loaded on the first file, not at the server's start: it is large, and most installations store
 * files on disk.
 */
export const s3FileStore: (settings: S3Settings) => FileStore = (() => {
  const stores = new WeakMap<S3Settings, FileStore>();
  return (settings) => {
    const known = stores.get(settings);
    if (known) return known;
    const connect = async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const client = new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // The SDK's default CRC checksums on every request are refused by many S3-compatible servers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    };
    let connection: ReturnType<typeof connect> | undefined;
    const s3 = () => (connection ??= connect());
    const Bucket = settings.bucket;
    const store: FileStore = {
      async put(key, bytes) {
        const { sdk, client } = await s3();
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
      },
      async get(key) {
        const { sdk, client } = await s3();
        try {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
          return object.Body instanceof Readable ? object.Body : null;
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      },
      async delete(key) {
        // S3 answers 204 for a key with nothing stored: no error, as the store promises.
        const { sdk, client } = await s3();
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      },
    };
    stores.set(settings, store);
    return store;
  };
})();
