import { describe, expect, it } from 'vitest';
import { addMonths, dateIn, daysBetween, isCalendarDate } from '@akhada/kit/domain';
import { daysRemaining, effectiveStatus, monthsOfPeriod } from './period.ts';

describe('days remaining and the status shown', () => {
  it('counts whole calendar days to the end date', () => {
    expect(daysRemaining('2025-04-10', '2025-03-10')).toBe(31);
    expect(daysRemaining('2025-03-01', '2025-02-28')).toBe(1);
    expect(daysRemaining('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysRemaining('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('is 0 on the end date and negative after it', () => {
    expect(daysRemaining('2025-04-10', '2025-04-10')).toBe(0);
    expect(daysRemaining('2025-04-10', '2025-04-15')).toBe(-5);
  });

  it('is not thrown off by daylight-saving days (calendar arithmetic, not hours)', () => {
    expect(daysBetween('2025-03-01', '2025-04-01')).toBe(31);
    expect(daysBetween('2025-10-01', '2025-11-01')).toBe(31);
  });

  it('shows an active membership with no days left as expired', () => {
    expect(effectiveStatus('active', 1)).toBe('active');
    expect(effectiveStatus('active', 0)).toBe('expired');
    expect(effectiveStatus('active', -3)).toBe('expired');
  });

  it('leaves other stored statuses as they are', () => {
    expect(effectiveStatus('inactive', -3)).toBe('inactive');
    expect(effectiveStatus('inactive', 10)).toBe('inactive');
    expect(effectiveStatus('expired', 10)).toBe('expired');
  });
});

describe('today in a location', () => {
  it('uses the location time zone, not UTC', () => {
    // 20:00 UTC on 10 March is 01:30 on 11 March in India.
    const instant = new Date('2025-03-10T20:00:00Z');
    expect(dateIn('Asia/Kolkata', instant)).toBe('2025-03-11');
    expect(dateIn('UTC', instant)).toBe('2025-03-10');
    expect(dateIn('America/New_York', instant)).toBe('2025-03-10');
  });

  it('turns the day at midnight IST', () => {
    expect(dateIn('Asia/Kolkata', new Date('2025-03-10T18:29:59Z'))).toBe('2025-03-10');
    expect(dateIn('Asia/Kolkata', new Date('2025-03-10T18:30:00Z'))).toBe('2025-03-11');
  });

  it('answers each zone and each minute on its own (the last answer per zone is reused within its minute)', () => {
    // Midnight is 18:15 UTC in Kathmandu (+05:45) and 18:30 UTC in India (+05:30).
    for (const [iso, kolkata, kathmandu] of [
      ['2025-06-30T18:14:59.999Z', '2025-06-30', '2025-06-30'],
      ['2025-06-30T18:15:00.000Z', '2025-06-30', '2025-07-01'],
      ['2025-06-30T18:29:59.999Z', '2025-06-30', '2025-07-01'],
      ['2025-06-30T18:30:00.000Z', '2025-07-01', '2025-07-01'],
      ['2025-06-30T18:14:00.000Z', '2025-06-30', '2025-06-30'], // back in time, an earlier minute
    ] as const) {
      expect(dateIn('Asia/Kolkata', new Date(iso))).toBe(kolkata);
      expect(dateIn('Asia/Kathmandu', new Date(iso))).toBe(kathmandu);
    }
  });
});

describe('calendar months', () => {
  it('moves back as well as forward', () => {
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-01-15', -1)).toBe('2024-12-15');
  });

  it('rejects impossible dates', () => {
    expect(() => addMonths('2025-02-29', 1)).toThrow(RangeError);
    expect(() => daysBetween('2025-13-01', '2025-01-01')).toThrow(RangeError);
  });

  it('knows the leap years and the length of every month', () => {
    expect(['2024-02-29', '2000-02-29', '2025-12-31', '2025-04-30'].every(isCalendarDate)).toBe(true);
    expect(['2025-02-29', '2100-02-29', '2025-04-31', '2025-00-10', '2025-01-00', '0099-01-01', '2025-1-01'].some(isCalendarDate)).toBe(false);
    // Every day of four years, leap and century years among them, agrees with the platform's calendar.
    for (let ms = Date.UTC(1999, 11, 1); ms < Date.UTC(2001, 2, 1); ms += 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10);
      expect(isCalendarDate(date)).toBe(true);
      expect(daysBetween('1999-12-01', date)).toBe(Math.round((ms - Date.UTC(1999, 11, 1)) / 86_400_000));
    }
  });
});

describe('monthsOfPeriod: a paid period as whole months', () => {
  it('reads the months whether the end is the last day or the day after', () => {
    expect(monthsOfPeriod('2026-01-15', '2026-02-14')).toBe(1);
    expect(monthsOfPeriod('2026-01-15', '2026-02-15')).toBe(1);
    expect(monthsOfPeriod('2026-01-01', '2026-06-30')).toBe(6);
    expect(monthsOfPeriod('2026-04-01', '2027-04-01')).toBe(12);
    expect(monthsOfPeriod('2026-04-01', '2029-04-01')).toBe(36);
  });
  it('gives no months for a period that is not a whole number of them', () => {
    expect(monthsOfPeriod('2026-01-01', '2026-02-15')).toBeUndefined();
    expect(monthsOfPeriod('2026-01-01', '2026-01-10')).toBeUndefined();
    expect(monthsOfPeriod('2026-01-01', '2030-01-01')).toBeUndefined();
  });
});
