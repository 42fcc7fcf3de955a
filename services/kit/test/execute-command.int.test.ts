// executeCommand, the one way a service runs a command, against the real PostgreSQL: its options (`check`,
// `expectedVersion` + `onStale`, `mapError`, retry on a concurrent append), with a pool or inside the caller's
// transaction, and `toIntegrationEvents` seeing the state after each event (group commit too).
import { MemberEvents, topicOf } from '@akhada/contracts';
import { sql, type Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { isUniqueViolation } from '../src/db/unique-violation.ts';
import { AppError, ConcurrencyError, DomainError } from '../src/errors.ts';
import { defineAggregate, executeCommand, inTransaction, type Projection } from '../src/events/aggregate.ts';
import { makeEnvelope } from '../src/events/envelope.ts';
import { createGroupCommit } from '../src/events/group-commit.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

interface Tables extends KitTables {
  labels: { stream_id: string; label: string };
}
type Command = { type: 'Add'; amounts: number[]; label?: string };
type Event = { type: 'Added'; n: number; label: string | null };
type State = { total: number; events: number };

let dbh: DbHandle<Tables>;
let databaseUrl: string;
const schema = uniqueSchema('command');
const orgId = randomUUID();
const meta = { orgId, correlationId: 'command-test', causationId: 'command-test' };

// A label is unique across streams (a read table's constraint a projection can break).
const labels: Projection<Tables, Event> = async (trx: Transaction<Tables>, { event }) => {
  if (event.label) await sql`insert into labels (stream_id, label) values (${randomUUID()}, ${event.label})`.execute(trx);
};

const counter = defineAggregate<Tables, Command, Event, State>({
  name: 'counter',
  streamId: (id) => `counter-${id}`,
  decider: {
    initialState: () => ({ total: 0, events: 0 }),
    decide: (c) => {
      if (c.amounts.some((n) => n < 0)) throw new DomainError('VALIDATION_FAILED', 'Only positive amounts.', 400);
      return c.amounts.map((n, i) => ({ type: 'Added', n, label: i === 0 ? (c.label ?? null) : null }));
    },
    evolve: (s, e) => ({ total: s.total + e.n, events: s.events + 1 }),
  },
  projections: [labels],
  // The state after each event, in the envelope (firstName "total-<n>") — what the hook saw.
  toIntegrationEvents: ({ metadata }, { state }) => [
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...metadata,
      aggregateId: randomUUID(),
      occurredAt: new Date().toISOString(),
      data: {
        memberId: randomUUID(),
        locationId: randomUUID(),
        firstName: `total-${state.total}`,
        lastName: meta.correlationId,
        email: 'c@example.in',
        phone: '9876543210',
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 100,
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      },
    }),
  ],
  topic: topicOf('members'),
});

const eventsOf = async (id: string) =>
  (await dbh.db.selectFrom('events').select(['stream_version', 'data']).where('stream_id', '=', `counter-${id}`).orderBy('stream_version').execute()).map(
    (r) => (r.data as { n: number }).n,
  );

/** The totals the outbox rows of the given aggregate ids carry (their metadata's correlation is the stream id here). */
const announced = async (correlationId: string) =>
  (
    await sql<{ payload: { data: { firstName: string } } }>`select payload from outbox where payload->>'correlationId' = ${correlationId} order by id`.execute(
      dbh.db,
    )
  ).rows.map((r) => r.payload.data.firstName);

const metaFor = (id: string) => ({ ...meta, correlationId: id });

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  dbh = createDb<Tables>({ url: databaseUrl, schema });
  await migrate(dbh, {
    '0001_labels': {
      async up(db) {
        await sql`create table labels (stream_id text primary key, label text not null constraint labels_label_unique unique)`.execute(db);
      },
    },
  });
});

