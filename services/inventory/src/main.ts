import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { migrations } from './db/migrations.ts';
import type { InventoryDb } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), the app, serve, close.
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.inventory.port) }));
const runtime = await bootRuntime<InventoryDb>({ name: 'inventory', config, migrations });
const { logger, verifier, readiness, dbh } = runtime;
const app = buildApp({ logger, verifier, readiness, db: dbh.db, clock: () => new Date() });
await serve({ app, port: config.PORT, host: config.HOST, logger, onClose: runtime.closers });
