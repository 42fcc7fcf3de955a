// The kit's person copies against the real PostgreSQL: members' and trainers' events through the handlers a service
// gets, in order and then again in other orders (a redelivery, a replay), end with the row the newest event says; a
// read-through's answer goes through the same guarded write; another organization's event changes nothing.
import { MemberEvents, TrainerEvents, type EventDefinition, type EventEnvelope, type MemberCopy } from '@akhada/contracts';
import { sql, type Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createDb, migrate, type DbHandle } from '../src/db/database.ts';
import type { KitTables } from '../src/db/kit-migrations.ts';
import type { EventHandler } from '../src/events/consumer.ts';
import { makeEnvelope } from '../src/events/envelope.ts';
import { memberCopy, trainerCopy } from '../src/people/person-copy.ts';
import { dropSchema, testInfra, uniqueSchema } from '../src/testing/infra.ts';

interface Db extends KitTables {
  members: {
    id: string;
    org_id: string;
    location_id: string;
    first_name: string;
    email: string;
    status: string;
    membership_type: string;
    start_date: string | null;
    end_date: string | null;
    trainer_id: string | null;
    frozen_from: string | null;
    /** This copy's own: a name derived from the events' first and last names. */
    name: string;
    updated_at: Date;
  };
  trainers: { id: string; org_id: string; first_name: string; max_clients: number; status: string; updated_at: Date };
}

let dbh: DbHandle<Db>;
let databaseUrl: string;
const schema = uniqueSchema('kitcopy');
const org = randomUUID();
const L1 = randomUUID();

const members = memberCopy<Db, 'members'>({
  table: 'members',
  columns: ['org_id', 'location_id', 'first_name', 'email', 'status', 'membership_type', 'start_date', 'end_date', 'trainer_id', 'frozen_from'],
  extra: {
    MemberRegistered: ({ data: d }) => ({ name: `${d.firstName} ${d.lastName}` }),
    MemberProfileChanged: ({ data: d }) => ({ name: `${d.firstName} ${d.lastName}` }),
  },
  insert: () => ({ name: '' }),
});
const trainers = trainerCopy<Db, 'trainers'>({ table: 'trainers', columns: ['org_id', 'first_name', 'max_clients', 'status'] });

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  dbh = createDb<Db>({ url: databaseUrl, schema, max: 2 });
  await migrate(dbh, {});
  await sql`create table members (
    id uuid primary key, org_id uuid not null, location_id uuid not null, first_name text not null, email text not null,
    status text not null, membership_type text not null, start_date date, end_date date, trainer_id uuid, frozen_from date,
    name text not null, updated_at timestamptz not null)`.execute(dbh.db);
  await sql`create table trainers (
    id uuid primary key, org_id uuid not null, first_name text not null, max_clients int not null, status text not null,
    updated_at timestamptz not null)`.execute(dbh.db);
});

afterAll(async () => {
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

const at = (minute: number) => new Date(Date.UTC(2030, 2, 11, 10, minute)).toISOString();
const env = <D extends EventDefinition<string, z.ZodType>>(def: D, id: string, minute: number, data: z.infer<D['data']>, orgId = org) =>
  makeEnvelope(def, { orgId, aggregateId: id, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: at(minute), data }) as EventEnvelope<unknown>;

/** Each event in its own transaction, through the handler its copy gives (as the consumer runs them). */
const deliver = async (handlers: EventHandler<Db>[], events: EventEnvelope<unknown>[]) => {
  for (const e of events) {
    const h = handlers.find((x) => x.type === e.type);
    if (h) await dbh.db.transaction().execute((trx) => h.handle(trx as Transaction<Db>, e));
  }
};
const memberRow = (id: string) => dbh.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
const trainerRow = (id: string) => dbh.db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirst();

/** Every order of a list (a few events: 24 orders of four). */
const orders = <T>(xs: T[]): T[][] =>
  xs.length <= 1 ? [xs] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));

const memberEvents = (id: string, trainerId: string) => [
  env(MemberEvents.MemberRegistered, id, 1, {
    memberId: id,
    locationId: L1,
    firstName: 'Meera',
    lastName: 'Iyer',
    email: 'meera@example.in',
    phone: '9876543210',
    membershipType: 'basic',
    paymentFrequency: 'monthly',
    feePaise: 100_000,
    startDate: '2030-01-01',
    endDate: '2030-03-31',
  }),
  env(MemberEvents.MemberTrainerAssigned, id, 2, { memberId: id, trainerId, previousTrainerId: null }),
  env(MemberEvents.MembershipFrozen, id, 3, { memberId: id, frozenFrom: '2030-03-12', reason: null }),
  env(MemberEvents.MembershipUnfrozen, id, 4, { memberId: id, daysFrozen: 5, endDate: '2030-04-05' }),
  env(MemberEvents.MemberProfileChanged, id, 5, {
    memberId: id,
    firstName: 'Meera',
    lastName: 'Rao',
    email: 'meera.rao@example.in',
    phone: '1',
    dateOfBirth: null,
    gender: null,
  }),
  env(MemberEvents.MembershipRenewed, id, 6, {
    memberId: id,
    locationId: L1,
    renewedAt: at(6),
    term: {
      termNo: 2,
      membershipType: 'premium',
      paymentFrequency: 'quarterly',
      feePaise: 250_000,
      paymentMethod: 'upi',
      startDate: '2030-04-06',
      endDate: '2030-07-05',
    },
  }),
];

