import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, DEFAULT_TIME_ZONE, loadConfig, serveService } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { DashboardDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), the consumers
// of the other services' topics that build the read model, the app, serve, close.
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.dashboard.port) }));
const runtime = await bootRuntime<DashboardDb>({ name: 'dashboard', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock: () => new Date(), timeZone: DEFAULT_TIME_ZONE, paymentsLive: true });
await serveService({ app, config, runtime, consumers });
