import { bootRuntime, loadConfig, serve } from '@akhada/kit';
import { createSmtpMailer } from './adapters/mailer.ts';
import { randomJoinCode } from './adapters/join-codes.ts';
import { createArgon2Hasher } from './adapters/password-hasher.ts';
import { loadSigningKeys, type SigningKeys } from './adapters/signing-keys.ts';
import { createAuthVerifier } from './adapters/token-verifier.ts';
import { buildApp } from './build-app.ts';
import { AuthConfig } from './config.ts';
import { migrations } from './db/migrations.ts';
import type { AuthDb } from './db/schema.ts';

const config = loadConfig(AuthConfig);

// The auth service verifies its own tokens with its own keys (no HTTP round trip to itself); they load after migrations.
let keys: SigningKeys | undefined;
const runtime = await bootRuntime<AuthDb>({
  name: 'auth',
  config,
  migrations,
  verifier: (revocations) => createAuthVerifier(() => keys!.keySet, revocations),
});
keys = await loadSigningKeys(runtime.dbh.db);

const app = buildApp({
  logger: runtime.logger,
  verifier: runtime.verifier,
  readiness: runtime.readiness,
  db: runtime.dbh.db,
  clock: () => new Date(),
  keys,
  passwords: createArgon2Hasher(),
  newJoinCode: randomJoinCode,
  mailer: createSmtpMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.MAIL_FROM }),
  appUrl: config.APP_URL,
});
await serve({ app, port: config.PORT, host: config.HOST, logger: runtime.logger, onClose: runtime.closers });
