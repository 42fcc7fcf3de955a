import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, periodicJob, serveService } from '@akhada/kit';
import { z } from 'zod';
import { flagExpiringCertifications } from './app/flag-expiring-certifications.ts';
import { buildApp } from './build-app.ts';
import { startConsumers } from './consumers/start-consumers.ts';
import { migrations } from './db/migrations.ts';
import type { TrainersDb } from './db/schema.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), consumers of other
// services' events, the certification-expiry job, the app, serve, close.
const config = loadConfig(
  BaseConfig.extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.trainers.port),
    /** How often the certification-expiry job runs (every instance runs it; they share the work safely). */
    CERTIFICATION_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  }),
);
const runtime = await bootRuntime<TrainersDb>({ name: 'trainers', config, migrations });
const { logger, verifier, readiness, directory, dbh, bus } = runtime;
const clock = () => new Date();

const consumers = await startConsumers({ bus, db: dbh.db, logger });

const expiryJob = periodicJob({
  name: 'certification expiry',
  intervalMs: config.CERTIFICATION_JOB_INTERVAL_MS,
  logger,
  run: async () => {
    const raised = await flagExpiringCertifications({ db: dbh.db, clock });
    if (raised > 0) logger.info({ raised }, 'certification expiry warnings raised');
  },
});

const app = buildApp({ logger, verifier, readiness, directory, db: dbh.db, clock });
await serveService({ app, config, runtime, consumers, onClose: [() => expiryJob.stop()] });
