// Group commit against the real PostgreSQL: commands arriving together share one transaction, and each still
// succeeds or fails on its own — a refusal, a stream another writer took meanwhile, a transaction failing as a whole.
import { MemberEvents, topicOf } from '@akhada/contracts';
import { sql, type Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import { DomainError } from '../src/errors.ts';
import { defineAggregate, type Projection } from '../src/events/aggregate.ts';
import { makeEnvelope } from '../src/events/envelope.ts';
import { createGroupCommit } from '../src/events/group-commit.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

interface Tables extends KitTables {
  tally: { stream_id: string; total: number };
}
type Command = { type: 'Open' } | { type: 'Deposit'; account: string; amounts: number[] };
type Event = { type: 'Opened' } | { type: 'Deposited'; account: string; n: number };
type State = { open: boolean; total: number };

let dbh: DbHandle<Tables>;
let databaseUrl: string;
const schema = uniqueSchema('group');
const orgId = randomUUID();
const meta = { orgId, correlationId: 'group-test', causationId: 'group-test' };

// A running total per stream; the table refuses a total of 1,000 or more (a projection that can fail).
const tally: Projection<Tables, Event> = async (trx: Transaction<Tables>, { event }) => {
  if (event.type !== 'Deposited') return;
  await sql`insert into tally (stream_id, total) values (${event.account}, ${event.n})
            on conflict (stream_id) do update set total = tally.total + excluded.total`.execute(trx);
};

const account = defineAggregate<Tables, Command, Event, State>({
  name: 'account',
  streamId: (id) => `account-${id}`,
  decider: {
    initialState: () => ({ open: false, total: 0 }),
    decide: (c, s) => {
      if (c.type === 'Open') {
        if (s.open) throw new DomainError('CONFLICT', 'This account is open already.', 409);
        return [{ type: 'Opened' }];
      }
      return c.amounts.map((n) => ({ type: 'Deposited', account: c.account, n }));
    },
    evolve: (s, e) => (e.type === 'Opened' ? { ...s, open: true } : { ...s, total: s.total + e.n }),
  },
  projections: [tally],
  toIntegrationEvents: ({ event, metadata }) =>
    event.type === 'Opened'
      ? [
          makeEnvelope(MemberEvents.MemberRegistered, {
            ...metadata,
            aggregateId: randomUUID(),
            occurredAt: new Date().toISOString(),
            data: {
              memberId: randomUUID(),
              locationId: randomUUID(),
              firstName: 'Group',
              lastName: 'Commit',
              email: 'g@example.in',
              phone: '9876543210',
              membershipType: 'basic',
              paymentFrequency: 'monthly',
              feePaise: 100,
              startDate: '2026-01-01',
              endDate: '2026-02-01',
            },
          }),
        ]
      : [],
  topic: topicOf('members'),
});

/** The transaction ids that wrote a stream's events, and its events' types and versions. */
const written = async (ids: string[]) => {
  const rows = await sql<{ stream_id: string; stream_version: number; type: string; data: { n?: number }; tx: string }>`
    select stream_id, stream_version, type, data, xmin::text as tx from events where stream_id = any(${ids.map((id) => `account-${id}`)}) order by stream_id, stream_version`.execute(
    dbh.db,
  );
  return rows.rows;
};

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  dbh = createDb<Tables>({ url: databaseUrl, schema });
  await migrate(dbh, {});
  await sql`create table tally (stream_id text primary key, total integer not null check (total < 1000))`.execute(dbh.db);
});

