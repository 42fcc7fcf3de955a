import type { WebhookEventType } from '@akhada/contracts';

/** Which integration event becomes which webhook event: the product's stable names for outside systems. */
export const WEBHOOK_EVENTS: Record<string, WebhookEventType> = {
  'members.member_registered': 'member.registered',
  'payments.payment_completed': 'payment.completed',
  'attendance.checked_in': 'checkin.created',
  'inventory.sale_completed': 'sale.completed',
  'feedback.feedback_submitted': 'feedback.submitted',
};

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

/** The JSON body a webhook receives for one event. */
export const webhookBody = (e: {
  eventId: string;
  type: WebhookEventType | 'ping';
  occurredAt: string;
  orgId: string;
  locationId?: string | undefined;
  data: unknown;
}): string => JSON.stringify({ id: e.eventId, type: e.type, createdAt: e.occurredAt, organizationId: e.orgId, locationId: e.locationId ?? null, data: e.data });
