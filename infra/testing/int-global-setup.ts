import { topicSpecs } from '@akhada/contracts';
import { startTestContainers } from '@akhada/kit/testing';
import { ensureTopics } from '../dev/kafka.ts';

/**
 * Integration tests talk to a real PostgreSQL and a real Kafka broker: the ones `npm test` started (DATABASE_URL,
 * KAFKA_BROKERS), else containers through testcontainers where a container runtime exists, else a loud failure.
 * Topics are never auto-created, so the suite creates them first, exactly as `npm start` does.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  // Integration tests publish events of made-up gyms; their own namespace keeps them out of development topics.
  process.env.AKHADA_TOPIC_NAMESPACE ??= 'it';
  let stop: (() => Promise<void>) | undefined;
  if (!process.env.DATABASE_URL || !process.env.KAFKA_BROKERS) {
    try {
      const started = await startTestContainers();
      process.env.DATABASE_URL = started.databaseUrl;
      process.env.KAFKA_BROKERS = started.brokers.join(',');
      stop = started.stop;
    } catch (err) {
      throw new Error(
        `Integration tests need PostgreSQL and Kafka. Run \`npm test\` (it starts both), or set DATABASE_URL and KAFKA_BROKERS. ` +
          `No container runtime was usable for testcontainers either: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }
  await ensureTopics(process.env.KAFKA_BROKERS!.split(','), topicSpecs());
  return stop;
}