afterAll(async () => {
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('executeCommand', () => {
  it('hands toIntegrationEvents the state right after each event', async () => {
    const id = randomUUID();
    await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [5] }, metaFor(id));
    const result = await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1, 2] }, metaFor(id));
    expect(result).toMatchObject({ version: 3, state: { total: 8, events: 3 } });
    expect(await announced(id)).toEqual(['total-5', 'total-6', 'total-8']);
  });

  it('runs `check` on the loaded state before deciding, and its refusal writes nothing', async () => {
    const id = randomUUID();
    await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [3] }, metaFor(id));
    const seen: State[] = [];
    const refused = executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [4] }, metaFor(id), {
      check: (state) => {
        seen.push(state);
        if (state.total >= 3) throw new AppError(402, 'PLAN_LIMIT', 'Over the limit');
      },
    });
    await expect(refused).rejects.toMatchObject({ status: 402, code: 'PLAN_LIMIT' });
    expect(seen).toEqual([{ total: 3, events: 1 }]);
    expect(await eventsOf(id)).toEqual([3]);
  });

  it('builds a command given as a function from the state loaded in the transaction', async () => {
    const id = randomUUID();
    await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [3] }, metaFor(id));
    const seen: State[] = [];
    const result = await executeCommand(
      dbh.db,
      counter,
      id,
      async (state) => {
        seen.push(state);
        return { type: 'Add', amounts: [state.total * 2] };
      },
      metaFor(id),
    );
    expect(seen).toEqual([{ total: 3, events: 1 }]);
    expect(result.state).toEqual({ total: 9, events: 2 });
    expect(await eventsOf(id)).toEqual([3, 6]);
  });

  it('throws onStale() for a stream that moved past expectedVersion, without retrying', async () => {
    const id = randomUUID();
    await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1] }, metaFor(id));
    await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1] }, metaFor(id));
    const stale = () => new AppError(409, 'CONCURRENCY_CONFLICT', 'Reload');
    await expect(executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1] }, metaFor(id), { expectedVersion: 1, onStale: stale })).rejects.toMatchObject(
      {
        code: 'CONCURRENCY_CONFLICT',
      },
    );
    await expect(executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1] }, metaFor(id), { expectedVersion: 1 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect((await executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [7] }, metaFor(id), { expectedVersion: 2, onStale: stale })).version).toBe(3);
  });

  it('turns a projection’s unique violation into the domain error of mapError, and rolls the command back', async () => {
    const label = `label-${randomUUID()}`;
    const mapError = (err: unknown) => (isUniqueViolation(err, 'labels_label_unique') ? new AppError(409, 'CONFLICT', 'Taken') : err);
    await executeCommand(dbh.db, counter, randomUUID(), { type: 'Add', amounts: [1], label }, meta, { mapError });
    const id = randomUUID();
    await expect(executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [1], label }, metaFor(id), { mapError })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(await eventsOf(id)).toEqual([]);
    expect(await announced(id)).toEqual([]);
    // A decider's refusal passes through mapError unchanged.
    await expect(executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [-1] }, metaFor(id), { mapError })).rejects.toBeInstanceOf(DomainError);
  });

  it('with a pool, runs again on the fresh stream when another writer appended first, so concurrent commands all land', async () => {
    const id = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => executeCommand(dbh.db, counter, id, { type: 'Add', amounts: [i + 1] }, metaFor(id), { maxRetries: 10 })),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await eventsOf(id)).sort()).toEqual([1, 2, 3, 4]);
  });

  it('inside the caller’s transaction: commits and rolls back with it, and a conflict reaches the caller’s inTransaction, which runs it all again', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await expect(
      inTransaction(dbh.db, async (trx) => {
        await executeCommand(trx, counter, a, { type: 'Add', amounts: [1] }, metaFor(a));
        await executeCommand(trx, counter, b, { type: 'Add', amounts: [-1] }, metaFor(b));
      }),
    ).rejects.toBeInstanceOf(DomainError);
    expect(await eventsOf(a)).toEqual([]);

    let attempts = 0;
    await inTransaction(dbh.db, async (trx) => {
      attempts++;
      await executeCommand(trx, counter, a, { type: 'Add', amounts: [2] }, metaFor(a));
      // Another writer takes the next version meanwhile, the first time only.
      if (attempts === 1) await executeCommand(dbh.db, counter, b, { type: 'Add', amounts: [9] }, metaFor(b));
      await executeCommand(trx, counter, b, { type: 'Add', amounts: [3] }, metaFor(b), { expectedVersion: attempts === 1 ? 0 : 1 });
    });
    expect(attempts).toBe(2);
    expect(await eventsOf(a)).toEqual([2]);
    expect(await eventsOf(b)).toEqual([9, 3]);
  });

  it('under group commit, toIntegrationEvents also sees the state after each event', async () => {
    const group = createGroupCommit(dbh.db, counter, { windowMs: 20 });
    const ids = [randomUUID(), randomUUID()];
    await Promise.all(ids.map((id, i) => group.execute(id, { type: 'Add', amounts: [10 * (i + 1), 1] }, metaFor(id))));
    expect(await announced(ids[0] as string)).toEqual(['total-10', 'total-11']);
    expect(await announced(ids[1] as string)).toEqual(['total-20', 'total-21']);
  });
});
