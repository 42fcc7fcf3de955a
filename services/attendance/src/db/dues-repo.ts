import { MEMBERSHIP_PAYMENT_TYPES } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { Due } from '../domain/dues/entry-rule.ts';
import type { AttendanceDb, MemberDuesTable } from './schema.ts';

/** Unpaid in payments' words: pending, or an online attempt that failed (it can still be paid). */
const UNPAID = ['pending', 'failed'];
/** Final for dues: once paid, cancelled or refunded, a payment is never owed again here, whatever arrives late. */
const SETTLED = ['completed', 'cancelled', 'refunded', 'partially_refunded'];

/**
 * A payment as payments' event tells it, upserted by payment id: a newer event (its occurredAt) wins, and a settled
 * payment stays settled (a redelivered or overtaken "pending" cannot make a member owe again what they paid).
 */
export const saveDue = (db: Executor<AttendanceDb>, row: MemberDuesTable) =>
  db
    .insertInto('member_dues')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('payment_id')
        .doUpdateSet((eb) => ({
          location_id: eb.ref('excluded.location_id'),
          type: eb.ref('excluded.type'),
          status: eb.ref('excluded.status'),
          total_paise: eb.ref('excluded.total_paise'),
          due_date: eb.ref('excluded.due_date'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('member_dues.org_id', '=', (eb) => eb.ref('excluded.org_id'))
        .where('member_dues.updated_at', '<=', (eb) => eb.ref('excluded.updated_at'))
        .where('member_dues.status', 'not in', SETTLED),
    )
    .execute();

/** The member's unpaid membership payments with a due date (any location of the organization: the member owes the gym). */
export const openDuesOf = async (db: Executor<AttendanceDb>, orgId: string, memberId: string): Promise<Due[]> =>
  (
    await db
      .selectFrom('member_dues')
      .select(['payment_id', 'total_paise', 'due_date'])
      .where('org_id', '=', orgId)
      .where('member_id', '=', memberId)
      .where('status', 'in', UNPAID)
      .where('type', 'in', [...MEMBERSHIP_PAYMENT_TYPES])
      .where('due_date', 'is not', null)
      .execute()
  ).map((r) => ({ paymentId: r.payment_id, amountPaise: Number(r.total_paise), dueDate: r.due_date }));

/** A location's rule from auth.location_updated (keyed by location: its events arrive in order); null turns it off. */
export const saveEntryRule = (db: Executor<AttendanceDb>, row: { location_id: string; org_id: string; refuse_overdue_days: number | null; updated_at: Date }) =>
  db
    .insertInto('location_entry_rules')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('location_id')
        .doUpdateSet((eb) => ({ refuse_overdue_days: eb.ref('excluded.refuse_overdue_days'), updated_at: eb.ref('excluded.updated_at') }))
        .where('location_entry_rules.org_id', '=', (eb) => eb.ref('excluded.org_id'))
        .where('location_entry_rules.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();

/** N of "refuse check-in when a payment is overdue by more than N days" at the location; null (or never set): off. */
export const overdueDaysAt = async (db: Executor<AttendanceDb>, orgId: string, locationId: string): Promise<number | null> =>
  (
    await db
      .selectFrom('location_entry_rules')
      .select('refuse_overdue_days')
      .where('location_id', '=', locationId)
      .where('org_id', '=', orgId)
      .executeTakeFirst()
  )?.refuse_overdue_days ?? null;
