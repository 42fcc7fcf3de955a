import { CHAT_LINK_TTL_SECONDS, SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { createLinkSigner } from './adapters/link-signer.ts';
import { localStorage } from './adapters/storage.ts';
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
    /**
     * Where attachments are kept: `local` (a folder, development) or `s3` (an S3-compatible store; the interface is
     * ready in adapters/storage.ts, the S3 implementation is not written yet).
     */
    CHAT_STORAGE: z.enum(['local']).default('local'),
    CHAT_STORAGE_DIR: z.string().min(1).default('.data/chat-files'),
    /** The HMAC key of attachment links; every instance of the service needs the same one. */
    CHAT_LINK_SECRET: z.string().min(32).default('development-only-chat-link-secret-change-me-in-production'),
  }),
);
if (process.env.NODE_ENV === 'production' && config.CHAT_LINK_SECRET.startsWith('development-only')) {
  throw new Error('CHAT_LINK_SECRET must be set in production');
}
const runtime = await bootRuntime<ChatDb>({ name: 'chat', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const app = buildApp({
  logger,
  verifier,
  readiness,
  directory,
  db: dbh.db,
  clock: () => new Date(),
  storage: localStorage(config.CHAT_STORAGE_DIR),
  signer: createLinkSigner({ secret: config.CHAT_LINK_SECRET, ttlSeconds: CHAT_LINK_TTL_SECONDS }),
});
await serve({ app, port: config.PORT, host: config.HOST, logger, onClose: [...consumers.map((c) => () => c.stop()), ...runtime.closers] });
