import type { CreateWebhookBody, WebhookDelivery, WebhookEndpoint } from '@akhada/contracts';
import { AppError, newId, notFound, type RequestContext } from '@akhada/kit';
import { randomBytes } from 'node:crypto';
import { endpointOf, endpointsOf, lastDeliveries } from '../db/webhooks-repo.ts';
import { webhookBody, webhookUrlProblem } from '../domain/webhooks.ts';
import { toWebhookDelivery, toWebhookEndpoint } from '../views/webhook-views.ts';
import type { IntegrationsDeps } from './deps.ts';

export const listWebhooks = async ({ db }: Pick<IntegrationsDeps, 'db'>, ctx: RequestContext): Promise<WebhookEndpoint[]> => {
  const endpoints = await endpointsOf(db, ctx.orgId);
  const last = await lastDeliveries(
    db,
    endpoints.map((e) => e.id),
  );
  return endpoints.map((e) => toWebhookEndpoint(e, last.get(e.id)));
};

/** Registers an endpoint; its signing secret (`whsec_…`) is answered this once and stored sealed. */
export const createWebhook = async (
  deps: Pick<IntegrationsDeps, 'db' | 'box' | 'clock' | 'allowPrivateWebhooks'>,
  ctx: RequestContext,
  body: CreateWebhookBody,
) => {
  const problem = webhookUrlProblem(body.url, deps.allowPrivateWebhooks);
  if (problem) throw new AppError(400, 'WEBHOOK_URL_NOT_ALLOWED', problem, [{ path: 'url', message: problem }]);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await deps.db
    .insertInto('webhook_endpoints')
    .values({
      id: newId(),
      org_id: ctx.orgId,
      url: body.url,
      description: body.description,
      event_types: [...new Set(body.eventTypes)],
      secret_sealed: deps.box.seal(secret),
      status: 'active',
      deleted_at: null,
      created_at: deps.clock(),
      created_by: ctx.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { endpoint: toWebhookEndpoint(row, undefined), secret };
};

export const deleteWebhook = async (deps: Pick<IntegrationsDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<void> => {
  const r = await deps.db
    .updateTable('webhook_endpoints')
    .set({ deleted_at: deps.clock() })
    .where('id', '=', id)
    .where('org_id', '=', ctx.orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('Webhook');
  // Nothing more goes out to it: open deliveries end here.
  await deps.db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error: 'The endpoint was removed' })
    .where('endpoint_id', '=', id)
    .where('status', 'in', ['pending', 'sending'])
    .execute();
};

export const webhookDeliveries = async ({ db }: Pick<IntegrationsDeps, 'db'>, ctx: RequestContext, id: string): Promise<WebhookDelivery[]> => {
  if (!(await endpointOf(db, ctx.orgId, id))) throw notFound('Webhook');
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toWebhookDelivery);
};

/** A signed `ping` queued at once for the endpoint; the deliverer sends it like any event. */
export const testWebhook = async (deps: Pick<IntegrationsDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<WebhookDelivery> => {
  const endpoint = await endpointOf(deps.db, ctx.orgId, id);
  if (!endpoint) throw notFound('Webhook');
  const now = deps.clock();
  const eventId = newId();
  const row = await deps.db
    .insertInto('webhook_deliveries')
    .values({
      id: newId(),
      endpoint_id: id,
      org_id: ctx.orgId,
      event_id: eventId,
      event_type: 'ping',
      body: webhookBody({ eventId, type: 'ping', occurredAt: now.toISOString(), orgId: ctx.orgId, data: { endpointId: id, message: 'Akhada webhook test' } }),
      status: 'pending',
      next_attempt_at: now,
      last_attempt_at: null,
      response_code: null,
      error: null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhookDelivery(row);
};

/** Sends a delivery again (the same event id and body, a fresh signature), whatever its outcome was. */
export const redeliver = async (deps: Pick<IntegrationsDeps, 'db' | 'clock'>, ctx: RequestContext, deliveryId: string): Promise<WebhookDelivery> => {
  const row = await deps.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: deps.clock(), error: null })
    .where('id', '=', deliveryId)
    .where('org_id', '=', ctx.orgId)
    .where('status', '!=', 'sending')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints')
          .select('id')
          .whereRef('webhook_endpoints.id', '=', 'webhook_deliveries.endpoint_id')
          .where('webhook_endpoints.deleted_at', 'is', null),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (row) return toWebhookDelivery(row);
  const existing = await deps.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!existing || !(await endpointOf(deps.db, ctx.orgId, existing.endpoint_id))) throw notFound('Delivery');
  // Being sent right now: it is already on its way.
  return toWebhookDelivery(existing);
};