afterAll(async () => {
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('group commit', () => {
  it('writes commands arriving together in one transaction; a refusal fails its command only', async () => {
    const group = createGroupCommit(dbh.db, account);
    const opened = randomUUID();
    await group.execute(opened, { type: 'Open' }, meta);
    const fresh = Array.from({ length: 10 }, () => randomUUID());
    const outcomes = await Promise.allSettled([...fresh, opened].map((id) => group.execute(id, { type: 'Open' }, meta)));

    expect(outcomes.slice(0, 10).every((o) => o.status === 'fulfilled' && o.value.version === 1 && o.value.state.open)).toBe(true);
    const refused = outcomes[10] as PromiseRejectedResult;
    expect(refused.status).toBe('rejected');
    expect((refused.reason as DomainError).code).toBe('CONFLICT');
    const rows = await written(fresh);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
    expect(await written([opened])).toHaveLength(1);
    // Their integration events went to the outbox with them, one each.
    const outbox = await sql<{ n: number }>`select count(*)::int as n from outbox where payload->>'correlationId' = 'group-test'`.execute(dbh.db);
    expect(outbox.rows[0]!.n).toBe(11);
  });

  it('commits a batch whose one stream another writer took meanwhile; that command is decided again on the fresh stream, and nothing of its first try stays', async () => {
    const group = createGroupCommit(dbh.db, account);
    const [taken, a, b] = [randomUUID(), randomUUID(), randomUUID()];
    // Another writer holds version 1 of `taken`, uncommitted, while the batch reads the stream (empty) and appends.
    const other = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into events (stream_id, stream_version, type, data, metadata) values ($1, 1, 'Deposited', '{"n": 5}', '{}')`, [
        `account-${taken}`,
      ]);
      // Two events for `taken`: version 1 clashes (its insert waits for the other writer, then is skipped), version 2 goes in.
      const outcomes = Promise.allSettled([
        group.execute(taken, { type: 'Deposit', account: taken, amounts: [10, 20] }, meta),
        group.execute(a, { type: 'Open' }, meta),
        group.execute(b, { type: 'Open' }, meta),
      ]);
      // Until the batch's append waits for the other writer (asked through the pool: inside its own transaction the
      // other client would see one snapshot of pg_stat_activity).
      for (const deadline = Date.now() + 20_000; ;) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query like 'insert into events%' and datname = current_database()`.execute(dbh.db);
        if (waiting.rows[0]!.n > 0) break;
        if (Date.now() > deadline) throw new Error("the batch's append never waited for the other writer");
      }
      await other.query('commit');
      const [t, ra, rb] = await outcomes;
      expect(ra.status === 'fulfilled' && rb.status === 'fulfilled').toBe(true);
      expect(t.status === 'fulfilled' && t.value.version === 3 && t.value.state.total === 35).toBe(true);
    } finally {
      await other.end();
    }
    const [first, second] = [await written([a, b]), await written([taken])];
    expect(new Set(first.map((r) => r.tx)).size).toBe(1);
    // The other writer's version 1, then this command's two events decided on it: no leftover of the first try.
    expect(second.map((r) => [r.stream_version, r.type, r.data.n])).toEqual([
      [1, 'Deposited', 5],
      [2, 'Deposited', 10],
      [3, 'Deposited', 20],
    ]);
    expect(first[0]!.tx).not.toBe(second[1]!.tx);
  });

  it('runs each command alone when the shared transaction fails, so only the one at fault fails', async () => {
    const group = createGroupCommit(dbh.db, account);
    const [good1, bad, good2] = [randomUUID(), randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled([
      group.execute(good1, { type: 'Deposit', account: good1, amounts: [100] }, meta),
      group.execute(bad, { type: 'Deposit', account: bad, amounts: [5000] }, meta),
      group.execute(good2, { type: 'Deposit', account: good2, amounts: [200] }, meta),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23514');
    expect((await written([good1, good2])).map((r) => r.data.n)).toEqual(expect.arrayContaining([100, 200]));
    expect(await written([bad])).toEqual([]);
    const totals = await dbh.db.selectFrom('tally').select(['stream_id', 'total']).where('stream_id', 'in', [good1, bad, good2]).orderBy('total').execute();
    expect(totals.map((r) => r.total)).toEqual([100, 200]);
  });
});
