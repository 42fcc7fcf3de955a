import { describe, expect, it } from 'vitest';
import { initials, lastVisit, membershipTime, statusTone } from './member-labels';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

describe('days left', () => {
  it('reads "{n} days left" while days remain', () => {
    expect(membershipTime(30)).toEqual({ kind: 'daysLeft', count: 30 });
    expect(membershipTime(1)).toEqual({ kind: 'daysLeft', count: 1 });
  });
  it('reads "Expired" at 0 or less', () => {
    expect(membershipTime(0)).toEqual({ kind: 'expired' });
    expect(membershipTime(-12)).toEqual({ kind: 'expired' });
  });
});

describe('last visit', () => {
  it('is Never without a check-in', () => {
    expect(lastVisit(null, NOW)).toEqual({ kind: 'never' });
  });
  it('is Just now under an hour', () => {
    expect(lastVisit(ago(0), NOW)).toEqual({ kind: 'justNow' });
    expect(lastVisit(ago(HOUR - 1), NOW)).toEqual({ kind: 'justNow' });
  });
  it('counts hours under a day', () => {
    expect(lastVisit(ago(HOUR), NOW)).toEqual({ kind: 'hours', count: 1 });
    expect(lastVisit(ago(24 * HOUR - 1), NOW)).toEqual({ kind: 'hours', count: 23 });
  });
  it('counts days from a day on', () => {
    expect(lastVisit(ago(24 * HOUR), NOW)).toEqual({ kind: 'days', count: 1 });
    expect(lastVisit(ago(10 * 24 * HOUR + 5 * HOUR), NOW)).toEqual({ kind: 'days', count: 10 });
  });
});

describe('member helpers', () => {
  it('colours the status badge', () => {
    expect(statusTone('active')).toBe('success');
    expect(statusTone('expired')).toBe('danger');
    expect(statusTone('inactive')).toBe('neutral');
  });
  it('builds initials, Devanagari too', () => {
    expect(initials('Asha', 'Verma')).toBe('AV');
    expect(initials('राहुल', 'शर्मा')).toBe('रश');
    expect(initials('', '')).toBe('?');
  });
});
