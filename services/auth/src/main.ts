import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { createSmtpMailer } from './app/mailer.ts';
import { loadSigningKeys } from './app/signing-keys.ts';
import { createAuthVerifier } from './app/verifier.ts';
import { migrations } from './db/migrations.ts';
import type { AuthDb } from './db/schema.ts';

const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().default(SERVICES.auth.port),
    APP_URL: z.url().default('http://localhost:8080'),
    SMTP_HOST: z.string().default('127.0.0.1'),
    SMTP_PORT: z.coerce.number().int().default(2525),
    MAIL_FROM: z.string().default('Akhada <no-reply@akhada.local>'),
  }),
);

// The auth service verifies its own tokens with its own keys (no HTTP round trip to itself); they load after migrations.
let keys: Awaited<ReturnType<typeof loadSigningKeys>> | undefined;
const runtime = await bootRuntime<AuthDb>({
  name: 'auth',
  config,
  migrations,
  verifier: (revocations) => createAuthVerifier(() => keys!.keySet, revocations),
});
keys = await loadSigningKeys(runtime.dbh.db);

const app = buildApp(runtime, {
  db: runtime.dbh.db,
  keys,
  mailer: createSmtpMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.MAIL_FROM }),
  appUrl: config.APP_URL,
  clock: () => new Date(),
});
await serve({ app, port: config.PORT, host: config.HOST, logger: runtime.logger, onClose: runtime.closers });
