import type { WebhookEventType } from '@akhada/contracts';
import { newId, type Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { NotificationsDb, WebhookDeliveryRow, WebhookEndpointRow } from './schema.ts';

/** An endpoint of the organization that is not deleted (another organization's id: undefined, answered as 404). */
export const endpointOf = (db: Executor<NotificationsDb>, orgId: string, id: string): Promise<WebhookEndpointRow | undefined> =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('org_id', '=', orgId).where('deleted_at', 'is', null).executeTakeFirst();

export const endpointsOf = (db: Executor<NotificationsDb>, orgId: string): Promise<WebhookEndpointRow[]> =>
  db.selectFrom('webhook_endpoints').selectAll().where('org_id', '=', orgId).where('deleted_at', 'is', null).orderBy('created_at').execute();

/** The newest delivery of each endpoint. */
export const lastDeliveries = async (db: Executor<NotificationsDb>, endpointIds: string[]): Promise<Map<string, WebhookDeliveryRow>> => {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .distinctOn('endpoint_id')
    .where('endpoint_id', 'in', endpointIds)
    .orderBy('endpoint_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.endpoint_id, r]));
};

export interface WebhookOccurrence {
  orgId: string;
  eventId: string;
  type: WebhookEventType;
  occurredAt: Date;
  body: string;
  at: Date;
}

/**
 * One pending delivery per subscribed endpoint of the organization, in the inbox transaction of the event: the unique
 * (endpoint, event) key makes a second write of the same event a no-op, so each endpoint gets each event once. Several
 * events (a consumer batch's run) cost one lookup of their organizations' endpoints and one insert.
 */
export const scheduleWebhookDeliveries = async (trx: Executor<NotificationsDb>, events: WebhookOccurrence | readonly WebhookOccurrence[]): Promise<number> => {
  const list = Array.isArray(events) ? (events as readonly WebhookOccurrence[]) : [events as WebhookOccurrence];
  if (list.length === 0) return 0;
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'org_id', 'event_types', 'created_at'])
    .where(sql<boolean>`org_id = any(${[...new Set(list.map((e) => e.orgId))]}::uuid[])`)
    .where('deleted_at', 'is', null)
    .execute();
  if (endpoints.length === 0) return 0;
  const rows = list.flatMap((e) =>
    endpoints
      // Subscribed to the type, and registered before the event: a consumer catching up does not send it the gym's history.
      .filter((ep) => ep.org_id === e.orgId && ep.event_types.includes(e.type) && ep.created_at <= e.occurredAt)
      .map((ep) => ({
        id: newId(),
        endpoint_id: ep.id,
        org_id: e.orgId,
        event_id: e.eventId,
        event_type: e.type,
        body: e.body,
        status: 'pending' as const,
        next_attempt_at: e.at,
        last_attempt_at: null,
        response_code: null,
        error: null,
        created_at: e.at,
      })),
  );
  if (rows.length === 0) return 0;
  const r = await trx
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
};

export type DueWebhook = WebhookDeliveryRow & { url: string; secret_sealed: string };

/** Claims due deliveries (and ones whose sender died: lease over) with SKIP LOCKED; the claim commits before sending. */
export const claimDueWebhooks = (db: Executor<NotificationsDb>, now: Date, leaseMs: number, limit: number): Promise<DueWebhook[]> =>
  db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const rows = await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + leaseMs), last_attempt_at: now }))
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returningAll()
      .execute();
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret_sealed', 'deleted_at'])
      .where(
        'id',
        'in',
        rows.map((r) => r.endpoint_id),
      )
      .execute();
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const claimed: DueWebhook[] = [];
    for (const r of rows) {
      const ep = byId.get(r.endpoint_id);
      if (!ep || ep.deleted_at) {
        await trx.updateTable('webhook_deliveries').set({ status: 'failed', error: 'The endpoint was removed' }).where('id', '=', r.id).execute();
        continue;
      }
      claimed.push({ ...r, url: ep.url, secret_sealed: ep.secret_sealed });
    }
    return claimed;
  });
