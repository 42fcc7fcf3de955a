import { consumerGroupOf } from '@akhada/contracts';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OffsetsAdmin } from '../events/kafka.ts';

/*
 * The process's Prometheus metrics (prom-client), served on the internal ops port at /metrics (never on the public
 * edge). One registry per process, labelled with the service's name:
 *
 * - default process metrics (CPU, memory, event-loop lag, GC, handles);
 * - http_request_duration_seconds{method,route,status}: every request (route = the route pattern, never the raw URL);
 * - event_store_append_seconds: event-store append latency — call `observeAppend(seconds)` around the append;
 * - kafka_consumer_lag{group,topic,partition}: end offset minus committed offset, read through the bus's admin when
 *   scraped — call `trackConsumerGroup(groupId, topics)` once per consumer group the service runs;
 * - outbox_unsent, outbox_oldest_unsent_age_seconds, inbox_dead_letters: SQL on the service's schema when scraped
 *   (registered by bootRuntime for its pool and schema).
 */

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Sets the `service` label on every series of this process (createService and bootRuntime call it). */
export const setMetricsService = (service: string): void => {
  metricsRegistry.setDefaultLabels({ service });
};

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** One HTTP request (the kit's onResponse hook calls it). */
export const observeRequest = (method: string, route: string, status: number, seconds: number): void => {
  httpRequestDuration.labels(method, route, String(status)).observe(seconds);
};

const appendDuration = new Histogram({
  name: 'event_store_append_seconds',
  help: 'Latency of appending a command’s events to the event store (the whole transaction)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [metricsRegistry],
});

/** Records one event-store append's latency: `const t = performance.now(); …; observeAppend((performance.now() - t) / 1000)`. */
export const observeAppend = (seconds: number): void => {
  appendDuration.observe(seconds);
};

/** How long a scrape waits for the broker or the database before it reports what it has. */
const SCRAPE_TIMEOUT_MS = 2_000;
const withTimeout = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took longer than ${SCRAPE_TIMEOUT_MS} ms`)), SCRAPE_TIMEOUT_MS).unref()),
  ]);

const lag = {
  groups: new Map<string, string[]>(),
  adminFactory: undefined as (() => OffsetsAdmin) | undefined,
  admin: undefined as Promise<OffsetsAdmin> | undefined,
};

/** The runtime tells the metrics where to read offsets (bootRuntime passes `() => bus.offsetsAdmin()`). */
export const useOffsetsAdmin = (factory: () => OffsetsAdmin): (() => Promise<void>) => {
  lag.adminFactory = factory;
  return async () => {
    const admin = lag.admin;
    lag.admin = undefined;
    lag.adminFactory = undefined;
    if (admin) await admin.then((a) => a.disconnect()).catch(() => undefined);
  };
};

/**
 * Reports the lag of a consumer group per partition on every scrape. `groupId` is the same id given to the bus's
 * `consumer(groupId)` (the topic namespace is applied here as there); topics are full topic names (`topicOf(...)`).
 * Returns a function that stops tracking it.
 */
export const trackConsumerGroup = (groupId: string, topics: string[]): (() => void) => {
  const group = consumerGroupOf(groupId);
  lag.groups.set(group, topics);
  return () => {
    lag.groups.delete(group);
  };
};

/** Lag per partition: what the topic holds beyond the group's committed offset (from the start when none is committed). */
export const partitionLag = (end: { high: string; low: string }, committed: string | undefined): number => {
  const high = Number(end.high);
  const from = committed !== undefined && Number(committed) >= 0 ? Number(committed) : Number(end.low);
  return Math.max(0, high - from);
};

new Gauge({
  name: 'kafka_consumer_lag',
  help: 'Messages in a partition not yet committed by the consumer group (end offset minus committed offset)',
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (lag.groups.size === 0 || !lag.adminFactory) return;
    const factory = lag.adminFactory;
    try {
      lag.admin ??= (async () => {
        const a = factory();
        await a.connect();
        return a;
      })();
      const admin = await withTimeout(lag.admin, 'connecting the Kafka admin');
      const topics = [...new Set([...lag.groups.values()].flat())];
      const ends = new Map(await withTimeout(Promise.all(topics.map(async (t) => [t, await admin.fetchTopicOffsets(t)] as const)), 'reading end offsets'));
      for (const [group, groupTopics] of lag.groups) {
        const committed = await withTimeout(admin.fetchOffsets({ groupId: group, topics: groupTopics }), 'reading committed offsets');
        for (const t of committed) {
          for (const end of ends.get(t.topic) ?? []) {
            const c = t.partitions.find((p) => p.partition === end.partition)?.offset;
            this.labels(group, t.topic, String(end.partition)).set(partitionLag(end, c));
          }
        }
      }
    } catch {
      // The broker is away: no lag series this scrape (an absent series alerts; a made-up zero would not). The next
      // scrape connects afresh; a connection still under way is closed when it lands.
      const pending = lag.admin;
      lag.admin = undefined;
      void pending?.then((a) => a.disconnect()).catch(() => undefined);
    }
  },
});

/** A service's own tables the scrape reads: its pool (search_path pinned to its schema) and the schema's name. */
export interface TableSource {
  query<R extends Record<string, unknown>>(sql: string): Promise<{ rows: R[] }>;
}
const outboxSources = new Map<string, TableSource>();

/** Reports the outbox backlog and the dead letters of a schema on every scrape; returns a function that stops it. */
export const trackServiceTables = (schema: string, pool: TableSource): (() => void) => {
  outboxSources.set(schema, pool);
  return () => {
    if (outboxSources.get(schema) === pool) outboxSources.delete(schema);
  };
};

const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

interface TableFigures {
  schema: string;
  unsent: number;
  oldestAge: number;
  deadLetters: number;
}
/** One read of every tracked schema per scrape, shared by the three gauges (each gauge collects on its own). */
let tableRead: { figures: Promise<TableFigures[]> } | undefined;
const readTables = (): Promise<TableFigures[]> => {
  if (tableRead) return tableRead.figures;
  const figures = Promise.all(
    [...outboxSources].map(async ([schema, pool]): Promise<TableFigures | undefined> => {
      try {
        const s = quoted(schema);
        const [outbox, dead] = await withTimeout(
          Promise.all([
            pool.query<{ n: number; age: number }>(
              `select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from ${s}.outbox where sent_at is null`,
            ),
            pool.query<{ n: number }>(`select count(*)::int as n from ${s}.dead_letters`),
          ]),
          'reading the outbox and dead letters',
        );
        return { schema, unsent: Number(outbox.rows[0]?.n ?? 0), oldestAge: Number(outbox.rows[0]?.age ?? 0), deadLetters: Number(dead.rows[0]?.n ?? 0) };
      } catch {
        // The database is away: /ready says so; these series are absent for this scrape.
        return undefined;
      }
    }),
  ).then((all) => all.filter((f): f is TableFigures => !!f));
  tableRead = { figures };
  return figures;
};

const tableGauge = (name: string, help: string, pick: (f: TableFigures) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['schema'] as const,
    registers: [metricsRegistry],
    async collect() {
      const figures = await readTables();
      this.reset();
      for (const f of figures) this.labels(f.schema).set(pick(f));
    },
  });
tableGauge('outbox_unsent', 'Outbox rows not yet published to Kafka', (f) => f.unsent);
tableGauge('outbox_oldest_unsent_age_seconds', 'Age of the oldest outbox row not yet published (0 when none)', (f) => f.oldestAge);
tableGauge('inbox_dead_letters', 'Consumed messages parked in dead_letters after repeated failures', (f) => f.deadLetters);

/** The text a scrape gets, and its content type. */
export const renderMetrics = async (): Promise<{ contentType: string; body: string }> => {
  tableRead = undefined; // every scrape reads the tables afresh (once, for the three gauges)
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
};
