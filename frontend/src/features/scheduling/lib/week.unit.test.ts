import type { ClassSummary } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, classTimes, dateIn, dayLabel, daysWithClasses, isBookable, spotsLeft, timeIn, weekColumns } from './week';

const cls = (over: Partial<ClassSummary>): ClassSummary => ({
  id: crypto.randomUUID(),
  locationId: '00000000-0000-4000-8000-000000000001',
  classTypeId: '00000000-0000-4000-8000-000000000002',
  className: 'Yoga',
  category: 'yoga',
  colour: '#4f46e5',
  seriesId: null,
  startsAt: '2026-03-02T01:30:00.000Z',
  endsAt: '2026-03-02T02:30:00.000Z',
  localDate: '2026-03-02',
  localTime: '07:00',
  capacity: 10,
  booked: 0,
  waitlisted: 0,
  trainerId: null,
  trainerName: null,
  room: '',
  status: 'scheduled',
  myPlace: null,
  ...over,
});

describe('week grid', () => {
  it('lays a week out Monday to Sunday, each day in start order, leaving out classes of other weeks', () => {
    const late = cls({ className: 'Zumba', localDate: '2026-03-04', localTime: '18:00' });
    const early = cls({ className: 'HIIT', localDate: '2026-03-04', localTime: '06:30' });
    const sunday = cls({ localDate: '2026-03-08', localTime: '09:00' });
    const nextWeek = cls({ localDate: '2026-03-09' });
    const days = weekColumns('2026-03-02', [late, sunday, early, nextWeek]);
    expect(days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days[2]!.classes.map((c) => c.className)).toEqual(['HIIT', 'Zumba']);
    expect(days[6]!.classes).toEqual([sunday]);
    expect(days.flatMap((d) => d.classes)).not.toContain(nextWeek);
    expect(daysWithClasses(days).map((d) => d.date)).toEqual(['2026-03-04', '2026-03-08']);
  });

  it('adds days across months and years without a time zone shift', () => {
    expect(addDays('2026-02-23', 7)).toBe('2026-03-02');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
  });
});

describe('times in the location’s zone', () => {
  it('shows an instant in the location’s zone, not the browser’s', () => {
    // 01:30 UTC is 07:00 in Kolkata and 12:30 in Sydney (daylight time).
    expect(timeIn('2026-03-02T01:30:00.000Z', 'Asia/Kolkata')).toBe('07:00');
    expect(timeIn('2026-03-02T01:30:00.000Z', 'Australia/Sydney')).toBe('12:30');
    expect(classTimes(cls({}), 'Asia/Kolkata')).toEqual({ start: '07:00', end: '08:00' });
  });

  it('gives the calendar date of an instant in a zone (late evening UTC is the next day in India)', () => {
    expect(dateIn(new Date('2026-03-02T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-03');
    expect(dateIn(new Date('2026-03-02T20:00:00Z'), 'UTC')).toBe('2026-03-02');
  });

  it('labels a day in English and Hindi from its calendar date', () => {
    expect(dayLabel('2026-03-02', 'en')).toMatch(/Mon.*2.*Mar/);
    expect(dayLabel('2026-03-02', 'hi')).toMatch(/2/);
    expect(dayLabel('2026-03-02', 'hi')).toMatch(/[\u0900-\u097F]/);
  });
});

describe('places', () => {
  it('counts the places left, never below zero', () => {
    expect(spotsLeft({ capacity: 10, booked: 7 })).toBe(3);
    expect(spotsLeft({ capacity: 1, booked: 1 })).toBe(0);
    expect(spotsLeft({ capacity: 5, booked: 6 })).toBe(0);
  });

  it('lets a member act only on a scheduled class that has not started', () => {
    const now = new Date('2026-03-02T01:00:00Z');
    expect(isBookable(cls({}), now)).toBe(true);
    expect(isBookable(cls({ status: 'cancelled' }), now)).toBe(false);
    expect(isBookable(cls({}), new Date('2026-03-02T01:30:00Z'))).toBe(false);
  });
});
