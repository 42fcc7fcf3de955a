import { describe, expect, it } from 'vitest';
import { monthRangeIn, todayIn, zonedToUtcIso } from './zoned-time';

describe('location time', () => {
  it('reads a wall-clock time in Asia/Kolkata as UTC five and a half hours earlier', () => {
    expect(zonedToUtcIso('2026-03-14', '06:30', 'Asia/Kolkata')).toBe('2026-03-14T01:00:00.000Z');
    expect(zonedToUtcIso('2026-03-14', '02:00', 'Asia/Kolkata')).toBe('2026-03-13T20:30:00.000Z');
  });

  it('follows daylight saving in other timezones', () => {
    expect(zonedToUtcIso('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedToUtcIso('2026-01-15', '09:00', 'Europe/London')).toBe('2026-01-15T09:00:00.000Z');
  });

  it('refuses what is not a date and a time', () => {
    expect(zonedToUtcIso('', '06:30', 'Asia/Kolkata')).toBeNull();
    expect(zonedToUtcIso('2026-03-14', '6.30', 'Asia/Kolkata')).toBeNull();
  });

  it('takes today and this month on the location’s calendar', () => {
    const lateEveningUtc = Date.parse('2026-01-31T20:00:00Z'); // 1 February, 01:30 in Kolkata
    expect(todayIn('Asia/Kolkata', lateEveningUtc)).toBe('2026-02-01');
    expect(monthRangeIn('Asia/Kolkata', lateEveningUtc)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthRangeIn('UTC', lateEveningUtc)).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });
});
