import { z } from 'zod';
import { localStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { s3Storage } from './s3-storage.ts';

/**
 * The storage settings, the same for every service that keeps files (extend a service's config with them):
 * `STORAGE=local` (default; a folder per service) or `STORAGE=s3` with the bucket's address and keys.
 */
export const StorageEnvShape = {
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible endpoint (the stand-in in development: `npm run -w @akhada/infra s3-standin`); unset for AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('ap-south-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (`endpoint/bucket/key`); on by default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
};
export type StorageEnv = z.infer<z.ZodObject<typeof StorageEnvShape>>;

/**
 * The store a service's config asks for. `localDir` is the service's folder for `STORAGE=local`; `prefix` (e.g.
 * `chat/`) keeps its objects apart in a shared bucket. STORAGE=s3 without bucket or keys stops the service at start.
 */
export const storageFromConfig = (config: StorageEnv, { localDir, prefix }: { localDir: string; prefix: string }): ObjectStorage => {
  if (config.STORAGE === 'local') return localStorage(localDir);
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !config[k]);
  if (missing.length) throw new Error(`STORAGE=s3 needs ${missing.join(', ')}`);
  return s3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix,
  });
};
