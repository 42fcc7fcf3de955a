import type { AgeBand, CampaignChannel, MessagePurpose } from '@akhada/contracts';
import { badRequest, instantAt, isCalendarDate } from '@akhada/kit/domain';

/** The ages (whole years) an age band covers, both ends included; `max` null: no upper end. */
export const AGE_BANDS: Readonly<Record<AgeBand, { min: number; max: number | null }>> = {
  under_18: { min: 0, max: 17 },
  '18_24': { min: 18, max: 24 },
  '25_34': { min: 25, max: 34 },
  '35_44': { min: 35, max: 44 },
  '45_54': { min: 45, max: 54 },
  '55_plus': { min: 55, max: null },
};

/** Why a person of a segment is (not) messaged on a channel. */
export type Reach = 'reachable' | 'no_consent' | 'no_address';

/**
 * Whether a person gets a campaign's message: an address for the channel first (a phone for WhatsApp and SMS, an email
 * for email), then consent: a MARKETING message only with marketing consent granted for that channel; a UTILITY one
 * unless the person withdrew their messaging consent (WhatsApp/SMS). No consent counts before no address: someone who
 * never agreed is "no consent" whether or not we have their number.
 */
export const reachOf = (p: {
  purpose: MessagePurpose;
  channel: CampaignChannel;
  phone: string | null;
  email: string | null;
  /** marketing_consent.granted for the channel; null: never recorded. */
  marketingConsent: boolean | null;
  /** messaging_consent.granted (members' WhatsApp consent); null: never recorded. */
  messagingConsent: boolean | null;
}): Reach => {
  if (p.purpose === 'marketing' && p.marketingConsent !== true) return 'no_consent';
  if (p.purpose === 'utility' && p.channel !== 'email' && p.messagingConsent === false) return 'no_consent';
  const address = p.channel === 'email' ? p.email : p.phone;
  return address && address.trim() ? 'reachable' : 'no_address';
};

/** How far ahead a campaign may be scheduled, and how far in the past "now" may be given (a form left open). */
export const SCHEDULE_AHEAD_MS = 366 * 86_400_000;
export const SCHEDULE_SLACK_MS = 60_000;

/**
 * The instant a local date and time names in a time zone (DST-safe), refused when it is in the past (beyond a minute's
 * slack) or more than a year ahead.
 */
export const scheduledInstant = (at: { date: string; time: string }, timeZone: string, now: Date): Date => {
  if (!isCalendarDate(at.date)) throw badRequest('Choose a valid date');
  const instant = instantAt(at.date, at.time, timeZone);
  if (instant.getTime() < now.getTime() - SCHEDULE_SLACK_MS) throw badRequest('The send time is in the past');
  if (instant.getTime() > now.getTime() + SCHEDULE_AHEAD_MS) throw badRequest('The send time must be within a year');
  return instant;
};

/** A lane's token bucket: refilled at `perMinute`, holding at most a couple of seconds' worth (at least one message). */
export interface Bucket {
  perMinute: number;
  tokens: number;
  refilledAt: Date;
}

/** The burst a lane may send at once: two seconds of its rate, at least one message. */
export const burstOf = (perMinute: number): number => Math.max(1, (perMinute / 60) * 2);

/** The bucket refilled up to `now` (a clock going back refills nothing). */
export const refill = (b: Bucket, now: Date): Bucket => {
  const elapsed = Math.max(0, now.getTime() - b.refilledAt.getTime());
  return { perMinute: b.perMinute, tokens: Math.min(burstOf(b.perMinute), b.tokens + (b.perMinute * elapsed) / 60_000), refilledAt: now };
};

/** How many messages the bucket lets through now (at most `max`), and the bucket after them. */
export const take = (b: Bucket, now: Date, max: number): { n: number; bucket: Bucket } => {
  const full = refill(b, now);
  const n = Math.max(0, Math.min(max, Math.floor(full.tokens)));
  return { n, bucket: { ...full, tokens: full.tokens - n } };
};

/** A transient failure goes again after 30 s, 1, 2, 4 min; then it is failed. */
export const OUTBOUND_MAX_ATTEMPTS = 5;
export const outboundBackoffMs = (attempts: number, baseMs = 30_000): number => baseMs * 2 ** Math.max(0, attempts - 1);

/** The lane a message is sent in: a campaign's own rate, or the organization's (automations). */
export const rateKeyOf = (m: { campaignId?: string | null; orgId: string }): string => (m.campaignId ? `campaign:${m.campaignId}` : `org:${m.orgId}`);
