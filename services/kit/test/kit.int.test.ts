// The kit's moving parts against the real PostgreSQL and Kafka: optimistic concurrency, the outbox relay's single
// leader and ordering, and the consumer's inbox and dead letters.
import { EventEnvelope, MemberEvents, topicOf } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError } from '../src/errors.ts';
import { createDb, migrate, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { appendToStream, readStream } from '../src/events/event-store.ts';
import { createEventBus, type EventBus } from '../src/events/kafka.ts';
import { enqueue, OutboxRelay } from '../src/events/outbox.ts';
import { defineAggregate, executeCommand } from '../src/events/aggregate.ts';
import { makeEnvelope } from '../src/events/envelope.ts';
import { on, runConsumer } from '../src/events/consumer.ts';
import { createLogger } from '../src/logger.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';
import { defineEvent } from '@akhada/contracts';

const logger = createLogger('kit-test', 'silent');
let dbh: DbHandle<KitTables>;
let bus: EventBus;
let databaseUrl: string;
let brokers: string[];
const schema = uniqueSchema('kit');
// A topic of this file's own: its garbage and poison messages must not reach the services' tests that consume the
// members topic at the same time (payments' sales test found them in its dead letters).
const TOPIC = `${topicOf('members')}.kit-test`;
const orgId = randomUUID();

const envelopeFor = (memberId: string, firstName: string) =>
  makeEnvelope(MemberEvents.MemberRegistered, {
    aggregateId: memberId,
    occurredAt: new Date().toISOString(),
    orgId,
    locationId: randomUUID(),
    correlationId: 'kit-test',
    causationId: 'kit-test',
    data: {
      memberId,
      locationId: randomUUID(),
      firstName,
      lastName: 'K',
      email: 'k@example.in',
      phone: '9876543210',
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 100,
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    },
  });

beforeAll(async () => {
  ({ databaseUrl, brokers } = await testInfra());
  dbh = createDb<KitTables>({ url: databaseUrl, schema });
  await migrate(dbh, {});
  bus = createEventBus({ clientId: `kit-test-${schema}`, brokers, logger });
  await bus.ensureTopics([{ topic: TOPIC, numPartitions: 3 }]);
});

afterAll(async () => {
  await bus?.disconnect();
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('event store', () => {
  it('appends in order and refuses a writer that read an old version', async () => {
    const stream = `test-${randomUUID()}`;
    const meta = { orgId, correlationId: 'c', causationId: 'c' };
    await dbh.db.transaction().execute((trx) => appendToStream(trx, stream, 0, [{ type: 'A' }, { type: 'B' }], meta));
    const racing = dbh.db.transaction().execute((trx) => appendToStream(trx, stream, 1, [{ type: 'C' }], meta));
    await expect(racing).rejects.toBeInstanceOf(ConcurrencyError);
    const { events, version } = await readStream(dbh.db, stream);
    expect(version).toBe(2);
    expect(events.map((e) => e.event.type)).toEqual(['A', 'B']);
  });

  it('lets exactly one of several concurrent writers win', async () => {
    const stream = `race-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        dbh.db.transaction().execute((trx) => appendToStream(trx, stream, 0, [{ type: `W${i}` }], { orgId, correlationId: 'c', causationId: 'c' })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof ConcurrencyError)).toBe(true);
  });
});

describe('snapshots', () => {
  // A counter: Add n appends Added n; the state is the sum and how many events made it.
  type S = { sum: number; events: number };
  const counter = (schemaVersion: number) =>
    defineAggregate<KitTables, { n: number }, { type: 'Added'; n: number }, S>({
      name: 'counter',
      streamId: (id) => `counter-${id}`,
      decider: {
        initialState: () => ({ sum: 0, events: 0 }),
        decide: (c) => [{ type: 'Added', n: c.n }],
        evolve: (s, e) => ({ sum: s.sum + e.n, events: s.events + 1 }),
      },
      projections: [],
      toIntegrationEvents: () => [],
      topic: TOPIC,
      snapshot: { every: 3, schema: schemaVersion },
    });
  const meta = { orgId, correlationId: 'c', causationId: 'c' };

  it('keeps a snapshot every N events and folds only the events after it, to the same state as a full fold', async () => {
    const id = randomUUID();
    const agg = counter(1);
    let last!: Awaited<ReturnType<typeof executeCommand>>;
    for (let n = 1; n <= 7; n++) last = await executeCommand(dbh.db, agg, id, { n }, meta);
    expect(last.version).toBe(7);
    expect(last.state).toEqual({ sum: 28, events: 7 });
    const snap = await dbh.db.selectFrom('snapshots').selectAll().where('stream_id', '=', `counter-${id}`).executeTakeFirstOrThrow();
    expect(snap.stream_version).toBe(6);
    expect(snap.state).toEqual({ sum: 21, events: 6 });

    // The snapshot is what the next command starts from: a doctored one shows through (proof it was read)…
    await dbh.db
      .updateTable('snapshots')
      .set({ state: JSON.stringify({ sum: 1000, events: 6 }) })
      .where('stream_id', '=', `counter-${id}`)
      .execute();
    expect((await executeCommand(dbh.db, agg, id, { n: 8 }, meta)).state).toEqual({ sum: 1015, events: 8 });
    // …and a state of another shape (schema 2) ignores it and folds the whole stream.
    expect((await executeCommand(dbh.db, counter(2), id, { n: 9 }, meta)).state).toEqual({ sum: 45, events: 9 });
    const taken = await dbh.db.selectFrom('snapshots').selectAll().where('stream_id', '=', `counter-${id}`).executeTakeFirstOrThrow();
    expect([taken.stream_version, taken.schema, taken.state]).toEqual([9, 2, { sum: 45, events: 9 }]);
  });
});

describe('outbox relay', () => {
  it('has one leader per service, publishes every row once, in order per key, and marks rows sent after the ack', async () => {
    const memberId = randomUUID();
    const seen: string[] = [];
    const listening = await bus.subscribe({
      groupId: `kit-test-${randomUUID()}`,
      topics: [TOPIC],
      from: 'now',
      onMessage: async (message) => {
        const env = EventEnvelope.parse(JSON.parse(message.value));
        if (env.aggregateId === memberId) seen.push((env.data as { firstName: string }).firstName);
      },
    });
    await listening.joined;

    const relays = [1, 2, 3].map(() => new OutboxRelay({ pool: dbh.pool, schema, bus, logger, pollMs: 200 }));
    await Promise.all(relays.map((r) => r.start()));
    await expect.poll(() => relays.filter((r) => r.isLeader).length, { timeout: 10_000 }).toBe(1);

    const names = Array.from({ length: 20 }, (_, i) => `N${i}`);
    for (const n of names) await dbh.db.transaction().execute((trx) => enqueue(trx, TOPIC, envelopeFor(memberId, n)));
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(names.length);
    expect(seen).toEqual(names);
    await expect.poll(async () => (await dbh.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length, { timeout: 5_000 }).toBe(0);

    // The leader steps down; another instance takes over and keeps publishing.
    const leader = relays.find((r) => r.isLeader)!;
    await leader.stop();
    await expect.poll(() => relays.filter((r) => r !== leader && r.isLeader).length, { timeout: 15_000 }).toBe(1);
    await dbh.db.transaction().execute((trx) => enqueue(trx, TOPIC, envelopeFor(memberId, 'after-failover')));
    await expect.poll(() => seen.at(-1), { timeout: 20_000 }).toBe('after-failover');
    expect(seen).toHaveLength(names.length + 1);
    await Promise.all(relays.map((r) => r.stop()));
    await listening.stop();
  });
});

describe('consumer', () => {
  it('applies an event once however often it arrives, and parks one that keeps failing', async () => {
    await dbh.db.schema.createTable('effects').ifNotExists().addColumn('event_id', 'text').addColumn('name', 'text').execute();
    const Poison = defineEvent('members.member_registered', 1, z.object({ firstName: z.string() }).passthrough());
    const name = `kit-test-${randomUUID()}`;
    const running = await runConsumer<KitTables>({
      bus,
      db: dbh.db,
      name,
      topics: [TOPIC],
      logger,
      maxAttempts: 3,
      from: 'now',
      handlers: [
        on(Poison, async (trx, env) => {
          if (env.orgId !== orgId) return;
          if (env.data.firstName === 'poison') throw new Error('this one always fails');
          await (trx as any).insertInto('effects').values({ event_id: env.eventId, name: env.data.firstName }).execute();
        }),
      ],
    });
    await running.joined;
    const good = envelopeFor(randomUUID(), 'good');
    const poison = envelopeFor(randomUUID(), 'poison');
    const after = envelopeFor(randomUUID(), 'after');
    const send = (e: typeof good) => bus.publish([{ topic: TOPIC, key: e.aggregateId, value: JSON.stringify(e), headers: {} }]);
    await send(good);
    await send(good); // redelivery
    await send(poison);
    await send(after);
    await bus.publish([{ topic: TOPIC, key: 'garbage', value: '{"not":"an envelope"}', headers: {} }]);
    // The relay's event-type header: a type no handler wants is passed over unread (never parked, whatever its body);
    // a wanted type is read and, not being an envelope, parked.
    await bus.publish([{ topic: TOPIC, key: 'garbage', value: 'unwanted, unread', headers: { 'event-type': 'members.something_else' } }]);
    await bus.publish([{ topic: TOPIC, key: 'garbage', value: 'wanted, unreadable', headers: { 'event-type': Poison.type } }]);
    // A barrier: same key as `good`, so the same partition, behind the redelivery. Once its effect shows, the
    // redelivery has been handled, and the effects below are final.
    await send(envelopeFor(good.aggregateId, 'sentinel'));

    const effects = () => (dbh.db as any).selectFrom('effects').select(['name']).execute() as Promise<{ name: string }[]>;
    await expect.poll(async () => (await effects()).map((e) => e.name).sort(), { timeout: 30_000 }).toEqual(['after', 'good', 'sentinel']);
    // Parked: the poison event after its three attempts, and the two messages that are not envelopes at once.
    const deadLetters = () => dbh.db.selectFrom('dead_letters').selectAll().where('consumer', '=', name).orderBy('id').execute();
    await expect.poll(async () => (await deadLetters()).length, { timeout: 30_000 }).toBe(3);
    expect((await deadLetters()).map((d) => d.payload)).not.toContain('unwanted, unread');
    expect((await deadLetters()).map((d) => d.payload)).toContain('wanted, unreadable');
    const parked = (await deadLetters()).find((d) => d.event_id === poison.eventId);
    expect(parked?.attempts).toBe(3);
    expect(parked?.error).toContain('this one always fails');
    const notAnEnvelope = (await deadLetters()).find((d) => d.event_id === null && d.payload.startsWith('{'));
    expect(notAnEnvelope).toMatchObject({ topic: TOPIC, attempts: 1, payload: '{"not":"an envelope"}' });
    expect(notAnEnvelope?.error).toMatch(/^invalid envelope: /);
    await running.stop();
  });

  it('applies a partition’s batch together, and when one event of it fails applies the rest once each and parks only that one', async () => {
    await dbh.db.schema.createTable('batch_effects').ifNotExists().addColumn('event_id', 'text').addColumn('name', 'text').execute();
    const Batched = defineEvent('members.member_registered', 1, z.object({ firstName: z.string() }).passthrough());
    const name = `kit-batch-${randomUUID()}`;
    const running = await runConsumer<KitTables>({
      bus,
      db: dbh.db,
      name,
      topics: [TOPIC],
      logger,
      maxAttempts: 2,
      from: 'now',
      handlers: [
        on(Batched, async (trx, env) => {
          if (env.orgId !== orgId) return;
          await (trx as any).insertInto('batch_effects').values({ event_id: env.eventId, name: env.data.firstName }).execute();
          if (env.data.firstName === 'poison-in-batch') throw new Error('fails after writing');
        }),
      ],
    });
    await running.joined;
    const key = randomUUID(); // one key: one partition, published in one request, so the consumer gets them as one batch
    const names = [...Array.from({ length: 10 }, (_, i) => `b${i}`), 'poison-in-batch', ...Array.from({ length: 10 }, (_, i) => `c${i}`)];
    const envs = names.map((n) => envelopeFor(key, n));
    await bus.publish([...envs, envs[3]!, envs[15]!].map((e) => ({ topic: TOPIC, key, value: JSON.stringify(e), headers: {} })));
    const effects = async () =>
      ((await (dbh.db as any).selectFrom('batch_effects').select(['name']).execute()) as { name: string }[]).map((e) => e.name).sort();
    const expected = names.filter((n) => n !== 'poison-in-batch').sort();
    await expect.poll(effects, { timeout: 30_000 }).toEqual(expected);
    await expect
      .poll(async () => (await dbh.db.selectFrom('dead_letters').select('event_id').where('consumer', '=', name).execute()).length, { timeout: 30_000 })
      .toBe(1);
    // Settled: still every effect once (the redeliveries of b3 and c4 did nothing), the poison's write rolled back.
    expect(await effects()).toEqual(expected);
    await running.stop();
  });
  it('hands a run of events whose handlers share `many` to it in one call, with the same effects and the same parking as one by one', async () => {
    await dbh.db.schema.createTable('many_effects').ifNotExists().addColumn('event_id', 'text').addColumn('name', 'text').execute();
    const Batched = defineEvent('members.member_registered', 1, z.object({ firstName: z.string() }).passthrough());
    const name = `kit-many-${randomUUID()}`;
    const runs: number[] = [];
    const write = async (trx: any, envs: EventEnvelope<unknown>[]) => {
      const mine = envs.map((e) => ({ ...e, data: Batched.data.parse(e.data) })).filter((e) => e.orgId === orgId);
      if (mine.length === 0) return;
      await trx
        .insertInto('many_effects')
        .values(mine.map((e) => ({ event_id: e.eventId, name: e.data.firstName })))
        .execute();
      if (mine.some((e) => e.data.firstName === 'poison-in-run')) throw new Error('fails after writing');
    };
    const handler = {
      ...on<KitTables, string, typeof Batched.data>(Batched, (trx, env) => write(trx, [env as EventEnvelope<unknown>])),
      many: async (trx: any, envs: EventEnvelope<unknown>[]) => {
        runs.push(envs.length);
        await write(trx, envs);
      },
    };
    const running = await runConsumer<KitTables>({ bus, db: dbh.db, name, topics: [TOPIC], logger, maxAttempts: 2, from: 'now', handlers: [handler] });
    await running.joined;
    const key = randomUUID();
    const names = [...Array.from({ length: 10 }, (_, i) => `m${i}`), 'poison-in-run', ...Array.from({ length: 10 }, (_, i) => `n${i}`)];
    const envs = names.map((n) => envelopeFor(key, n));
    await bus.publish([...envs, envs[2]!, envs[17]!].map((e) => ({ topic: TOPIC, key, value: JSON.stringify(e), headers: {} })));
    const effects = async () => ((await (dbh.db as any).selectFrom('many_effects').select(['name']).execute()) as { name: string }[]).map((e) => e.name).sort();
    const expected = names.filter((n) => n !== 'poison-in-run').sort();
    await expect.poll(effects, { timeout: 30_000 }).toEqual(expected);
    await expect
      .poll(async () => (await dbh.db.selectFrom('dead_letters').select('event_id').where('consumer', '=', name).execute()).length, { timeout: 30_000 })
      .toBe(1);
    expect(await effects()).toEqual(expected);
    // The batch reached `many` as a run (not one call per event).
    expect(Math.max(...runs)).toBeGreaterThan(1);
    await running.stop();
  });

  it('lets the broker gather events for a consumer with gatherMs: 30 sent one by one arrive in a few batches, in order', async () => {
    const key = randomUUID();
    const batches: string[][] = [];
    const gathering = await bus.subscribe({
      groupId: `kit-test-${randomUUID()}`,
      topics: [TOPIC],
      from: 'now',
      gatherMs: 1_000,
      onBatch: async (messages) => {
        const mine = messages.filter((m) => m.key === key).map((m) => m.value);
        if (mine.length) batches.push(mine);
      },
    });
    await gathering.joined;
    const values = Array.from({ length: 30 }, (_, i) => `g${i}`);
    // One send each, every one acknowledged before the next: a consumer fetching as soon as one arrives gets many batches.
    for (const value of values) await bus.publish([{ topic: TOPIC, key, value, headers: {} }]);
    await expect.poll(() => batches.flat().length, { timeout: 15_000 }).toBe(values.length);
    expect(batches.flat()).toEqual(values);
    expect(batches.length).toBeLessThanOrEqual(3);
    await gathering.stop();
  });
});
