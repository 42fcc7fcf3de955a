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
  /** SMS codes go through the messaging provider notifications uses (WhatsApp Cloud API; the local stand-in by default). */
  WHATSAPP_API_URL: z.url().default('http://127.0.0.1:8026'),
  WHATSAPP_API_VERSION: z.string().default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().default('100000000000001'),
  WHATSAPP_TOKEN: z.string().default('dev-whatsapp-token'),
  /** Google sign-in (OpenID Connect): on when a client id is set; the issuer is Google's unless a stand-in is named. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** The app's callback page registered with Google (default: APP_URL + /auth/google/callback). */
  GOOGLE_REDIRECT_URL: z.url().optional(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;
