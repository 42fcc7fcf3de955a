import { describe, expect, it } from 'vitest';
import { backoffMs, fillPath, MAX_ATTEMPTS, overdueUrgency, preferenceCategoryOf, RULES } from './rules.ts';
import { EN_TEMPLATES, HI_TEMPLATES, renderIn, type TemplateKey } from './templates.ts';

describe('rule table', () => {
  it('every line names templates that exist in English and Hindi, and action keys that exist', () => {
    for (const [event, line] of Object.entries(RULES)) {
      for (const t of line.tell) {
        for (const leaf of ['title', 'message'])
          expect(EN_TEMPLATES[`notifications.${t.template}.${leaf}` as TemplateKey], `${event} → ${t.template}.${leaf}`).toBeTypeOf('string');
        if (t.action) expect(EN_TEMPLATES[`notifications.action.${t.action.key}` as TemplateKey], `${event} action`).toBeTypeOf('string');
      }
    }
  });

  it('the spec’s overdue urgency: Critical above 7 days, Urgent above 3, Overdue above 0', () => {
    expect(overdueUrgency(0)).toBeNull();
    expect(overdueUrgency(1)).toEqual({ label: 'Overdue', priority: 'medium' });
    expect(overdueUrgency(3)).toEqual({ label: 'Overdue', priority: 'medium' });
    expect(overdueUrgency(4)).toEqual({ label: 'Urgent', priority: 'high' });
    expect(overdueUrgency(7)).toEqual({ label: 'Urgent', priority: 'high' });
    expect(overdueUrgency(8)).toEqual({ label: 'Critical', priority: 'urgent' });
    const line = RULES['notifications.payment_overdue']!;
    expect(typeof line.priority === 'function' && line.priority({ data: { daysOverdue: 9 }, member: null })).toBe('urgent');
  });

  it('membership notifications follow the system preference; the others their own type', () => {
    expect(preferenceCategoryOf('membership')).toBe('system');
    expect(preferenceCategoryOf('payment')).toBe('payment');
  });

  it('a refund of money captured after its shop order expired (afterCancel) tells staff and the member in its own words', () => {
    const line = RULES['payments.payment_refunded']!;
    const told = (data: Record<string, unknown>) => line.tell.filter((t) => !t.when || t.when({ data, member: null })).map((t) => `${t.to}:${t.template}`);
    const data = { memberName: 'Asha Patil', refundPaise: 63_000, description: 'Order: Gym towel × 2', afterCancel: true };
    expect(told(data)).toEqual(['staff:late_payment_refunded', 'member:late_payment_refunded_member']);
    expect(told({ ...data, afterCancel: undefined })).toEqual(['staff:refund_processed', 'member:refund_processed_member']);
    const params = line.params({ data, member: null });
    expect(renderIn('en', 'notifications.late_payment_refunded_member.message', params)).toBe(
      'Your payment of ₹630 for your order (Gym towel × 2) arrived after the order expired and has been refunded.',
    );
    expect(renderIn('hi', 'notifications.late_payment_refunded_member.message', params)).toBe(
      'आपके ऑर्डर (Gym towel × 2) के लिए ₹630 का भुगतान ऑर्डर समाप्त होने के बाद आया, इसलिए उसे लौटा दिया गया है।',
    );
  });

  it('fills action paths, encoding the values', () => {
    expect(fillPath('/dashboard/members/{memberId}', { memberId: 'a/b' })).toBe('/dashboard/members/a%2Fb');
  });

  it('backs off 30 s, 2 min, 8 min … up to an hour, for a bounded number of attempts', () => {
    expect([1, 2, 3].map((a) => backoffMs(a))).toEqual([30_000, 120_000, 480_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(1);
  });
});

describe('templates', () => {
  it('Hindi has every English key with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(EN_TEMPLATES) as TemplateKey[]) expect(names(HI_TEMPLATES[key]), key).toEqual(names(EN_TEMPLATES[key]));
  });

  it('renders in the recipient’s language and keeps a missing parameter visible', () => {
    expect(renderIn('hi', 'notifications.low_attendance.message', { name: 'Riya', days: '10' })).toBe('Riya 10 दिनों से नहीं आए हैं');
    expect(renderIn('en', 'notifications.low_attendance.message', { name: 'Riya' })).toBe('Riya hasn’t visited in {days} days');
    expect(renderIn('hi', 'notifications.unknown.key')).toBe('notifications.unknown.key');
  });
});
