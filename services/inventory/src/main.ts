import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, peopleOwners, serveService } from '@akhada/kit';
import { z } from 'zod';
import { startAlertJob } from './app/daily-alerts.ts';
import { startUnpaidSalesJob } from './app/online-sales.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { InventoryDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), consumers of
// members', trainers' and payments' events, the daily alert job, the unpaid-orders job, the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.inventory.port),
    ALERT_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  }),
);
const runtime = await bootRuntime<InventoryDb>({ name: 'inventory', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const deps = { db: dbh.db, clock: () => new Date(), directory };
const consumers = await startConsumers({ bus, db: dbh.db, logger });
const alerts = startAlertJob({ ...deps, logger }, { intervalMs: config.ALERT_INTERVAL_MS });
const unpaid = startUnpaidSalesJob({ ...deps, logger });
const app = buildApp({ logger, verifier, readiness, ...deps, people: peopleOwners(config, { logger }) });
await serveService({ app, config, runtime, consumers, onClose: [() => alerts.stop(), () => unpaid.stop()] });
