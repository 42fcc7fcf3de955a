import type { StartedTestContainer } from 'testcontainers';

/**
 * PostgreSQL and Kafka in containers, for hosts with a container runtime and no DATABASE_URL / KAFKA_BROKERS.
 * Fails at once (testcontainers: "Could not find a working container runtime strategy") where there is none.
 */
export const startTestContainers = async (): Promise<{ databaseUrl: string; brokers: string[]; stop(): Promise<void> }> => {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  await getContainerRuntimeClient();
  const pg = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  let kafka: StartedTestContainer | undefined;
  try {
    // The advertised address must be the one the host reaches, so the broker's port is bound to a fixed host port.
    const port = Number(process.env.TESTCONTAINERS_KAFKA_PORT ?? 29092);
    kafka = await new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts({ container: 9092, host: port })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start();
  } catch (err) {
    await pg.stop();
    throw err;
  }
  const started = kafka;
  return {
    databaseUrl: `postgres://postgres:postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    brokers: [`127.0.0.1:${Number(process.env.TESTCONTAINERS_KAFKA_PORT ?? 29092)}`],
    async stop() {
      await started.stop();
      await pg.stop();
    },
  };
};
