import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, peopleOwners, serveService } from '@akhada/kit';
import { z } from 'zod';
import { startClassClock } from './app/close-classes.ts';
import { startEventClock } from './app/event-clock.ts';
import { startPurchaseClock } from './app/purchase-clock.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { SchedulingDb } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), the app, the
// consumers of members and attendance events, the class clock (close ended classes, pass on unconfirmed places), serve.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.scheduling.port),
    /** How often ended classes are closed and unconfirmed offers passed on (ms). */
    CLASS_CLOCK_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  }),
);
const runtime = await bootRuntime<SchedulingDb>({ name: 'scheduling', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const deps = { db: dbh.db, clock: () => new Date(), directory, people: peopleOwners(config, { logger }) };
const consumers = await startConsumers({ bus, db: dbh.db, logger, packs: true });
const clock = startClassClock({ ...deps, logger }, config.CLASS_CLOCK_INTERVAL_MS);
// Paid tickets' holds lapse within a minute of running out; events past their end are ended.
const eventClock = startEventClock({ ...deps, logger }, config.CLASS_CLOCK_INTERVAL_MS);
// Online purchases (packs) unpaid after their hold are cancelled, so payments cancels their orders.
const purchaseClock = startPurchaseClock({ ...deps, logger }, config.CLASS_CLOCK_INTERVAL_MS);
const app = buildApp({ logger, verifier, readiness, ...deps });
await serveService({ app, config, runtime, consumers, onClose: [clock.stop, eventClock.stop, purchaseClock.stop] });
