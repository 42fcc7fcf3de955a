import { describe, expect, it } from 'vitest';
import { addDays, availabilityOf, clientCapacity, expiryStateOf } from './availability.ts';
import { overlaps } from './schedule.ts';
import { dateIn } from '@akhada/kit/domain';
import { monthOf } from '../calendar.ts';

describe('derived trainer figures', () => {
  it('availability: unavailable when marked off, fully booked at the maximum, else available', () => {
    expect(availabilityOf({ isAvailable: false, currentClients: 0, maxClients: 10 })).toBe('unavailable');
    expect(availabilityOf({ isAvailable: false, currentClients: 10, maxClients: 10 })).toBe('unavailable');
    expect(availabilityOf({ isAvailable: true, currentClients: 10, maxClients: 10 })).toBe('fully_booked');
    expect(availabilityOf({ isAvailable: true, currentClients: 11, maxClients: 10 })).toBe('fully_booked');
    expect(availabilityOf({ isAvailable: true, currentClients: 9, maxClients: 10 })).toBe('available');
  });
  it('capacity reads "8/15"', () => expect(clientCapacity(8, 15)).toBe('8/15'));
  it('certification states: expired before today, expiring within 30 days (inclusive), else valid', () => {
    expect(expiryStateOf(null, '2026-03-10')).toBe('valid');
    expect(expiryStateOf('2026-03-09', '2026-03-10')).toBe('expired');
    expect(expiryStateOf('2026-03-10', '2026-03-10')).toBe('expiring');
    expect(expiryStateOf('2026-04-09', '2026-03-10')).toBe('expiring');
    expect(expiryStateOf('2026-04-10', '2026-03-10')).toBe('valid');
  });
  it('calendar helpers', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(monthOf('2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    // 20:00 UTC is already the next day in India.
    expect(dateIn('Asia/Kolkata', new Date('2026-03-10T20:00:00Z'))).toBe('2026-03-11');
  });
  it('weekly slots overlap only on the same day', () => {
    expect(
      overlaps([
        { dayOfWeek: 1, startTime: '06:00', endTime: '09:00' },
        { dayOfWeek: 2, startTime: '06:00', endTime: '09:00' },
      ]),
    ).toBe(false);
    expect(
      overlaps([
        { dayOfWeek: 1, startTime: '06:00', endTime: '09:00' },
        { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' },
      ]),
    ).toBe(false);
    expect(
      overlaps([
        { dayOfWeek: 1, startTime: '06:00', endTime: '09:00' },
        { dayOfWeek: 1, startTime: '08:59', endTime: '10:00' },
      ]),
    ).toBe(true);
  });
});
