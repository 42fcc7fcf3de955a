import { MemberEvents, TrainerEvents, type EventDefinition, type EventEnvelope } from '@akhada/contracts';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeEnvelope } from '../events/envelope.ts';
import { memberCopy, trainerCopy } from './person-copy.ts';

// What each owner's event says about the person, which events a copy consumes for the columns it keeps, and the
// statement it writes (guarded by the version and the organization). Against PostgreSQL: test/person-copy.int.test.ts.

interface Db {
  members: { id: string; org_id: string; status: string; end_date: string | null; first_name: string; trainer_id: string | null; updated_at: Date };
  copies: { member_id: string; org_id: string; status: string; trainer_id: string | null };
  trainers: { id: string; org_id: string; status: string; updated_at: Date };
}

const org = '00000000-0000-4000-8000-000000000001';
const memberId = '00000000-0000-4000-8000-000000000002';
const loc = '00000000-0000-4000-8000-000000000003';
const trainerId = '00000000-0000-4000-8000-000000000004';

const env = <D extends EventDefinition<string, z.ZodType>>(def: D, data: z.infer<D['data']>, occurredAt = '2030-03-11T10:00:00.000Z') =>
  makeEnvelope(def, { orgId: org, aggregateId: memberId, correlationId: memberId, causationId: memberId, occurredAt, data }) as EventEnvelope<unknown>;

/** A Kysely that compiles for PostgreSQL and runs nothing: the statements a handler sends, as SQL and parameters. */
const recorder = () => {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (e) => {
      if (e.level === 'query') sent.push({ sql: e.query.sql, parameters: e.query.parameters });
    },
  });
  return { db, sent };
};

const registered = env(MemberEvents.MemberRegistered, {
  memberId,
  locationId: loc,
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  phone: '9876543210',
  membershipType: 'premium',
  paymentFrequency: 'monthly',
  feePaise: 150_000,
  startDate: '2030-01-01',
  endDate: '2030-12-31',
});

describe('what members’ events say about a member', () => {
  const copy = memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id', 'status', 'end_date', 'first_name', 'trainer_id'] });

  it('a registration is the whole member, active, of the event’s organization and time', () => {
    expect(copy.changeOf(registered)).toEqual({
      id: memberId,
      orgId: org,
      at: new Date('2030-03-11T10:00:00.000Z'),
      whole: true,
      onlyWhile: undefined,
      set: {
        org_id: org,
        location_id: loc,
        first_name: 'Meera',
        last_name: 'Iyer',
        email: 'meera@example.in',
        phone: '9876543210',
        status: 'active',
        membership_type: 'premium',
        payment_frequency: 'monthly',
        fee_paise: 150_000,
        start_date: '2030-01-01',
        end_date: '2030-12-31',
        trainer_id: null,
        frozen_from: null,
      },
    });
  });

  it.each([
    [
      env(MemberEvents.MemberSignedUp, { memberId, locationId: loc, firstName: 'A', lastName: 'B', email: 'a@b.in', phone: '1' }),
      { status: 'pending', start_date: null, end_date: null, membership_type: 'basic' },
    ],
    [
      env(MemberEvents.MembershipRenewed, {
        memberId,
        locationId: loc,
        renewedAt: '2030-03-11T10:00:00.000Z',
        term: {
          termNo: 2,
          membershipType: 'vip',
          paymentFrequency: 'annually',
          feePaise: 9,
          paymentMethod: 'cash',
          startDate: '2031-01-01',
          endDate: '2031-12-31',
        },
      }),
      { status: 'active', membership_type: 'vip', payment_frequency: 'annually', fee_paise: 9, start_date: '2031-01-01', end_date: '2031-12-31' },
    ],
    [env(MemberEvents.MembershipFrozen, { memberId, frozenFrom: '2030-03-12', reason: null }), { status: 'frozen', frozen_from: '2030-03-12' }],
    [env(MemberEvents.MembershipUnfrozen, { memberId, daysFrozen: 3, endDate: '2031-01-03' }), { status: 'active', end_date: '2031-01-03', frozen_from: null }],
    [env(MemberEvents.MembershipExpired, { memberId, endDate: '2030-12-31' }), { status: 'expired', end_date: '2030-12-31' }],
    [env(MemberEvents.MembershipCancelled, { memberId, cancelledOn: '2030-03-11', reason: null }), { status: 'cancelled' }],
    [env(MemberEvents.MemberArchived, { memberId }), { status: 'archived' }],
    [env(MemberEvents.MemberTrainerAssigned, { memberId, trainerId, previousTrainerId: null }), { trainer_id: trainerId }],
    [
      env(MemberEvents.MemberProfileChanged, { memberId, firstName: 'M', lastName: 'I', email: 'm@i.in', phone: '2', dateOfBirth: null, gender: null }),
      { first_name: 'M', last_name: 'I', email: 'm@i.in', phone: '2' },
    ],
  ])('%#: what the event says', (e, set) => {
    expect(copy.changeOf(e)?.set).toMatchObject(set);
  });

  it('an unassignment clears the trainer only while the member still has that trainer', () => {
    const change = copy.changeOf(env(MemberEvents.MemberTrainerUnassigned, { memberId, trainerId, reason: 'staff' }));
    expect([change?.set, change?.onlyWhile]).toEqual([{ trainer_id: null }, { trainer_id: trainerId }]);
  });
});

