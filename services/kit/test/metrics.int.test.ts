// The operators' figures (issue 7): outbox backlog and age, dead letters, consumer lag per partition and event-store
// append latency, read when /metrics is scraped, against the real PostgreSQL and Kafka.
import { topicOf } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { createEventBus, type EventBus } from '../src/events/kafka.ts';
import { createLogger } from '../src/logger.ts';
import { observeAppend, partitionLag, renderMetrics, trackConsumerGroup, trackServiceTables, useOffsetsAdmin } from '../src/metrics/metrics.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

const logger = createLogger('kit-metrics-test', 'silent');
const schema = uniqueSchema('metrics');
let dbh: DbHandle<KitTables>;
let bus: EventBus;
let databaseUrl: string;
const stops: (() => unknown)[] = [];

/** The value of one series in the scrape, or undefined when absent. */
const series = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

beforeAll(async () => {
  const infra = await testInfra();
  databaseUrl = infra.databaseUrl;
  dbh = createDb<KitTables>({ url: databaseUrl, schema });
  await migrate(dbh, {});
  bus = createEventBus({ clientId: `metrics-test-${randomUUID()}`, brokers: infra.brokers, logger });
  stops.push(
    trackServiceTables(schema, dbh.pool),
    useOffsetsAdmin(() => bus.offsetsAdmin()),
  );
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await bus?.disconnect();
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('metrics read at scrape time', () => {
  it('reports the outbox backlog, the age of its oldest unsent row and the dead letters of the schema', async () => {
    const empty = (await renderMetrics()).body;
    expect(series(empty, 'outbox_unsent', { schema })).toBe(0);
    expect(series(empty, 'outbox_oldest_unsent_age_seconds', { schema })).toBe(0);
    expect(series(empty, 'inbox_dead_letters', { schema })).toBe(0);

    const row = () => ({ event_id: randomUUID(), topic: 't', key: 'k', payload: JSON.stringify({}) });
    await dbh.db
      .insertInto('outbox')
      .values([{ ...row(), created_at: new Date(Date.now() - 90_000) }, row(), { ...row(), sent_at: new Date() }])
      .execute();
    await dbh.db
      .insertInto('dead_letters')
      .values({ consumer: 'c', event_id: null, topic: 't', partition: 0, offset: '1', payload: '{}', error: 'boom', attempts: 5 })
      .execute();
    const text = (await renderMetrics()).body;
    expect(series(text, 'outbox_unsent', { schema })).toBe(2);
    expect(series(text, 'outbox_oldest_unsent_age_seconds', { schema })).toBeGreaterThanOrEqual(89);
    expect(series(text, 'inbox_dead_letters', { schema })).toBe(1);
  });

  it('reports a consumer group’s lag per partition: end offset minus committed offset', async () => {
    const topic = topicOf('feedback');
    const groupId = `metrics-lag-${randomUUID()}`;
    const key = randomUUID();
    await bus.publish([1, 2, 3].map((i) => ({ topic, key, value: JSON.stringify({ i }), headers: {} })));
    stops.push(trackConsumerGroup(groupId, [topic]));

    const admin = bus.offsetsAdmin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(topic);
      // Nothing committed: the whole partition is lag.
      const before = (await renderMetrics()).body;
      const prefixed = before.match(new RegExp(`kafka_consumer_lag\\{[^}]*group="([^"]*${groupId})"`))?.[1];
      expect(prefixed).toBeDefined();
      for (const e of ends)
        expect(series(before, 'kafka_consumer_lag', { group: prefixed!, topic, partition: String(e.partition) })).toBe(Number(e.high) - Number(e.low));
      // The group commits everything but two messages of the partition that holds ours.
      const busy = ends.find((e) => Number(e.high) - Number(e.low) >= 3)!;
      await admin.setOffsets({
        groupId: prefixed!,
        topic,
        partitions: ends.map((e) => ({ partition: e.partition, offset: e.partition === busy.partition ? String(Number(e.high) - 2) : e.high })),
      });
      const after = (await renderMetrics()).body;
      for (const e of ends)
        expect(series(after, 'kafka_consumer_lag', { group: prefixed!, topic, partition: String(e.partition) })).toBe(e.partition === busy.partition ? 2 : 0);
    } finally {
      await admin.disconnect();
    }
  });

  it('computes lag from the start of the partition when the group has committed nothing', () => {
    expect(partitionLag({ high: '10', low: '4' }, '-1')).toBe(6);
    expect(partitionLag({ high: '10', low: '4' }, '7')).toBe(3);
    expect(partitionLag({ high: '10', low: '4' }, undefined)).toBe(6);
  });

  it('keeps the event-store append latency as a histogram', async () => {
    observeAppend(0.004);
    observeAppend(0.03);
    const text = (await renderMetrics()).body;
    expect(series(text, 'event_store_append_seconds_count', {})).toBeGreaterThanOrEqual(2);
    expect(series(text, 'event_store_append_seconds_bucket', { le: '0.005' })).toBeGreaterThanOrEqual(1);
  });
});
