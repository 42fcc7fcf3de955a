import { TOPICS } from '@akhada/contracts';
import { ensureTopics } from '../kafka.ts';

/**
 * Integration tests talk to the real broker that `npm test` started (KAFKA_BROKERS). Topics are never auto-created,
 * so the suite creates them first, exactly as `npm start` does.
 */
export default async function setup(): Promise<void> {
  const brokers = process.env.KAFKA_BROKERS;
  if (!brokers || !process.env.DATABASE_URL) {
    throw new Error('Integration tests need DATABASE_URL and KAFKA_BROKERS. Run `npm test`, which starts PostgreSQL and Kafka and sets both.');
  }
  await ensureTopics(brokers.split(','), TOPICS);
}
