import { DomainError } from '@akhada/kit/domain';
import { describe, expect, it } from 'vitest';
import { assertMayBook, pausedUntil, type EligibilityFacts } from './eligibility.ts';

const at = '2025-03-19T00:00:00.000Z';
const facts: EligibilityFacts = {
  member: { status: 'active', membershipType: 'basic', endDate: '2025-06-30' },
  classDate: '2025-03-20',
  allowedPlans: [],
  className: 'Yoga',
  monthlyAllowance: 8,
  usedThisMonth: 3,
  penalty: { noShowLimit: 3, noShowPauseDays: 7 },
  noShowsAt: [],
  at,
};
const refusal = (f: Partial<EligibilityFacts>): DomainError => {
  try {
    assertMayBook({ ...facts, ...f });
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('who may book', () => {
  it('an active member within their allowance', () => expect(() => assertMayBook(facts)).not.toThrow());
  it('not an expired member, saying when it expired', () => {
    const e = refusal({ member: { status: 'expired', membershipType: 'basic', endDate: '2025-03-01' } });
    expect([e.code, e.message]).toEqual(['MEMBERSHIP_INACTIVE', 'Your membership expired on 1 Mar 2025. Renew it to book classes.']);
  });
  it('not a frozen member', () =>
    expect(refusal({ member: { status: 'frozen', membershipType: 'basic', endDate: '2025-06-30' } }).message).toBe(
      'Your membership is frozen. Unfreeze it to book classes.',
    ));
  it('not for a class after the membership ends', () =>
    expect(refusal({ classDate: '2025-07-01' }).message).toBe('Your membership ends on 30 Jun 2025, before this class. Renew it to book.'));
  it('not a plan the class type is closed to', () =>
    expect(refusal({ allowedPlans: ['vip', 'premium'] }).message).toBe('Yoga is open to the vip, premium plans; yours is basic.'));
  it('not past the monthly allowance', () =>
    expect(refusal({ usedThisMonth: 8 }).message).toBe('Your basic plan includes 8 classes a month, and you have used them this month.'));
  it('unlimited when the allowance is null', () => expect(() => assertMayBook({ ...facts, monthlyAllowance: null, usedThisMonth: 99 })).not.toThrow());
  it('paused for D days after K no-shows in 30 days', () => {
    const noShowsAt = ['2025-03-01T02:00:00.000Z', '2025-03-10T02:00:00.000Z', '2025-03-15T02:00:00.000Z'];
    expect(pausedUntil(noShowsAt, facts.penalty, at)?.toISOString()).toBe('2025-03-22T02:00:00.000Z');
    expect(refusal({ noShowsAt }).message).toBe('Booking is paused until 22 Mar 2025 after 3 missed classes in 30 days.');
  });
  it('no-shows older than 30 days do not count, and the pause ends', () => {
    expect(pausedUntil(['2025-02-01T00:00:00.000Z', '2025-03-10T00:00:00.000Z', '2025-03-15T00:00:00.000Z'], facts.penalty, at)).toBeNull();
    expect(pausedUntil(['2025-03-01T00:00:00.000Z', '2025-03-02T00:00:00.000Z', '2025-03-03T00:00:00.000Z'], facts.penalty, at)).toBeNull();
  });
});
