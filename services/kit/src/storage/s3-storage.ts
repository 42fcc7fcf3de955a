import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, type ObjectStorage } from './object-storage.ts';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, R2, the stand-in); unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name: what most S3-compatible stores and the stand-in need. */
  forcePathStyle?: boolean;
  /** Put before every key, so several services can share one bucket (e.g. `chat/`). */
  prefix?: string;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** An S3 bucket (AWS SDK v3) as object storage; signed URLs are presigned GETs. */
export const s3Storage = (o: S3StorageOptions): ObjectStorage & { client: S3Client } => {
  const client = new S3Client({
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    region: o.region,
    forcePathStyle: o.forcePathStyle ?? !!o.endpoint,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // A store that cannot be reached fails the request quickly instead of retrying for long.
    maxAttempts: 2,
  });
  const Key = (key: string) => {
    assertSafeKey(key);
    return `${o.prefix ?? ''}${key}`;
  };
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: Key(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
    },
    async signedUrl(key, { expiresInSeconds, now }) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: o.bucket, Key: Key(key) }), {
        expiresIn: expiresInSeconds,
        ...(now ? { signingDate: now } : {}),
      });
    },
  };
};
