import { describe, expect, it } from 'vitest';
import { AGE_BANDS, burstOf, outboundBackoffMs, rateKeyOf, reachOf, refill, scheduledInstant, take } from './campaigns.ts';

describe('reachOf: who a campaign message goes to', () => {
  const p = { phone: '9876543210', email: 'a@example.com', marketingConsent: true, messagingConsent: null } as const;

  it('marketing: only with marketing consent granted for the channel (never recorded or withdrawn: no consent)', () => {
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'whatsapp' })).toBe('reachable');
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'whatsapp', marketingConsent: null })).toBe('no_consent');
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'email', marketingConsent: false })).toBe('no_consent');
  });

  it('no consent counts before no address', () => {
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'sms', phone: null, marketingConsent: null })).toBe('no_consent');
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'sms', phone: null })).toBe('no_address');
    expect(reachOf({ ...p, purpose: 'marketing', channel: 'email', email: '  ' })).toBe('no_address');
  });

  it('utility: needs no marketing consent, but a withdrawn messaging consent stops WhatsApp and SMS (not email)', () => {
    expect(reachOf({ ...p, purpose: 'utility', channel: 'whatsapp', marketingConsent: null })).toBe('reachable');
    expect(reachOf({ ...p, purpose: 'utility', channel: 'whatsapp', messagingConsent: false })).toBe('no_consent');
    expect(reachOf({ ...p, purpose: 'utility', channel: 'email', messagingConsent: false })).toBe('reachable');
    expect(reachOf({ ...p, purpose: 'utility', channel: 'email', email: null })).toBe('no_address');
  });
});

describe('scheduledInstant: a local date and time in the location’s zone', () => {
  const now = new Date('2026-06-10T06:30:00Z');

  it('is the instant the zone’s clocks show it (Kolkata +05:30, New York in summer time)', () => {
    expect(scheduledInstant({ date: '2026-06-11', time: '09:30' }, 'Asia/Kolkata', now).toISOString()).toBe('2026-06-11T04:00:00.000Z');
    expect(scheduledInstant({ date: '2026-06-11', time: '09:30' }, 'America/New_York', now).toISOString()).toBe('2026-06-11T13:30:00.000Z');
  });

  it('refuses the past (beyond a minute) and more than a year ahead; "now" within the minute is fine', () => {
    expect(() => scheduledInstant({ date: '2026-06-10', time: '11:00' }, 'Asia/Kolkata', now)).toThrow('in the past');
    expect(scheduledInstant({ date: '2026-06-10', time: '12:00' }, 'Asia/Kolkata', now).toISOString()).toBe('2026-06-10T06:30:00.000Z');
    expect(() => scheduledInstant({ date: '2027-07-01', time: '09:00' }, 'Asia/Kolkata', now)).toThrow('within a year');
    expect(() => scheduledInstant({ date: '2026-02-30', time: '09:00' }, 'Asia/Kolkata', now)).toThrow('valid date');
  });
});

describe('the lanes’ token buckets', () => {
  const t0 = new Date('2026-06-10T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('hold two seconds of the rate, at least one message', () => {
    expect(burstOf(60)).toBe(2);
    expect(burstOf(600)).toBe(20);
    expect(burstOf(1)).toBe(1);
  });

  it('refill at the rate up to the burst, and never from a clock going back', () => {
    const b = { perMinute: 600, tokens: 0, refilledAt: t0 };
    expect(refill(b, at(500)).tokens).toBeCloseTo(5);
    expect(refill(b, at(60_000)).tokens).toBe(20);
    expect(refill({ ...b, tokens: 3 }, at(-10_000)).tokens).toBe(3);
  });

  it('let through whole messages only, at most what is asked, and keep the rest', () => {
    const first = take({ perMinute: 60, tokens: 2, refilledAt: t0 }, t0, 100);
    expect(first.n).toBe(2);
    const second = take(first.bucket, at(1_500), 100);
    expect(second.n).toBe(1);
    expect(second.bucket.tokens).toBeCloseTo(0.5);
    expect(take({ perMinute: 6000, tokens: 100, refilledAt: t0 }, t0, 7).n).toBe(7);
    // Over a minute a lane at 120/min sends about 120, whatever the size of the steps.
    let bucket = { perMinute: 120, tokens: 0, refilledAt: t0 };
    let sent = 0;
    for (let ms = 0; ms <= 60_000; ms += 250) {
      const r = take(bucket, at(ms), 1000);
      sent += r.n;
      bucket = r.bucket;
    }
    expect(sent).toBe(120);
  });
});

describe('the rest', () => {
  it('age bands cover every age once', () => {
    for (let age = 0; age < 120; age++)
      expect(
        Object.values(AGE_BANDS).filter((b) => age >= b.min && (b.max === null || age <= b.max)),
        `age ${age}`,
      ).toHaveLength(1);
  });
  it('back-off doubles from the base', () => {
    expect([1, 2, 3, 4].map((n) => outboundBackoffMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
  it('a campaign has its own lane; automations share their organization’s', () => {
    expect(rateKeyOf({ campaignId: 'c1', orgId: 'o1' })).toBe('campaign:c1');
    expect(rateKeyOf({ campaignId: null, orgId: 'o1' })).toBe('org:o1');
  });
});
