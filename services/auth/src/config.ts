import { SERVICES } from '@akhada/contracts';
import { BaseConfig } from '@akhada/kit';
import { StorageEnvShape } from '@akhada/kit/storage';
import { z } from 'zod';

export const AuthConfig = BaseConfig.extend({
  PORT: z.coerce.number().int().default(SERVICES.auth.port),
  APP_URL: z.url().default('http://localhost:8080'),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(2525),
  MAIL_FROM: z.string().default('Akhada <no-reply@akhada.local>'),
  /** Key material for secrets at rest (authenticator secrets). Set it in production; the default is for development. */
  SECRETS_KEY: z.string().min(16).default('akhada-development-secrets-key'),
  /** Profile pictures: STORAGE=local (this folder) or STORAGE=s3 (the kit's S3 settings, under `auth/`). */
  ...StorageEnvShape,
  AUTH_STORAGE_DIR: z.string().min(1).default('.data/auth-files'),
});
export type AuthConfig = z.infer<typeof AuthConfig>;
