import { topicOf, type EventEnvelope, type ServiceName } from '@akhada/contracts';
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ConsumerGroupSpec, EventHandler } from '@akhada/kit';
import type { NotificationsDb } from '../db/schema.ts';
import { scheduleWebhookDeliveries, type WebhookOccurrence } from '../db/webhooks-repo.ts';
import { WEBHOOK_SOURCES, webhooksOf } from '../domain/webhook-payloads.ts';
import { webhookBody } from '../domain/webhooks.ts';

/** A stable UUID-shaped id for the `key`-th webhook of one event (a redelivered event derives the same ids). */
const derivedId = (eventId: string, key: string): string => {
  const h = createHash('sha256').update(`webhook:${eventId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The deliveries an integration event makes: its public payloads (never the internal event as it is). */
const occurrencesOf = (env: EventEnvelope<unknown>): WebhookOccurrence[] =>
  webhooksOf(env).map((w) => {
    const eventId = w.key === undefined ? env.eventId : derivedId(env.eventId, w.key);
    return {
      orgId: env.orgId,
      eventId,
      type: w.type,
      occurredAt: new Date(env.occurredAt),
      body: webhookBody({ eventId, type: w.type, occurredAt: env.occurredAt, orgId: env.orgId, locationId: w.locationId ?? env.locationId, data: w.data }),
      // The consumed event's time, as every consumer stamps what it writes (never the wall clock).
      at: new Date(env.occurredAt),
    };
  });

/** A run of a batch's webhook events (a burst of check-ins): one lookup of the endpoints and one insert for all. */
const many = async (trx: Transaction<NotificationsDb>, envs: EventEnvelope<unknown>[]) => {
  await scheduleWebhookDeliveries(trx, envs.flatMap(occurrencesOf));
};

/**
 * An integration event → one pending delivery per webhook it makes and endpoint of the organization that asked for
 * that kind, written in the inbox transaction (so a redelivered event writes nothing twice).
 */
const webhookHandler = (integrationType: string): EventHandler<NotificationsDb> => ({
  type: integrationType,
  async handle(trx, env) {
    await scheduleWebhookDeliveries(trx, occurrencesOf(env));
  },
  many,
});

/** One consumer group per topic with webhook events (groups must not span topics), named `<prefix>.<service>`. */
export const webhookConsumerGroups = (prefix = 'notifications.webhooks'): ConsumerGroupSpec<NotificationsDb>[] => {
  const byService = new Map<ServiceName, string[]>();
  for (const type of Object.keys(WEBHOOK_SOURCES)) {
    const service = type.split('.')[0] as ServiceName;
    byService.set(service, [...(byService.get(service) ?? []), type]);
  }
  return [...byService].map(([service, types]) => ({
    name: `notifications.webhooks.${service}`,
    groupId: `${prefix}.${service}`,
    topic: topicOf(service),
    handlers: types.map(webhookHandler),
  }));
};
