import { sql } from 'kysely';
import { memberCopy, trainerCopy, type Executor } from '@akhada/kit';
import type { ActivityTable, AuditTable, CheckInsTable, DashboardDb, PaymentsTable, StatusChangesTable } from './schema.ts';

/** Writes of the read model. Entity rows are guarded by their last event's time; fact rows are keyed by their own id. */

/**
 * The people of the search, Active Members and Total Trainers: members and trainers in one table (`kind`), kept by the
 * kit from their services' events (an older event never overwrites a newer one). When they first appeared is the
 * dashboard's own; a pending member has no plan here (members says basic).
 */
export const memberPeople = memberCopy<DashboardDb, 'people'>({
  table: 'people',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'status', 'membership_type'],
  insert: (at) => ({ kind: 'member', registered_at: at }),
  extra: { MemberSignedUp: () => ({ membership_type: null }) },
});
export const trainerPeople = trainerCopy<DashboardDb, 'people'>({
  table: 'people',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'status'],
  insert: (at) => ({ kind: 'trainer', membership_type: null, registered_at: at }),
});

export const personById = (db: Executor<DashboardDb>, id: string) =>
  db.selectFrom('people').select(['id', 'org_id', 'location_id', 'first_name', 'last_name', 'kind']).where('id', '=', id).executeTakeFirst();

export const addStatusChange = (db: Executor<DashboardDb>, row: StatusChangesTable) =>
  db
    .insertInto('status_changes')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();

/** One row, or many in one statement (none: no statement). */
export const addCheckIn = async (db: Executor<DashboardDb>, rows: CheckInsTable | readonly CheckInsTable[]): Promise<void> => {
  if (Array.isArray(rows) && rows.length === 0) return;
  await db
    .insertInto('check_ins')
    .values(rows as CheckInsTable | CheckInsTable[])
    .onConflict((oc) => oc.column('attendance_id').doNothing())
    .execute();
};

export const upsertPayment = (db: Executor<DashboardDb>, row: PaymentsTable) =>
  db
    .insertInto('payments')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          member_id: eb.ref('excluded.member_id'),
          member_name: eb.ref('excluded.member_name'),
          invoice_number: sql<string | null>`coalesce(excluded.invoice_number, payments.invoice_number)`,
          amount_paise: eb.ref('excluded.amount_paise'),
          refunded_paise: eb.ref('excluded.refunded_paise'),
          category: eb.ref('excluded.category'),
          location_id: eb.ref('excluded.location_id'),
          status: eb.ref('excluded.status'),
          paid_at: sql<Date | null>`coalesce(payments.paid_at, excluded.paid_at)`,
          settled_at: sql<Date | null>`coalesce(payments.settled_at, excluded.settled_at)`,
          created_at: sql<Date>`case when payments.updated_at = to_timestamp(0) then excluded.created_at else least(payments.created_at, excluded.created_at) end`,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('payments.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
    )
    .execute();

/** An invoice's number, whichever of the invoice and its payment arrives first (they travel on different keys). */
export const setInvoiceNumber = (
  db: Executor<DashboardDb>,
  p: { id: string; org_id: string; location_id: string; member_id: string | null; number: string; total_paise: number },
) =>
  db
    .insertInto('payments')
    .values({
      id: p.id,
      org_id: p.org_id,
      location_id: p.location_id,
      member_id: p.member_id,
      member_name: '',
      invoice_number: p.number,
      amount_paise: p.total_paise,
      refunded_paise: 0,
      category: 'member',
      status: 'completed',
      created_at: new Date(0),
      paid_at: null,
      settled_at: null,
      // Older than any event of the payment: its own events overwrite everything but the number.
      updated_at: new Date(0),
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ invoice_number: p.number }))
    .execute();

/** One row, or many in one statement (none: no statement). */
export const addActivity = async (db: Executor<DashboardDb>, rows: ActivityTable | readonly ActivityTable[]): Promise<void> => {
  if (Array.isArray(rows) && rows.length === 0) return;
  await db
    .insertInto('activity')
    .values(rows as ActivityTable | ActivityTable[])
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
};

/** One row, or many in one statement (none: no statement). */
export const addAudit = async (db: Executor<DashboardDb>, rows: AuditTable | readonly AuditTable[]): Promise<void> => {
  if (Array.isArray(rows) && rows.length === 0) return;
  await db
    .insertInto('audit')
    .values(rows as AuditTable | AuditTable[])
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
};

export const upsertActor = (db: Executor<DashboardDb>, row: { user_id: string; org_id: string; name: string }) =>
  db
    .insertInto('actors')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();

export const bumpOrgVersion = (db: Executor<DashboardDb>, orgId: string) =>
  db
    .insertInto('org_versions')
    .values({ org_id: orgId, version: '1' })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ version: sql`org_versions.version + 1` }))
    .execute();

export const orgVersion = async (db: Executor<DashboardDb>, orgId: string): Promise<string> =>
  (await db.selectFrom('org_versions').select('version').where('org_id', '=', orgId).executeTakeFirst())?.version ?? '0';
