import { describe, expect, it } from 'vitest';
import { RULES, type Facts } from './rules.ts';
import { renderIn } from './templates.ts';

// Issue 31: salary and expense payments raised "Payment received" notifications with no name. Money going out is not
// announced as received; money coming in still is, with the payer's name.
const facts = (data: Record<string, unknown>): Facts => ({ data, member: null });
const applies = (event: string, data: Record<string, unknown>) => {
  const line = RULES[event]!;
  return !line.when || line.when(facts(data));
};

describe('payments rules: money in and money out', () => {
  const completed = { totalPaise: 2_500_000, paidAt: '2026-11-20T05:00:00.000Z' };

  it('a trainer salary or an expense raises no "Payment received"', () => {
    expect(applies('payments.payment_completed', { ...completed, category: 'trainer', type: 'salary', memberName: '', trainerName: 'Vikram Rao' })).toBe(false);
    expect(applies('payments.payment_completed', { ...completed, category: 'expense', type: 'rent', memberName: '', trainerName: '' })).toBe(false);
    expect(applies('payments.payment_refunded', { category: 'expense', refundPaise: 10_000, memberName: '' })).toBe(false);
  });

  it("a member's payment is announced with the member's name; other income too", () => {
    const data = { ...completed, category: 'member', type: 'membership_renewal', memberName: 'Asha Patil' };
    expect(applies('payments.payment_completed', data)).toBe(true);
    expect(applies('payments.payment_completed', { ...data, category: 'other', type: 'product_sale' })).toBe(true);
    const params = RULES['payments.payment_completed']!.params(facts(data));
    expect(renderIn('en', 'notifications.payment_completed.message', params)).toBe('Asha Patil paid ₹25,000.');
    expect(applies('payments.payment_refunded', { category: 'member', refundPaise: 10_000, memberName: 'Asha Patil' })).toBe(true);
  });
});
