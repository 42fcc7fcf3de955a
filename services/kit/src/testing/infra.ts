import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where integration tests find real Postgres and Kafka: DATABASE_URL / KAFKA_BROKERS (set by `npm test`, as in CI),
 * else a container runtime through testcontainers, else a loud failure saying what to run. Never a silent skip.
 */
export const testInfra = async (): Promise<{ databaseUrl: string; brokers: string[] }> => {
  const databaseUrl = process.env.DATABASE_URL;
  const brokers = process.env.KAFKA_BROKERS;
  if (databaseUrl && brokers) return { databaseUrl, brokers: brokers.split(',') };
  const fromContainers = await startContainers().catch((err: Error) => {
    throw new Error(
      `Integration tests need PostgreSQL and Kafka. Run them through \`npm test\` (it starts both), or set DATABASE_URL and KAFKA_BROKERS. ` +
        `No container runtime was usable either: ${err.message}`,
    );
  });
  return fromContainers;
};

let started: Promise<{ databaseUrl: string; brokers: string[] }> | undefined;
const startContainers = () => {
  started ??= (async () => {
    const { PostgreSqlContainer, KafkaContainer } = await loadContainers();
    const pgc = await new PostgreSqlContainer('postgres:16-alpine').start();
    const kc = await new KafkaContainer('apache/kafka:3.9.1').start();
    return { databaseUrl: pgc.getConnectionUri(), brokers: [`${kc.getHost()}:${kc.getMappedPort(9093)}`] };
  })();
  return started;
};

// testcontainers is only loaded when no DATABASE_URL/KAFKA_BROKERS are given.
const loadContainers = async (): Promise<{ PostgreSqlContainer: any; KafkaContainer: any }> => {
  const tc = (await import('testcontainers')) as unknown as { getContainerRuntimeClient: () => Promise<unknown> };
  await tc.getContainerRuntimeClient();
  throw new Error('testcontainers found a runtime, but the Postgres/Kafka modules are not installed; set DATABASE_URL and KAFKA_BROKERS');
};

/** A fresh schema name per test file, so files run in parallel without touching each other's tables. */
export const uniqueSchema = (prefix: string): string => `${prefix}_t${randomBytes(4).toString('hex')}`;

export const dropSchema = async (databaseUrl: string, schema: string): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
};
