// Creates the Kafka topics (never auto-created) on KAFKA_BROKERS; used by docker-compose's one-shot init container.
import { topicSpecs } from '@akhada/contracts';
import { ensureTopics } from './kafka.ts';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
await ensureTopics(brokers, topicSpecs());
console.error(
  `[infra] topics ready on ${brokers.join(',')}: ${topicSpecs()
    .map((t) => `${t.topic}(${t.numPartitions})`)
    .join(' ')}`,
);
