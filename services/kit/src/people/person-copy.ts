import { MemberEvents, TrainerEvents, type EventDefinition, type EventEnvelope, type MemberCopy, type TrainerCopy } from '@akhada/contracts';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import { on, type EventHandler } from '../events/consumer.ts';

/**
 * A service's own copy of the people another service owns (members, trainers), kept from the owner's events so the
 * service decides without calling it — like the directory keeps organizations. The kit owns what each event says about
 * the person (which columns it changes, to what) and the write: an event's columns, in one statement, only over a row
 * no newer than the event (the `version` column holds the occurredAt of the last event applied), so a redelivered or
 * replayed older event never overwrites a newer one; a read-through's answer (`save`) goes through the same write. A
 * service declares its table and the columns it keeps; an event that changes none of them is not consumed.
 *
 * The standard columns are named as the copies name them (snake_case of the owner's fields); a copy that keeps
 * something else (a derived name, a jsonb of terms, a kind) writes it through `extra` / `insert`, in the same guarded
 * statement, and does its own work after the write by naming it in `handlers({ <Event>: work })` (a fee recorded, a
 * notification). A handler of its own for a type the copy consumes would replace the copy's (one handler per type).
 */

/** What a member's copy may keep, under the column names copies use. */
export interface MemberColumns {
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** active | pending | frozen | expired | cancelled | archived (members' status words). */
  status: string;
  membership_type: string;
  payment_frequency: string;
  /** The current term's fee, integer paise. */
  fee_paise: number;
  /** The latest term's dates; none while pending. */
  start_date: string | null;
  end_date: string | null;
  trainer_id: string | null;
  /** The first frozen day while frozen. */
  frozen_from: string | null;
}

/** What a trainer's copy may keep (TrainerEvents.TrainerSnapshot), under the column names copies use. */
export interface TrainerColumns {
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  specialization: string[];
  max_clients: number;
  is_available: boolean;
  /** Integer paise per hour. */
  hourly_rate_paise: number;
  /** pending | active | archived */
  status: string;
}

/** What one event says about a person. */
export interface PersonChange<C> {
  /** The person's id (the event's member or trainer). */
  id: string;
  orgId: string;
  /** The event's occurredAt: the row's version after the write. */
  at: Date;
  /** True when the event says the whole person (their first event, a trainer's snapshot): a copy without them inserts them. */
  whole: boolean;
  /** The columns the event changes. */
  set: Partial<C>;
  /** The change applies only while the row still holds these (an unassignment, of the trainer the member still has). */
  onlyWhile?: Partial<C>;
}

type AnyDefinition = EventDefinition<string, z.ZodType>;
type EnvOf<D> = D extends EventDefinition<string, infer Z> ? EventEnvelope<z.infer<Z>> : never;

/** One event of the owner's topic: the columns it may change, and what it sets them to. */
interface Rule<D extends AnyDefinition, C> {
  def: D;
  sets: readonly (keyof C)[];
  says: (env: EnvOf<D>) => { id: string; whole?: boolean; set: Partial<C>; onlyWhile?: Partial<C> };
}
/** A rule whose `set` must name exactly the columns of `sets`, so the list (which decides what is consumed) cannot drift. */
const rule =
  <C>() =>
  <D extends AnyDefinition, S extends keyof C>(
    def: D,
    sets: readonly S[],
    says: (env: EnvOf<D>) => { id: string; whole?: boolean; set: Pick<C, S>; onlyWhile?: Partial<C> },
  ): Rule<D, C> => ({ def, sets, says: says as Rule<D, C>['says'] });

const member = rule<MemberColumns>();
const WHOLE_MEMBER = [
  'org_id',
  'location_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'membership_type',
  'payment_frequency',
  'fee_paise',
  'start_date',
  'end_date',
  'trainer_id',
  'frozen_from',
] as const;

/** members' events, and what each says about the member. */
export const memberRules = {
  MemberRegistered: member(MemberEvents.MemberRegistered, WHOLE_MEMBER, ({ orgId, data: d }) => ({
    id: d.memberId,
    whole: true,
    set: {
      org_id: orgId,
      location_id: d.locationId,
      first_name: d.firstName,
      last_name: d.lastName,
      email: d.email,
      phone: d.phone,
      status: 'active',
      membership_type: d.membershipType,
      payment_frequency: d.paymentFrequency,
      fee_paise: d.feePaise,
      start_date: d.startDate,
      end_date: d.endDate,
      trainer_id: null,
      frozen_from: null,
    },
  })),
  /** Joined with the gym's code: pending, no term yet (the plan and fee a term would have are the defaults). */
  MemberSignedUp: member(MemberEvents.MemberSignedUp, WHOLE_MEMBER, ({ orgId, data: d }) => ({
    id: d.memberId,
    whole: true,
    set: {
      org_id: orgId,
      location_id: d.locationId,
      first_name: d.firstName,
      last_name: d.lastName,
      email: d.email,
      phone: d.phone,
      status: 'pending',
      membership_type: 'basic',
      payment_frequency: 'monthly',
      fee_paise: 0,
      start_date: null,
      end_date: null,
      trainer_id: null,
      frozen_from: null,
    },
  })),
  MembershipRenewed: member(
    MemberEvents.MembershipRenewed,
    ['status', 'membership_type', 'payment_frequency', 'fee_paise', 'start_date', 'end_date'],
    ({ data: { memberId, term } }) => ({
      id: memberId,
      set: {
        status: 'active',
        membership_type: term.membershipType,
        payment_frequency: term.paymentFrequency,
        fee_paise: term.feePaise,
        start_date: term.startDate,
        end_date: term.endDate,
      },
    }),
  ),
  MembershipFrozen: member(MemberEvents.MembershipFrozen, ['status', 'frozen_from'], ({ data: d }) => ({
    id: d.memberId,
    set: { status: 'frozen', frozen_from: d.frozenFrom },
  })),
  MembershipUnfrozen: member(MemberEvents.MembershipUnfrozen, ['status', 'end_date', 'frozen_from'], ({ data: d }) => ({
    id: d.memberId,
    set: { status: 'active', end_date: d.endDate, frozen_from: null },
  })),
  ReferralRewarded: member(MemberEvents.ReferralRewarded, ['end_date'], ({ data: d }) => ({ id: d.memberId, set: { end_date: d.endDate } })),
  MembershipExpired: member(MemberEvents.MembershipExpired, ['status', 'end_date'], ({ data: d }) => ({
    id: d.memberId,
    set: { status: 'expired', end_date: d.endDate },
  })),
  MembershipCancelled: member(MemberEvents.MembershipCancelled, ['status'], ({ data: d }) => ({ id: d.memberId, set: { status: 'cancelled' } })),
  MemberArchived: member(MemberEvents.MemberArchived, ['status'], ({ data: d }) => ({ id: d.memberId, set: { status: 'archived' } })),
  MemberTrainerAssigned: member(MemberEvents.MemberTrainerAssigned, ['trainer_id'], ({ data: d }) => ({ id: d.memberId, set: { trainer_id: d.trainerId } })),
  MemberTrainerUnassigned: member(MemberEvents.MemberTrainerUnassigned, ['trainer_id'], ({ data: d }) => ({
    id: d.memberId,
    set: { trainer_id: null },
    onlyWhile: { trainer_id: d.trainerId },
  })),
  MemberProfileChanged: member(MemberEvents.MemberProfileChanged, ['first_name', 'last_name', 'email', 'phone'], ({ data: d }) => ({
    id: d.memberId,
    set: { first_name: d.firstName, last_name: d.lastName, email: d.email, phone: d.phone },
  })),
};

const trainer = rule<TrainerColumns>();
const WHOLE_TRAINER = [
  'org_id',
  'location_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'specialization',
  'max_clients',
  'is_available',
  'hourly_rate_paise',
  'status',
] as const;
const snapshot = ({ orgId, data: d }: EnvOf<typeof TrainerEvents.TrainerUpdated>) => ({
  id: d.trainerId,
  whole: true,
  set: {
    org_id: orgId,
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    specialization: d.specialization,
    max_clients: d.maxClients,
    is_available: d.isAvailable,
    hourly_rate_paise: d.hourlyRatePaise,
    status: d.status,
  },
});

/** trainers' events, and what each says about the trainer. */
export const trainerRules = {
  TrainerCreated: trainer(TrainerEvents.TrainerCreated, WHOLE_TRAINER, snapshot),
  TrainerUpdated: trainer(TrainerEvents.TrainerUpdated, WHOLE_TRAINER, snapshot),
  TrainerApproved: trainer(TrainerEvents.TrainerApproved, ['status'], ({ data: d }) => ({ id: d.trainerId, set: { status: 'active' } })),
  TrainerArchived: trainer(TrainerEvents.TrainerArchived, ['status'], ({ data: d }) => ({ id: d.trainerId, set: { status: 'archived' } })),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rule of any one event type
type Rules<C> = Record<string, Rule<any, C>>;

/** What the owner's answer to a read-through (its contract's copy of the person, with `updatedAt`) says: the whole person. */
const memberAnswer = (c: MemberCopy): { id: string; at: string; set: Omit<MemberColumns, 'org_id'> } => ({
  id: c.memberId,
  at: c.updatedAt,
  set: {
    location_id: c.locationId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone,
    status: c.status,
    membership_type: c.membershipType,
    payment_frequency: c.paymentFrequency,
    fee_paise: c.feePaise,
    // A pending member has no term: the answer's dates are the sign-up day, the events' are none.
    start_date: c.status === 'pending' ? null : c.startDate,
    end_date: c.status === 'pending' ? null : c.endDate,
    trainer_id: c.trainerId,
    frozen_from: null,
  },
});
const trainerAnswer = (c: TrainerCopy): { id: string; at: string; set: Omit<TrainerColumns, 'org_id'> } => ({
  id: c.trainerId,
  at: c.updatedAt,
  set: {
    location_id: c.locationId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone,
    specialization: c.specialization,
    max_clients: c.maxClients,
    is_available: c.isAvailable,
    hourly_rate_paise: c.hourlyRatePaise,
    status: c.status,
  },
});
type EventOf<R, K extends keyof R> = R[K] extends Rule<infer D, infer _C> ? EnvOf<D> : never;
type Row<DB, T extends keyof DB> = Updateable<DB[T]>;

/** How a service keeps its copy: its table, and which of the standard columns it keeps. */
export interface PersonCopySpec<DB, T extends keyof DB & string, C, R, A> {
  table: T;
  /** The standard columns this copy keeps (`org_id` included: a change then touches only the event's organization's row). */
  columns: readonly (keyof C & keyof DB[T] & string)[];
  /** The column of the person's id (default `id`). */
  key?: keyof DB[T] & string;
  /**
   * The column holding the occurredAt of the last event applied (default `updated_at`), which guards every write. null:
   * a copy without one, which relies on the topic's order (one person's events share a partition) and on the inbox.
   */
  version?: (keyof DB[T] & string) | null;
  /** A change to a person the copy does not hold: skipped (default; their first event brings the row) or inserted as far as it goes. */
  missing?: 'skip' | 'insert';
  /** Columns only a row being inserted takes (a kind, a first-seen time: `at` is the event's occurredAt). */
  insert?: (at: Date) => Row<DB, T>;
  /** More columns an event writes, in the same guarded statement (this copy's own: a derived name, the terms); the event is consumed for them. */
  extra?: { [K in keyof R]?: (env: EventOf<R, K>, trx: Transaction<DB>) => Row<DB, T> | Promise<Row<DB, T>> };
  /** More columns a read-through's answer writes (as `extra` for an event). */
  answerExtra?: (answer: A) => Row<DB, T>;
}

/** The service's own work for an event, after the copy is written, in the same transaction; the event is consumed for it. */
export type AfterCopy<DB, R> = { [K in keyof R]?: (trx: Transaction<DB>, env: EventOf<R, K>) => Promise<unknown> };

export interface PersonCopy<DB, C, R, A> {
  /** The consumer handlers: one per event this copy consumes (or `after` names), each writing the copy, then doing `after`'s work. */
  handlers(after?: AfterCopy<DB, R>): EventHandler<DB>[];
  /** Writes what an event (already parsed) says into the copy; the change, or undefined when the copy does not consume it. */
  apply(trx: Transaction<DB>, env: EventEnvelope<unknown>): Promise<PersonChange<C> | undefined>;
  /**
   * Writes the owner's answer to a read-through (answered under the caller's token: of the caller's organization) as
   * the whole person, through the same guarded write: the events, when they arrive, change nothing or something newer.
   * A copy without a version only inserts a missing row.
   */
  save(db: Kysely<DB>, orgId: string, answer: A): Promise<void>;
  /** What an event of the owner's topic says about the person (undefined for a type the rules do not know). */
  changeOf(env: EventEnvelope<unknown>): PersonChange<C> | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's table, named at run time; the spec's types check its columns
type Untyped = Kysely<any>;

const build = <C, R extends Rules<C>, A>(rules: R, answer: (a: A) => { id: string; at: string; set: Partial<C> }) => {
  const byType = new Map(Object.entries(rules).map(([name, r]) => [r.def.type, { name, rule: r }]));
  const changeOf = (env: EventEnvelope<unknown>): PersonChange<C> | undefined => {
    const r = byType.get(env.type)?.rule;
    if (!r) return undefined;
    const s = r.says(env as never);
    return { id: s.id, orgId: env.orgId, at: new Date(env.occurredAt), whole: s.whole ?? false, set: s.set, onlyWhile: s.onlyWhile };
  };
  return <DB, T extends keyof DB & string>(spec: PersonCopySpec<DB, T, C, R, A>): PersonCopy<DB, C, R, A> => {
    const table: string = spec.table;
    const key = spec.key ?? 'id';
    const version = spec.version === undefined ? 'updated_at' : spec.version;
    const kept = new Set<string>(spec.columns);
    const keepsOrg = kept.has('org_id');
    const extra = (spec.extra ?? {}) as Record<string, ((env: EventEnvelope<unknown>, trx: Transaction<DB>) => object | Promise<object>) | undefined>;
    const writes = (name: string, r: Rule<AnyDefinition, C>) => r.sets.some((c) => kept.has(c as string)) || !!extra[name];

    /** The change's kept columns and `more`, in one statement guarded by the version (and the organization). */
    const write = async (trx: Kysely<DB>, change: PersonChange<C>, more: object | undefined, fillOnly = false): Promise<void> => {
      const cols: Record<string, unknown> = {};
      for (const [c, v] of Object.entries(change.set)) if (kept.has(c)) cols[c] = v;
      Object.assign(cols, more);
      if (Object.keys(cols).length === 0) return;
      if (version) cols[version] = change.at;
      const only = Object.entries(change.onlyWhile ?? {}).filter(([c]) => kept.has(c));
      const db = trx as unknown as Untyped;
      if (change.whole || spec.missing === 'insert') {
        const values = { ...spec.insert?.(change.at), [key]: change.id, ...(keepsOrg ? { org_id: change.orgId } : {}), ...cols };
        await db
          .insertInto(table)
          .values(values)
          .onConflict((oc) => {
            if (fillOnly) return oc.column(key).doNothing();
            let up = oc.column(key).doUpdateSet(cols);
            if (version) up = up.where(`${table}.${version}`, '<=', change.at);
            if (keepsOrg) up = up.where(`${table}.org_id`, '=', change.orgId);
            for (const [c, v] of only) up = up.where(`${table}.${c}`, v === null ? 'is' : '=', v);
            return up;
          })
          .execute();
        return;
      }
      let q = db.updateTable(table).set(cols).where(key, '=', change.id);
      if (version) q = q.where(version, '<=', change.at);
      if (keepsOrg) q = q.where('org_id', '=', change.orgId);
      for (const [c, v] of only) q = q.where(c, v === null ? 'is' : '=', v);
      await q.execute();
    };

    const apply = async (trx: Transaction<DB>, env: EventEnvelope<unknown>) => {
      const found = byType.get(env.type);
      if (!found || !writes(found.name, found.rule)) return undefined;
      const change = changeOf(env)!;
      await write(trx, change, await extra[found.name]?.(env, trx));
      return change;
    };
    return {
      handlers(afterCopy = {}) {
        const after = afterCopy as Record<string, ((trx: Transaction<DB>, env: EventEnvelope<unknown>) => Promise<unknown>) | undefined>;
        return [...byType.values()]
          .filter(({ name, rule: r }) => writes(name, r) || !!after[name])
          .map(({ name, rule: r }) =>
            on(r.def, async (trx: Transaction<DB>, env) => {
              await apply(trx, env);
              await after[name]?.(trx, env);
            }),
          );
      },
      apply,
      async save(db, orgId, a) {
        const s = answer(a);
        // Without a version the answer cannot tell whether it is newer than a row an event wrote meanwhile: it only fills a missing row.
        const change = { id: s.id, orgId, at: new Date(s.at), whole: true, set: { ...s.set, org_id: orgId } as Partial<C> };
        await write(db, change, spec.answerExtra?.(a), !version);
      },
      changeOf,
    };
  };
};

/**
 * A copy of members kept from members' events, e.g.
 * `memberCopy<SchedulingDb, 'members'>({ table: 'members', columns: ['org_id', 'location_id', 'status', 'end_date'] })`.
 * A renewal sets the term's columns and status active; a freeze status frozen and frozen_from; an unfreeze status active,
 * the moved end date and no frozen_from; an expiry status expired and the end date; a profile change the name and contacts;
 * an unassignment clears the trainer only while it is the member's trainer.
 */
export const memberCopy = build<MemberColumns, typeof memberRules, MemberCopy>(memberRules, memberAnswer);

/** A copy of trainers kept from trainers' events: the snapshot of a created or updated trainer, and status on approval and archiving. */
export const trainerCopy = build<TrainerColumns, typeof trainerRules, TrainerCopy>(trainerRules, trainerAnswer);
