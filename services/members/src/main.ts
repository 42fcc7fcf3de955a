import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, DEFAULT_TIME_ZONE, loadConfig, peopleOwners, serveService } from '@akhada/kit';
import { z } from 'zod';
import { startExpiryJob } from './app/expire-memberships.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { MembersDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), consumers, the expiry job,
// the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().default(SERVICES.members.port),
    /** How often the expiry job looks for memberships whose end date has begun (ms). */
    EXPIRY_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  }),
);
const runtime = await bootRuntime<MembersDb>({ name: 'members', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const clock = () => new Date();
const deps = { db: dbh.db, clock, timeZone: DEFAULT_TIME_ZONE, directory, people: peopleOwners(config, { logger }) };

const consumers = await startConsumers({ bus, db: dbh.db, logger });
const expiry = startExpiryJob({ ...deps, logger }, { intervalMs: config.EXPIRY_INTERVAL_MS });
const app = buildApp({ logger, verifier, readiness, ...deps });
await serveService({ app, config, runtime, consumers, onClose: [expiry.stop] });
