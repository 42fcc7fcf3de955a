import { WEBHOOK_KINDS, type WebhookBody, type WebhookEventType } from '@akhada/contracts';

// Which internal event becomes which webhook, and its payload: ./webhook-payloads.ts.

/** A failed delivery is tried again after 1×, 2×, 4×, … the base (30 s in production), capped at 6 h. */
export const webhookBackoffMs = (attempt: number, baseMs: number): number => Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 6 * 3_600_000);

/** After this many attempts a delivery is given up and its endpoint marked failing. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a webhook URL is refused, or null: https only, except http to this machine where local targets are allowed
 * (development and tests). Private and internal addresses are checked again when sending (after the name resolves).
 */
export const webhookUrlProblem = (raw: string, allowLocal: boolean): string | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a valid URL';
  }
  if (url.username || url.password) return 'The URL must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLocal && LOCAL_HOSTS.has(url.hostname)) return null;
  return url.protocol === 'http:' ? 'The URL must start with https://' : 'The URL must be an https:// address';
};

/** The JSON body a webhook receives for one event (contracts' WebhookBody; `version` is the kind's payload version, 1 for a ping). */
export const webhookBody = (e: {
  eventId: string;
  type: WebhookEventType | 'ping';
  occurredAt: string;
  orgId: string;
  locationId?: string | null | undefined;
  data: unknown;
}): string => {
  const body: WebhookBody = {
    id: e.eventId,
    type: e.type,
    version: e.type === 'ping' ? 1 : WEBHOOK_KINDS[e.type].version,
    createdAt: e.occurredAt,
    organizationId: e.orgId,
    locationId: e.locationId ?? null,
    data: e.data,
  };
  return JSON.stringify(body);
};