describe('a member copy', () => {
  it('in order: each event changes its columns; after the newest, redelivered and replayed older ones (in any order) change nothing', async () => {
    const id = randomUUID();
    const trainerId = randomUUID();
    const events = memberEvents(id, trainerId);
    await deliver(members.handlers(), events);
    const newest = {
      org_id: org,
      location_id: L1,
      first_name: 'Meera',
      name: 'Meera Rao',
      email: 'meera.rao@example.in',
      status: 'active',
      membership_type: 'premium',
      start_date: '2030-04-06',
      end_date: '2030-07-05',
      trainer_id: trainerId,
      frozen_from: null,
      updated_at: new Date(at(6)),
    };
    expect(await memberRow(id)).toMatchObject(newest);
    for (const order of [events.slice().reverse(), events.slice(1), [events[2]!, events[0]!, events[4]!]]) {
      await deliver(members.handlers(), order);
      expect(await memberRow(id)).toMatchObject(newest);
    }
  });

  it('a change to a member the copy does not hold is skipped; their registration then makes the row', async () => {
    const id = randomUUID();
    const [registered, , frozen] = memberEvents(id, randomUUID());
    await deliver(members.handlers(), [frozen!]);
    expect(await memberRow(id)).toBeUndefined();
    await deliver(members.handlers(), [registered!]);
    expect(await memberRow(id)).toMatchObject({ status: 'active', name: 'Meera Iyer', frozen_from: null, updated_at: new Date(at(1)) });
  });

  it('an unassignment clears the trainer only while it is the member’s trainer', async () => {
    const id = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const [registered] = memberEvents(id, first);
    await deliver(members.handlers(), [
      registered!,
      env(MemberEvents.MemberTrainerAssigned, id, 2, { memberId: id, trainerId: second, previousTrainerId: null }),
      env(MemberEvents.MemberTrainerUnassigned, id, 3, { memberId: id, trainerId: first, reason: 'trainer_archived' }),
    ]);
    expect((await memberRow(id))?.trainer_id).toBe(second);
    await deliver(members.handlers(), [env(MemberEvents.MemberTrainerUnassigned, id, 4, { memberId: id, trainerId: second, reason: 'staff' })]);
    expect((await memberRow(id))?.trainer_id).toBeNull();
  });

  it('another organization’s event about the same id changes nothing', async () => {
    const id = randomUUID();
    const [registered] = memberEvents(id, randomUUID());
    await deliver(members.handlers(), [registered!, env(MemberEvents.MemberArchived, id, 9, { memberId: id }, randomUUID())]);
    expect((await memberRow(id))?.status).toBe('active');
  });

  it('a read-through’s answer goes through the same write: older than the row changes nothing, newer wins, and older events then change nothing', async () => {
    const id = randomUUID();
    const [registered, , frozen] = memberEvents(id, randomUUID());
    await deliver(members.handlers(), [registered!]);
    const answer: MemberCopy = {
      memberId: id,
      locationId: L1,
      firstName: 'Answered',
      lastName: 'Iyer',
      email: 'answered@example.in',
      phone: '1',
      status: 'expired',
      membershipType: 'vip',
      paymentFrequency: 'monthly',
      feePaise: 1,
      startDate: '2030-01-01',
      endDate: '2030-03-31',
      terms: [],
      trainerId: null,
      version: 3,
      updatedAt: at(0),
    };
    await members.save(dbh.db, org, answer);
    expect((await memberRow(id))?.first_name).toBe('Meera');
    await members.save(dbh.db, org, { ...answer, updatedAt: at(7) });
    expect(await memberRow(id)).toMatchObject({ first_name: 'Answered', status: 'expired', membership_type: 'vip', updated_at: new Date(at(7)) });
    await deliver(members.handlers(), [frozen!]);
    expect((await memberRow(id))?.status).toBe('expired');
  });
});

describe('a trainer copy', () => {
  it('in every order of its snapshots, the row is the newest; a later approval then holds against them all', async () => {
    const snapshot = (trainerId: string, firstName: string, maxClients: number) => ({
      trainerId,
      locationId: L1,
      firstName,
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '1',
      specialization: [],
      maxClients,
      isAvailable: true,
      hourlyRatePaise: 50_000,
      status: 'pending' as const,
    });
    for (const order of orders([0, 1, 2])) {
      const id = randomUUID();
      const events = [
        env(TrainerEvents.TrainerCreated, id, 1, { ...snapshot(id, 'Ravi', 5), source: 'join_code' }),
        env(TrainerEvents.TrainerUpdated, id, 2, snapshot(id, 'Ravindra', 8)),
        env(TrainerEvents.TrainerUpdated, id, 3, snapshot(id, 'Ravi K', 10)),
      ];
      await deliver(
        trainers.handlers(),
        order.map((i) => events[i]!),
      );
      const newest = { org_id: org, first_name: 'Ravi K', max_clients: 10, status: 'pending', updated_at: new Date(at(3)) };
      expect(await trainerRow(id), `order ${order.join('')}`).toMatchObject(newest);
      await deliver(trainers.handlers(), [env(TrainerEvents.TrainerApproved, id, 4, { trainerId: id }), ...events.reverse()]);
      expect(await trainerRow(id)).toMatchObject({ ...newest, status: 'active', updated_at: new Date(at(4)) });
    }
  });
});
