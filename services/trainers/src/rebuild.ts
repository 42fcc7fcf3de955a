import { BaseConfig, createDb, loadConfig, migrate } from '@akhada/kit';
import { z } from 'zod';
import { migrations } from './db/migrations.ts';
import type { TrainersDb } from './db/schema.ts';
import { PROJECTIONS, rebuild, type ProjectionName } from './projections/rebuild.ts';

/** `npm run rebuild -w services/trainers -- trainers`: replays the event store into the read tables. */
const wanted = process.argv.slice(2);
if (wanted.length === 0 || wanted.some((n) => !(PROJECTIONS as readonly string[]).includes(n))) {
  console.error(`Usage: npm run rebuild -w services/trainers -- <${PROJECTIONS.join('|')}>...`);
  process.exit(64);
}

const config = loadConfig(BaseConfig.pick({ DATABASE_URL: true }).extend({ DB_SCHEMA: z.string().default('trainers') }));
const dbh = createDb<TrainersDb>({ url: config.DATABASE_URL, schema: config.DB_SCHEMA });
try {
  await migrate(dbh, migrations);
  for (const name of wanted as ProjectionName[]) {
    const started = Date.now();
    const { events, rows } = await rebuild(dbh.db, name);
    console.log(`rebuilt ${name}: ${events} events replayed, ${rows} rows, ${Date.now() - started} ms`);
  }
} finally {
  await dbh.close();
}
