import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { migrations } from './db/migrations.ts';
import type { SchedulingDb } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), the app, serve, close
// (consumers of other services' events: startConsumerGroups, passed to serveService).
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.scheduling.port) }));
const runtime = await bootRuntime<SchedulingDb>({ name: 'scheduling', config, migrations });
const { logger, verifier, readiness, dbh } = runtime;
const app = buildApp({ logger, verifier, readiness, db: dbh.db, clock: () => new Date() });
await serveService({ app, config, runtime, consumers: [] });