describe('the events a copy consumes', () => {
  it('only those that change a column it keeps, or that it adds its own columns or work to', () => {
    const types = (h: { type: string }[]) => h.map((x) => x.type).sort();
    const statusOnly = memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id', 'status'] });
    expect(types(statusOnly.handlers())).not.toContain(MemberEvents.MemberTrainerAssigned.type);
    expect(types(statusOnly.handlers())).not.toContain(MemberEvents.MemberProfileChanged.type);
    expect(types(statusOnly.handlers())).toContain(MemberEvents.MembershipFrozen.type);
    expect(types(statusOnly.handlers({ MemberProfileChanged: async () => undefined }))).toContain(MemberEvents.MemberProfileChanged.type);
    const orgOnly = memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id'], extra: { MemberArchived: () => ({ status: 'gone' }) } });
    // org_id is said by every whole member: a registration still makes the row.
    expect(types(orgOnly.handlers())).toEqual([MemberEvents.MemberArchived.type, MemberEvents.MemberRegistered.type, MemberEvents.MemberSignedUp.type].sort());
    const trainers = trainerCopy<Db, 'trainers'>({ table: 'trainers', columns: ['org_id', 'status'] });
    expect(types(trainers.handlers())).toEqual(
      [TrainerEvents.TrainerApproved.type, TrainerEvents.TrainerArchived.type, TrainerEvents.TrainerCreated.type, TrainerEvents.TrainerUpdated.type].sort(),
    );
  });
});

describe('the statement a copy writes', () => {
  const handle = async (
    copy: { handlers(): { type: string; handle(trx: Transaction<Db>, e: EventEnvelope<unknown>): Promise<void> }[] },
    e: EventEnvelope<unknown>,
  ) => {
    const { db, sent } = recorder();
    const handler = copy.handlers().find((h) => h.type === e.type);
    await handler?.handle(db as unknown as Transaction<Db>, e);
    return sent;
  };

  it('a whole person: an insert whose update takes only an event at least as new, of the same organization', async () => {
    const [q] = await handle(memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id', 'status', 'end_date'] }), registered);
    expect(q?.sql).toBe(
      'insert into "members" ("id", "org_id", "status", "end_date", "updated_at") values ($1, $2, $3, $4, $5) on conflict ("id") do update set "org_id" = $6, "status" = $7, "end_date" = $8, "updated_at" = $9 where "members"."updated_at" <= $10 and "members"."org_id" = $11',
    );
    expect(q?.parameters.slice(0, 5)).toEqual([memberId, org, 'active', '2030-12-31', new Date('2030-03-11T10:00:00.000Z')]);
  });

  it('a change: an update of a held person no newer than the event; an unassignment only of that trainer', async () => {
    const copy = memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id', 'status', 'trainer_id'] });
    const [frozen] = await handle(copy, env(MemberEvents.MembershipFrozen, { memberId, frozenFrom: '2030-03-12', reason: null }));
    expect(frozen?.sql).toBe('update "members" set "status" = $1, "updated_at" = $2 where "id" = $3 and "updated_at" <= $4 and "org_id" = $5');
    const [unassigned] = await handle(copy, env(MemberEvents.MemberTrainerUnassigned, { memberId, trainerId, reason: 'staff' }));
    expect(unassigned?.sql).toBe(
      'update "members" set "trainer_id" = $1, "updated_at" = $2 where "id" = $3 and "updated_at" <= $4 and "org_id" = $5 and "trainer_id" = $6',
    );
    expect(unassigned?.parameters).toEqual([null, new Date('2030-03-11T10:00:00.000Z'), memberId, new Date('2030-03-11T10:00:00.000Z'), org, trainerId]);
  });

  it('a copy without a version that inserts whom it misses: an upsert of what the event says, unguarded', async () => {
    const copy = memberCopy<Db, 'copies'>({ table: 'copies', key: 'member_id', version: null, missing: 'insert', columns: ['org_id', 'status'] });
    const [q] = await handle(copy, env(MemberEvents.MemberArchived, { memberId }));
    expect(q?.sql).toBe(
      'insert into "copies" ("member_id", "org_id", "status") values ($1, $2, $3) on conflict ("member_id") do update set "status" = $4 where "copies"."org_id" = $5',
    );
  });

  it('extra columns go into the same statement', async () => {
    const copy = memberCopy<Db, 'members'>({ table: 'members', columns: ['org_id'], extra: { MemberArchived: () => ({ status: 'gone' }) } });
    const [q] = await handle(copy, env(MemberEvents.MemberArchived, { memberId }));
    expect(q?.sql).toBe('update "members" set "status" = $1, "updated_at" = $2 where "id" = $3 and "updated_at" <= $4 and "org_id" = $5');
    expect(q?.parameters[0]).toBe('gone');
  });
});
