import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { EnquiriesDb } from './schema.ts';

/** A lead of the organization. */
export const leadOf = (db: Executor<EnquiriesDb>, orgId: string, id: string) =>
  db.selectFrom('leads').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
export type LeadRow = NonNullable<Awaited<ReturnType<typeof leadOf>>>;

/** The organization's lead with this phone number (its key), if any. */
export const leadByPhone = (db: Executor<EnquiriesDb>, orgId: string, phoneKey: string) =>
  db.selectFrom('leads').selectAll().where('org_id', '=', orgId).where('phone_key', '=', phoneKey).executeTakeFirst();

/**
 * Enquiries with one phone number in one organization are serialized by a transaction-scoped lock on the pair, so two
 * at once find each other: the second joins the lead the first made.
 */
export const lockPhone = (db: Executor<EnquiriesDb>, orgId: string, phoneKey: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`enquiries-phone:${orgId}:${phoneKey}`}))`.execute(db);

export interface LeadFilter {
  orgId: string;
  /** null: every location of the organization (an owner). */
  locationIds: string[] | null;
  /** A trainer sees only the leads assigned to them; 'none' = unassigned. */
  ownerId?: string | undefined;
  stage?: string | undefined;
  source?: string | undefined;
  locationId?: string | undefined;
  search?: string | undefined;
}

const filtered = (db: Executor<EnquiriesDb>, f: LeadFilter) => {
  let q = db.selectFrom('leads').where('org_id', '=', f.orgId);
  if (f.locationIds) q = f.locationIds.length > 0 ? q.where('location_id', 'in', f.locationIds) : q.where(sql<boolean>`false`);
  if (f.ownerId === 'none') q = q.where('owner_id', 'is', null);
  else if (f.ownerId) q = q.where('owner_id', '=', f.ownerId);
  if (f.stage) q = q.where('stage', '=', f.stage);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.locationId) q = q.where('location_id', '=', f.locationId);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = f.search.replace(/\D/g, '');
    q = q.where((eb) =>
      eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like), ...(digits.length >= 3 ? [eb('phone_key', 'like', `%${digits}%`)] : [])]),
    );
  }
  return q;
};

/** A page of leads, newest first, and how many match. */
export const listLeads = async (db: Executor<EnquiriesDb>, f: LeadFilter, page: number, limit: number) => {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
};

export const timelineOf = (db: Executor<EnquiriesDb>, leadId: string) =>
  db.selectFrom('lead_timeline').selectAll().where('lead_id', '=', leadId).orderBy('seq', 'desc').execute();

/** A lead's trial passes, newest first. */
export const trialPassesOf = (db: Executor<EnquiriesDb>, leadId: string) =>
  db.selectFrom('lead_trial_passes').selectAll().where('lead_id', '=', leadId).orderBy('issued_at', 'desc').execute();

export const followUpsOf = (db: Executor<EnquiriesDb>, leadId: string) =>
  db.selectFrom('lead_follow_ups').selectAll().where('lead_id', '=', leadId).orderBy('due_at').execute();
export type FollowUpRow = Awaited<ReturnType<typeof followUpsOf>>[number];

/** The earliest open follow-up of each of these leads. */
export const nextFollowUps = async (db: Executor<EnquiriesDb>, leadIds: string[]): Promise<Map<string, Date>> => {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lead_follow_ups')
    .select(['lead_id', (eb) => eb.fn.min('due_at').as('due')])
    .where('lead_id', 'in', leadIds)
    .where('done_at', 'is', null)
    .groupBy('lead_id')
    .execute();
  return new Map(rows.map((r) => [r.lead_id, new Date(r.due as unknown as string | Date)]));
};

/** A staff member's open follow-ups due before an instant, with their leads, earliest first. */
export const openFollowUpsOf = (db: Executor<EnquiriesDb>, orgId: string, assigneeId: string, dueBefore: Date) =>
  db
    .selectFrom('lead_follow_ups as f')
    .innerJoin('leads as l', 'l.id', 'f.lead_id')
    .selectAll('f')
    .select(['l.name as lead_name', 'l.phone as lead_phone', 'l.stage as lead_stage', 'l.location_id as lead_location_id'])
    .where('f.org_id', '=', orgId)
    .where('l.org_id', '=', orgId)
    .where('f.assignee_id', '=', assigneeId)
    .where('f.done_at', 'is', null)
    .where('f.due_at', '<', dueBefore)
    .orderBy('f.due_at')
    .limit(500)
    .execute();
