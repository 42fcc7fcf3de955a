import { describe, expect, it } from 'vitest';
import { addMonths, isCalendarDay, proposedStart, termEnd, todayIn } from './renewal';

describe('renewal dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-11-15', 3, '2026-02-15'],
    ['2026-03-10', 12, '2027-03-10'],
  ])('%s plus %i months is %s', (from, months, to) => expect(addMonths(from, months)).toBe(to));

  it('ends a term one paid period after it starts', () => {
    expect(termEnd('2026-04-01', 'monthly')).toBe('2026-05-01');
    expect(termEnd('2026-04-01', 'quarterly')).toBe('2026-07-01');
    expect(termEnd('2026-04-01', 'annually')).toBe('2027-04-01');
  });

  it('ends a plan’s term its months after it starts, whatever the period', () => {
    expect(termEnd('2026-04-01', 'quarterly', 6)).toBe('2026-10-01');
    expect(termEnd('2026-08-31', 'monthly', 18)).toBe('2028-02-29');
  });

  it('continues a running membership on its end date, and starts today after expiry or for one awaiting a plan', () => {
    expect(proposedStart({ endDate: '2026-05-01', daysRemaining: 10, running: true }, '2026-04-21')).toBe('2026-05-01');
    expect(proposedStart({ endDate: '2026-04-01', daysRemaining: -20, running: false }, '2026-04-21')).toBe('2026-04-21');
    expect(proposedStart({ endDate: '2026-05-01', daysRemaining: 10, running: false }, '2026-04-21')).toBe('2026-04-21');
  });

  it('reads today in the location’s time zone', () => {
    const lateEvening = new Date('2026-04-20T20:00:00Z'); // 01:30 on the 21st in India
    expect(todayIn('Asia/Kolkata', lateEvening)).toBe('2026-04-21');
    expect(todayIn('UTC', lateEvening)).toBe('2026-04-20');
  });

  it('knows a calendar day', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('28/02/2026')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });
});
