import { topicOf, type EventEnvelope, type ServiceName } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import type { ConsumerGroupSpec, EventHandler } from '@akhada/kit';
import type { NotificationsDb } from '../db/schema.ts';
import { scheduleWebhookDeliveries, type WebhookOccurrence } from '../db/webhooks-repo.ts';
import { WEBHOOK_EVENTS, webhookBody } from '../domain/webhooks.ts';

const occurrenceOf = (env: EventEnvelope<unknown>): WebhookOccurrence => {
  const type = WEBHOOK_EVENTS[env.type]!;
  return {
    orgId: env.orgId,
    eventId: env.eventId,
    type,
    occurredAt: new Date(env.occurredAt),
    body: webhookBody({ eventId: env.eventId, type, occurredAt: env.occurredAt, orgId: env.orgId, locationId: env.locationId, data: env.data }),
    at: new Date(),
  };
};

/** A run of a batch's webhook events (a burst of check-ins): one lookup of the endpoints and one insert for all. */
const many = async (trx: Transaction<NotificationsDb>, envs: EventEnvelope<unknown>[]) => {
  await scheduleWebhookDeliveries(trx, envs.map(occurrenceOf));
};

/**
 * An integration event → one pending webhook delivery per endpoint of the organization that asked for it, written in
 * the inbox transaction (so a redelivered event writes nothing twice). The payload goes out as the event carried it.
 */
const webhookHandler = (integrationType: string): EventHandler<NotificationsDb> => ({
  type: integrationType,
  async handle(trx, env) {
    await scheduleWebhookDeliveries(trx, occurrenceOf(env));
  },
  many,
});

/** One consumer group per topic with webhook events (groups must not span topics), named `<prefix>.<service>`. */
export const webhookConsumerGroups = (prefix = 'notifications.webhooks'): ConsumerGroupSpec<NotificationsDb>[] => {
  const byService = new Map<ServiceName, string[]>();
  for (const type of Object.keys(WEBHOOK_EVENTS)) {
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
