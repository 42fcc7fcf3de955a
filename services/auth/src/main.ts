import { createSecretBox } from '@akhada/kit';
import { bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { storageFromConfig } from '@akhada/kit/storage';
import { randomJoinCode } from './adapters/join-codes.ts';
import { createGoogleOidc } from './adapters/google-oidc.ts';
import { createSmtpMailer } from './adapters/mailer.ts';
import { createWhatsAppSmsSender } from './adapters/sms-sender.ts';
import { startNotifyWorker } from './adapters/notify-worker.ts';
import { createArgon2Hasher } from './adapters/password-hasher.ts';
import { loadSigningKeys, type SigningKeys } from './adapters/signing-keys.ts';
import { createAuthVerifier } from './adapters/token-verifier.ts';
import { introspectApiKey } from './app/api-keys.ts';
import type { AuthDeps } from './app/deps.ts';
import { sendDueInvitationMails } from './app/send-invitation-mails.ts';
import { sendDueResetMails } from './app/send-reset-mails.ts';
import { buildApp } from './build-app.ts';
import { AuthConfig } from './config.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { invitationMailsChannel } from './db/invitation-mails-repo.ts';
import { migrations } from './db/migrations.ts';
import { resetMailsChannel } from './db/password-reset-mails-repo.ts';
import type { AuthDb } from './db/schema.ts';

const config = loadConfig(AuthConfig);

// The auth service verifies its own tokens with its own keys (no HTTP round trip to itself); they load after migrations.
let keys: SigningKeys | undefined;
const runtime = await bootRuntime<AuthDb>({
  name: 'auth',
  config,
  migrations,
  verifier: (revocations) =>
    createAuthVerifier(
      () => keys!.keySet,
      revocations,
      () => (secret) => introspectApiKey(deps, secret),
    ),
});
keys = await loadSigningKeys(runtime.dbh.db);

const deps: AuthDeps = {
  db: runtime.dbh.db,
  clock: () => new Date(),
  keys,
  passwords: createArgon2Hasher(),
  secrets: createSecretBox(config.SECRETS_KEY),
  newJoinCode: randomJoinCode,
  mailer: createSmtpMailer({ host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.MAIL_FROM }),
  appUrl: config.APP_URL,
  logger: runtime.logger,
  storage: storageFromConfig(config, { localDir: config.AUTH_STORAGE_DIR, prefix: 'auth/' }),
  sms: createWhatsAppSmsSender({
    baseUrl: config.WHATSAPP_API_URL,
    version: config.WHATSAPP_API_VERSION,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    token: config.WHATSAPP_TOKEN,
  }),
  google: config.GOOGLE_CLIENT_ID
    ? createGoogleOidc({
        issuerUrl: config.GOOGLE_ISSUER_URL,
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        redirectUri: config.GOOGLE_REDIRECT_URL ?? `${config.APP_URL.replace(/\/$/, '')}/auth/google/callback`,
      })
    : undefined,
};
const app = buildApp({ ...deps, verifier: runtime.verifier, readiness: runtime.readiness, directory: runtime.directory });

// Password reset mails leave after the reply: woken by NOTIFY when one is queued, polled for retries.
const resetMails = startNotifyWorker({
  pool: runtime.dbh.pool,
  channel: resetMailsChannel(runtime.dbh.schema),
  pollMs: 5_000,
  logger: runtime.logger,
  work: (isStopped) => sendDueResetMails(deps, { isStopped }),
});

// Invitation mails of members and trainers added by staff: the same kind of sender.
const invitationMails = startNotifyWorker({
  pool: runtime.dbh.pool,
  channel: invitationMailsChannel(runtime.dbh.schema),
  pollMs: 5_000,
  logger: runtime.logger,
  work: (isStopped) => sendDueInvitationMails(deps, { isStopped }),
});

// Invitations, approvals and deactivations follow the members and trainers services' events.
const consumers = await startConsumers({ bus: runtime.bus, db: runtime.dbh.db, logger: runtime.logger, clock: deps.clock });

await serveService({ app, config, runtime, consumers, onClose: [() => resetMails.stop(), () => invitationMails.stop()] });
