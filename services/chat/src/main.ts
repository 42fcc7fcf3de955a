import { CHAT_LINK_TTL_SECONDS, SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { StorageEnvShape, storageFromConfig } from '@akhada/kit/storage';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createLinkSigner } from './adapters/link-signer.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { ChatDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), the people
// consumers, file storage and link signing, the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.chat.port),
    /** Where attachments are kept: STORAGE=local (this folder) or STORAGE=s3 (the kit's S3 settings, under `chat/`). */
    ...StorageEnvShape,
    CHAT_STORAGE_DIR: z.string().min(1).default('.data/chat-files'),
    /**
     * The HMAC key of attachment links; every instance of the service needs the same one. Unset in production: a
     * random key per process (links then work only on the instance that made them), with a warning.
     */
    CHAT_LINK_SECRET: z.string().min(32).optional(),
  }),
);
const runtime = await bootRuntime<ChatDb>({ name: 'chat', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const linkSecret =
  config.CHAT_LINK_SECRET ??
  (process.env.NODE_ENV === 'production' ? randomBytes(32).toString('base64url') : 'development-only-chat-link-secret-not-for-production');
if (!config.CHAT_LINK_SECRET && process.env.NODE_ENV === 'production') {
  logger.warn('CHAT_LINK_SECRET is not set: attachment links are signed with a random key of this process only; set it for several instances');
}
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const app = buildApp({
  logger,
  verifier,
  readiness,
  directory,
  db: dbh.db,
  clock: () => new Date(),
  storage: storageFromConfig(config, { localDir: config.CHAT_STORAGE_DIR, prefix: 'chat/' }),
  signer: createLinkSigner({ secret: linkSecret, ttlSeconds: CHAT_LINK_TTL_SECONDS }),
});
await serveService({ app, config, runtime, consumers });
