import { describe, expect, it } from 'vitest';
import { addDays, instantAt, startOfDayIn, timeIn } from './calendar.ts';

describe('local time in a location’s zone', () => {
  it('07:00 in Kolkata is 01:30 UTC', () => expect(instantAt('2025-03-20', '07:00', 'Asia/Kolkata').toISOString()).toBe('2025-03-20T01:30:00.000Z'));
  it('keeps the wall-clock time across a change of the clocks (New York, 9 March 2025)', () => {
    expect(instantAt('2025-03-08', '07:00', 'America/New_York').toISOString()).toBe('2025-03-08T12:00:00.000Z');
    expect(instantAt('2025-03-10', '07:00', 'America/New_York').toISOString()).toBe('2025-03-10T11:00:00.000Z');
  });
  it('a skipped time (02:30 on the spring-forward night) is the first instant after the gap', () =>
    expect(instantAt('2025-03-09', '02:30', 'America/New_York').toISOString()).toBe('2025-03-09T07:30:00.000Z'));
  it('a time that happens twice (01:30 on the fall-back night) is the first of the two', () =>
    expect(instantAt('2025-11-02', '01:30', 'America/New_York').toISOString()).toBe('2025-11-02T05:30:00.000Z'));
  it('a day starts at midnight there', () => {
    expect(startOfDayIn('Asia/Kolkata', '2026-03-01').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(startOfDayIn('America/New_York', '2025-03-09').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(() => startOfDayIn('Asia/Kolkata', '2026-02-30')).toThrow(RangeError);
  });
  it('shows an instant as the location’s clock reads it', () => expect(timeIn('Asia/Kolkata', new Date('2025-03-20T13:45:00.000Z'))).toBe('19:15'));
  it('counts days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
