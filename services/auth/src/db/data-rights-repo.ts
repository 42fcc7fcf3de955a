import { DATA_REQUEST_DUE_DAYS, type ConsentChannel, type ConsentPurpose, type DataRequest, type DataRightsEvents } from '@akhada/contracts';
import { newId, type Executor } from '@akhada/kit';
import type { Selectable } from 'kysely';
import type { DataRightsTables } from './data-rights-schema.ts';
import type { AuthDb } from './schema.ts';

/** Appends a line to the consent ledger; an event recorded before (same source event) adds nothing. */
export const recordConsent = async (
  db: Executor<AuthDb>,
  r: {
    orgId: string;
    userId: string;
    purpose: ConsentPurpose;
    granted: boolean;
    channel: ConsentChannel;
    actorId: string | null;
    at: Date;
    sourceEventId?: string;
  },
): Promise<void> => {
  await db
    .insertInto('consent_records')
    .values({
      id: newId(),
      org_id: r.orgId,
      user_id: r.userId,
      purpose: r.purpose,
      granted: r.granted,
      channel: r.channel,
      actor_id: r.actorId,
      recorded_at: r.at,
      source_event_id: r.sourceEventId ?? null,
    })
    .onConflict((oc) => oc.column('source_event_id').doNothing())
    .execute();
};

export const consentHistoryOf = (db: Executor<AuthDb>, orgId: string, userId: string) =>
  db
    .selectFrom('consent_records')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export type DataRequestRow = Selectable<DataRightsTables['data_requests']> & { erased_by: string[] };

const withErasures = async (db: Executor<AuthDb>, rows: Selectable<DataRightsTables['data_requests']>[]): Promise<DataRequestRow[]> => {
  if (rows.length === 0) return [];
  const done = await db
    .selectFrom('data_request_erasures')
    .select(['request_id', 'service'])
    .where(
      'request_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('service')
    .execute();
  return rows.map((r) => ({ ...r, erased_by: done.filter((d) => d.request_id === r.id).map((d) => d.service) }));
};

export const insertDataRequest = async (
  db: Executor<AuthDb>,
  r: { id: string; orgId: string; userId: string; requesterName: string; type: DataRequest['type']; details: string; email: string; now: Date },
) => {
  await db
    .insertInto('data_requests')
    .values({
      id: r.id,
      org_id: r.orgId,
      user_id: r.userId,
      requester_name: r.requesterName,
      type: r.type,
      details: r.details,
      status: 'open',
      created_at: r.now,
      due_at: new Date(r.now.getTime() + DATA_REQUEST_DUE_DAYS * 86_400_000),
      closed_at: null,
      note: null,
      decided_by: null,
      notify_email: r.email,
    })
    .execute();
};

/** One request of the organization (and of the user, when given); null when it is not theirs. */
export const findDataRequest = async (db: Executor<AuthDb>, orgId: string, id: string, userId?: string, lock = false): Promise<DataRequestRow | null> => {
  let q = db.selectFrom('data_requests').selectAll().where('org_id', '=', orgId).where('id', '=', id);
  if (userId) q = q.where('user_id', '=', userId);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return row ? ((await withErasures(db, [row]))[0] ?? null) : null;
};

/** The organization's requests (or one user's): open ones first, by due date; then closed ones, newest first. */
export const listDataRequests = async (db: Executor<AuthDb>, orgId: string, userId?: string): Promise<DataRequestRow[]> => {
  let q = db.selectFrom('data_requests').selectAll().where('org_id', '=', orgId);
  if (userId) q = q.where('user_id', '=', userId);
  const rows = await q
    .orderBy((eb) => eb.case().when('status', 'in', ['open', 'erasing']).then(0).else(1).end())
    .orderBy('due_at')
    .limit(500)
    .execute();
  return withErasures(db, rows);
};

export const closeDataRequest = async (
  db: Executor<AuthDb>,
  id: string,
  set: { status: DataRequest['status']; note?: string; decidedBy?: string; closedAt: Date | null },
) => {
  await db
    .updateTable('data_requests')
    .set({
      status: set.status,
      closed_at: set.closedAt,
      ...(set.note !== undefined ? { note: set.note } : {}),
      ...(set.decidedBy !== undefined ? { decided_by: set.decidedBy } : {}),
    })
    .where('id', '=', id)
    .execute();
};

/** Records a service's confirmation; answers the services that have confirmed so far. */
export const markErasedBy = async (db: Executor<AuthDb>, requestId: string, service: DataRightsEvents.ErasingService, at: Date): Promise<string[]> => {
  await db
    .insertInto('data_request_erasures')
    .values({ request_id: requestId, service, erased_at: at })
    .onConflict((oc) => oc.columns(['request_id', 'service']).doNothing())
    .execute();
  const rows = await db.selectFrom('data_request_erasures').select('service').where('request_id', '=', requestId).execute();
  return rows.map((r) => r.service);
};

/**
 * Auth's own part of an erasure, once every service has confirmed: the account keeps its id (the request and the
 * ledger refer to it) but loses name, email, phone, birth date, address and the means to sign in.
 */
export const eraseUser = async (db: Executor<AuthDb>, userId: string): Promise<void> => {
  await db
    .updateTable('users')
    .set({
      first_name: 'Erased',
      last_name: '',
      email: `erased-${userId}@erased.invalid`,
      phone: '',
      date_of_birth: null,
      gender: null,
      address: '{}',
      emergency_contact: '{}',
      status: 'deactivated',
      password_hash: null,
    })
    .where('id', '=', userId)
    .execute();
  // Linked Google accounts (their emails) and pending "confirm it's you" links are a means to sign in too.
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  await db.deleteFrom('google_link_tickets').where('user_id', '=', userId).execute();
  await db.updateTable('data_requests').set({ requester_name: 'Erased', notify_email: null }).where('user_id', '=', userId).execute();
  // The name shown as who created an API key (issue 29).
  await db.updateTable('api_keys').set({ created_by_name: 'Erased' }).where('created_by', '=', userId).execute();
};
