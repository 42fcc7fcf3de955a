import { randomBytes } from 'node:crypto';

/**
 * Where integration tests find real Postgres and Kafka: DATABASE_URL / KAFKA_BROKERS, set by `npm test` (as in CI) or
 * by the integration suite's global setup, which starts containers through testcontainers when a container runtime
 * exists (see containers.ts). Anything else is a loud failure saying what to run — never a silent skip.
 */
export const testInfra = async (): Promise<{ databaseUrl: string; brokers: string[] }> => {
  const databaseUrl = process.env.DATABASE_URL;
  const brokers = process.env.KAFKA_BROKERS;
  if (databaseUrl && brokers) return { databaseUrl, brokers: brokers.split(',') };
  throw new Error(
    'Integration tests need PostgreSQL and Kafka. Run them through `npm test` (it starts both), or set DATABASE_URL and KAFKA_BROKERS, or run on a host with a container runtime (testcontainers).',
  );
};

/** A fresh schema name per test file, so files run in parallel without touching each other's tables. */
export const uniqueSchema = (prefix: string): string => `${prefix}_t${randomBytes(4).toString('hex')}`;

export const dropSchema = async (databaseUrl: string, schema: string): Promise<void> => {
  const { default: pg } = await import('pg'); // lazily: `@akhada/kit/testing` must load no I/O library for decider tests
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
};
