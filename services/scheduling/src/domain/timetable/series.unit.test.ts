import { DomainError } from '@akhada/kit/domain';
import { describe, expect, it } from 'vitest';
import { instantAt, weekStart } from './local-time.ts';
import { expandSeries } from './series.ts';

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
  it('weeks start on Monday', () => expect(weekStart('2025-03-23')).toBe('2025-03-17'));
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
