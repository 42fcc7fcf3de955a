import type { WebhookDelivery, WebhookEndpoint } from '@akhada/contracts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.ts';

export const toWebhookDelivery = (d: WebhookDeliveryRow): WebhookDelivery => ({
  _id: d.id,
  endpointId: d.endpoint_id,
  eventType: d.event_type,
  eventId: d.event_id,
  // 'sending' is an attempt under way: still pending for whoever looks.
  status: d.status === 'sending' ? 'pending' : d.status,
  attempts: d.attempts,
  responseCode: d.response_code,
  error: d.error,
  createdAt: d.created_at.toISOString(),
  lastAttemptAt: d.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: d.status === 'pending' || d.status === 'sending' ? d.next_attempt_at.toISOString() : null,
});

export const toWebhookEndpoint = (e: WebhookEndpointRow, last: WebhookDeliveryRow | undefined): WebhookEndpoint => ({
  _id: e.id,
  url: e.url,
  description: e.description,
  eventTypes: e.event_types,
  status: e.status,
  createdAt: e.created_at.toISOString(),
  lastDelivery: last
    ? {
        status: last.status === 'sending' ? 'pending' : last.status,
        responseCode: last.response_code,
        at: (last.last_attempt_at ?? last.created_at).toISOString(),
      }
    : null,
});
