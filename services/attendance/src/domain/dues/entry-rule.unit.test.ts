import { dateIn } from '@akhada/kit/domain';
import { describe, expect, it } from 'vitest';
import { entryVerdict, formatRupees, overdueMessage, type Due } from './entry-rule.ts';

const due = (paymentId: string, dueDate: string | null, amountPaise = 200000): Due => ({ paymentId, amountPaise, dueDate });

describe('entryVerdict: refuse when a payment is overdue by more than N days', () => {
  it('admits everyone when the location never set it (off by default), however overdue', () =>
    expect(entryVerdict(null, [due('p1', '2020-01-01')], '2026-11-29')).toEqual({ admitted: true }));

  it('admits on day N overdue and refuses on day N + 1', () => {
    // Due 3 Nov, N = 7: 10 Nov is 7 days overdue (admitted), 11 Nov is 8 (refused).
    expect(entryVerdict(7, [due('p1', '2026-11-03')], '2026-11-10')).toEqual({ admitted: true });
    expect(entryVerdict(7, [due('p1', '2026-11-03')], '2026-11-11')).toEqual({
      admitted: false,
      paymentId: 'p1',
      amountPaise: 200000,
      dueDate: '2026-11-03',
      daysOverdue: 8,
      overdueCount: 1,
    });
  });

  it('counts days in the location’s calendar: 18:40 UTC on 10 Nov is already 11 Nov in Kolkata', () => {
    const at = new Date('2026-11-10T18:40:00Z');
    expect(entryVerdict(7, [due('p1', '2026-11-03')], dateIn('UTC', at)).admitted).toBe(true);
    expect(entryVerdict(7, [due('p1', '2026-11-03')], dateIn('Asia/Kolkata', at)).admitted).toBe(false);
  });

  it('names the oldest of several overdue payments, and how many are overdue', () => {
    const v = entryVerdict(1, [due('p3', '2026-11-20', 150000), due('p1', '2026-10-01', 99950), due('p2', '2026-11-01')], '2026-11-29');
    expect(v).toMatchObject({ admitted: false, paymentId: 'p1', amountPaise: 99950, dueDate: '2026-10-01', daysOverdue: 59, overdueCount: 3 });
  });

  it('ignores a payment with no due date or not yet past N days', () => {
    expect(entryVerdict(3, [due('p1', null), due('p2', '2026-11-27'), due('p3', '2026-12-05')], '2026-11-29')).toEqual({ admitted: true });
    expect(entryVerdict(3, [], '2026-11-29')).toEqual({ admitted: true });
  });
});

describe('the refusal’s words', () => {
  it('says the amount in Indian format and the due date, with the year only when it is not this year', () => {
    expect(overdueMessage(200000, '2026-11-03', '2026-11-29')).toBe('Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent');
    expect(overdueMessage(12000050, '2025-12-20', '2026-01-05')).toBe(
      'Payment of ₹1,20,000.50 overdue since 20 Dec 2025 — pay at the desk or with the link we sent',
    );
    expect(formatRupees(0)).toBe('₹0');
  });
});
