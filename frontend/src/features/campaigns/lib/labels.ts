import type { CampaignStatus, OutboundStatus, WhatsAppApproval } from '@akhada/contracts';

/** The badge tone of each status (components.css .badge--*). */
export const campaignTone: Record<CampaignStatus, string> = {
  scheduled: 'info',
  sending: 'priority-high',
  completed: 'success',
  cancelled: 'neutral',
};
export const recipientTone: Record<OutboundStatus | 'cancelled', string> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};
export const approvalTone: Record<WhatsAppApproval, string> = { pending: 'priority-high', approved: 'success', rejected: 'danger' };

/** A date and time in a time zone, as the UI language reads it. */
export function formatInZone(iso: string, timeZone: string | undefined, lang: string): string {
  return new Date(iso).toLocaleString(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
    timeZone,
  });
}
