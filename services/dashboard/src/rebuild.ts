import { BaseConfig, createDb, createEventBus, createLogger, loadConfig, migrate } from '@akhada/kit';
import { z } from 'zod';
import { migrations } from './db/migrations.ts';
import type { DashboardDb } from './db/schema.ts';
import { rebuildReadModel } from './consumers/rebuild.ts';

process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

/** `npm run rebuild -w services/dashboard`: replays the source topics (SOURCES in consumers/start-consumers.ts) into the read model. */
const config = loadConfig(BaseConfig.pick({ DATABASE_URL: true, KAFKA_BROKERS: true, LOG_LEVEL: true }).extend({ DB_SCHEMA: z.string().default('dashboard') }));
const logger = createLogger('dashboard-rebuild', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
const dbh = createDb<DashboardDb>({ url: config.DATABASE_URL, schema: config.DB_SCHEMA });
const bus = createEventBus({ clientId: `dashboard-rebuild-${process.pid}`, brokers: config.KAFKA_BROKERS, logger });
try {
  await migrate(dbh, migrations);
  const started = Date.now();
  const { events, rows } = await rebuildReadModel({ db: dbh.db, databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, bus, logger });
  console.log(`rebuilt the dashboard read model: ${events} events applied, ${JSON.stringify(rows)}, ${Date.now() - started} ms`);
} finally {
  await bus.disconnect();
  await dbh.close();
}
