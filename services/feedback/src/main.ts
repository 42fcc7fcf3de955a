import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { FeedbackDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), consumers of
// members', trainers' and auth's events, the app, serve, close.
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.feedback.port) }));
const runtime = await bootRuntime<FeedbackDb>({ name: 'feedback', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock: () => new Date() });
await serveService({ app, config, runtime, consumers });
