import { DomainError } from '@akhada/kit/domain';
import { describe, expect, it } from 'vitest';
import { weekStart } from './local-time.ts';
import { expandSeries } from './series.ts';

describe('weeks of the timetable', () => {
  it('start on Monday', () => expect(weekStart('2025-03-23')).toBe('2025-03-17'));
});

describe('a series expands into its classes', () => {
  const pattern = { weekdays: [1, 3, 5], startTime: '07:00', durationMinutes: 60, from: '2025-03-01', until: '2025-03-14', timeZone: 'Asia/Kolkata' };
  it('one per chosen weekday between the dates, both included', () => {
    const dates = expandSeries(pattern).map((o) => o.date);
    expect(dates).toEqual(['2025-03-03', '2025-03-05', '2025-03-07', '2025-03-10', '2025-03-12', '2025-03-14']);
  });
  it('each at the local time and lasting its duration', () => {
    const [first] = expandSeries(pattern);
    expect(first).toEqual({ date: '2025-03-03', startsAt: new Date('2025-03-03T01:30:00.000Z'), endsAt: new Date('2025-03-03T02:30:00.000Z') });
  });
  it('keeps 07:00 on the wall across a DST change', () => {
    const us = expandSeries({ ...pattern, weekdays: [6, 1], from: '2025-03-08', until: '2025-03-10', timeZone: 'America/New_York' });
    expect(us.map((o) => o.startsAt.toISOString())).toEqual(['2025-03-08T12:00:00.000Z', '2025-03-10T11:00:00.000Z']);
  });
  it('refuses no weekdays, a reversed range and more than a year', () => {
    expect(() => expandSeries({ ...pattern, weekdays: [] })).toThrow(DomainError);
    expect(() => expandSeries({ ...pattern, until: '2025-02-01' })).toThrow('The series must end on or after the day it starts');
    expect(() => expandSeries({ ...pattern, until: '2026-06-01' })).toThrow('A series may run for at most 366 days');
  });
});
