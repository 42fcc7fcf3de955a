import { memberCopy, prepareQuery, trainerCopy, type Executor } from '@akhada/kit';
import { sql, type CompiledQuery } from 'kysely';
import { shiftedTerms, termsOf, withTerm, type TermDates } from '../domain/membership/admission.ts';
import type { AttendanceDb, MembersTable } from './schema.ts';

const termsJson = (terms: TermDates[]) => JSON.stringify(terms) as unknown as MembersTable['terms']; // jsonb: JSON text, not a PostgreSQL array
const termsOfRow = (m: MembersTable | undefined) => (m ? termsOf({ status: m.status, terms: m.terms, startDate: m.start_date, endDate: m.end_date }) : []);

/**
 * This service's own copy of each member's state, so a check-in decides without calling the members service; the kit
 * keeps it from members' events and the read-through's answers (an older event never overwrites a newer one). Every
 * term (jsonb) is attendance's own: a renewal adds the next term (the current one stays valid until it ends), and an
 * unfreeze moves the terms by the frozen days as members does (a copy that missed the freeze moves only the last term's end).
 */
export const members = memberCopy<AttendanceDb, 'members'>({
  table: 'members',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'status', 'start_date', 'end_date', 'frozen_from'],
  extra: {
    MemberRegistered: ({ data: d }) => ({ terms: termsJson([{ termNo: 1, startDate: d.startDate, endDate: d.endDate }]) }),
    MemberSignedUp: () => ({ terms: termsJson([]) }),
    MembershipRenewed: async ({ data: { memberId, term } }, trx) => ({
      terms: termsJson(withTerm(termsOfRow(await memberById(trx, memberId)), { termNo: term.termNo, startDate: term.startDate, endDate: term.endDate })),
    }),
    MembershipUnfrozen: async ({ data: d }, trx) => {
      const m = await memberById(trx, d.memberId);
      const known = termsOfRow(m);
      const moved = m?.frozen_from
        ? shiftedTerms(known, m.frozen_from, d.daysFrozen)
        : known.map((t, i) => (i === known.length - 1 ? { ...t, endDate: d.endDate } : t));
      return { terms: termsJson(moved) };
    },
  },
  answerExtra: (c) => ({ terms: termsJson(c.terms) }),
});

/** Trainers' names and status, for trainer check-ins and the trainer with a member. */
export const trainers = trainerCopy<AttendanceDb, 'trainers'>({
  table: 'trainers',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'status'],
});

/** Built once, on the first call (the SQL does not depend on the executor: the schema comes from search_path), and prepared. */
let memberByIdQuery: ((v: { id: string }) => CompiledQuery<MembersTable>) | undefined;
let membersByIdsQuery: ((v: { ids: string[] }) => CompiledQuery<MembersTable>) | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Waiting {
  id: string;
  resolve(row: MembersTable | undefined): void;
  reject(err: unknown): void;
}

/** Reads through the pool waiting for the end of this turn of the event loop, per pool. */
const waitingOn = new WeakMap<object, Waiting[]>();

const readTogether = async (db: Executor<AttendanceDb>): Promise<void> => {
  const waiting = waitingOn.get(db) ?? [];
  waitingOn.delete(db);
  // Only ids that are uuids reach the statement: a malformed one must not fail the others' reads (it finds nobody).
  const ids = [...new Set(waiting.map((w) => w.id.toLowerCase()).filter((id) => UUID.test(id)))];
  try {
    membersByIdsQuery ??= prepareQuery((v: { ids: string[] }) =>
      db
        .selectFrom('members')
        .selectAll()
        .where(sql<boolean>`id = any(${v.ids}::uuid[])`),
    );
    const rows = ids.length === 0 ? [] : (await db.executeQuery(membersByIdsQuery({ ids }))).rows;
    const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
    for (const w of waiting) w.resolve(byId.get(w.id.toLowerCase()));
  } catch (err) {
    for (const w of waiting) w.reject(err);
  }
};

/**
 * The member's row (every check-in reads it). In a transaction: one prepared statement. Through the pool: the reads
 * asked for in the same turn of the event loop (check-ins arriving together) share one statement, the way their
 * commands share the group commit — a round trip per burst instead of per check-in, and no wait when alone.
 */
export const memberById = async (db: Executor<AttendanceDb>, id: string): Promise<MembersTable | undefined> => {
  if (db.isTransaction) {
    memberByIdQuery ??= prepareQuery((v: { id: string }) => db.selectFrom('members').selectAll().where('id', '=', v.id));
    return (await db.executeQuery(memberByIdQuery({ id }))).rows[0];
  }
  return new Promise((resolve, reject) => {
    let waiting = waitingOn.get(db);
    if (!waiting) {
      waitingOn.set(db, (waiting = []));
      setImmediate(() => void readTogether(db));
    }
    waiting.push({ id, resolve, reject });
  });
};

export const trainerById = (db: Executor<AttendanceDb>, id: string) => db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirst();
