import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { z } from 'zod';
import { createStaffDirectory } from './adapters/staff-directory.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import { announceFormCodes } from './db/public-form-repo.ts';
import type { EnquiriesDb } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay, directory), the app, serve,
// close, and the consumers of members' (a converted lead joins) and attendance's (trial visits) events.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.enquiries.port),
    /** Auth's address(es), for staff added a moment ago (their name not here yet). */
    AUTH_URL: z.string().min(1).default(`http://127.0.0.1:${SERVICES.auth.port}`),
  }),
);
const runtime = await bootRuntime<EnquiriesDb>({ name: 'enquiries', config, migrations });
const { logger, verifier, readiness, dbh, directory, bus } = runtime;
const consumers = await startConsumers({ bus, db: dbh.db, logger });
// Forms' codes made before they were announced, or by an instance that stopped before announcing, go out once now.
await announceFormCodes(dbh.db, new Date());
const staffDirectory = createStaffDirectory({ authUrl: config.AUTH_URL, trainersUrl: config.TRAINERS_URL, logger });
const app = buildApp({ logger, verifier, readiness, db: dbh.db, clock: () => new Date(), directory, staffDirectory });
await serveService({ app, config, runtime, consumers });
