import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serve } from '@akhada/kit';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './app/deps.ts';
import { buildApp } from './build-app.ts';
import { migrations } from './db/migrations.ts';
import type { MembersDb } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), the app, serve, close.
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().default(SERVICES.members.port) }));
const runtime = await bootRuntime<MembersDb>({ name: 'members', config, migrations });
const { logger, verifier, readiness, directory, dbh } = runtime;
const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock: () => new Date(), timeZone: DEFAULT_TIME_ZONE });
await serve({ app, port: config.PORT, host: config.HOST, logger, onClose: runtime.closers });
