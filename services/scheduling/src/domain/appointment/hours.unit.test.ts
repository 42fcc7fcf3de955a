import { describe, expect, it } from 'vitest';
import { daysFrom, freeSlots, openHoursOn } from './hours.ts';

const tz = 'Asia/Kolkata';

describe('a trainer’s working hours', () => {
  it('weekly slots become instants on the days they fall on (day 0 = Sunday)', () => {
    // 2030-03-11 is a Monday (day 1), 2030-03-12 a Tuesday (day 2).
    const hours = openHoursOn([{ dayOfWeek: 1, startTime: '06:00', endTime: '09:00' }], tz, daysFrom('2030-03-10', '2030-03-12'));
    expect(hours).toEqual([{ startsAt: '2030-03-11T00:30:00.000Z', endsAt: '2030-03-11T03:30:00.000Z' }]);
  });
  it('sunday is day 0', () => {
    expect(openHoursOn([{ dayOfWeek: 0, startTime: '10:00', endTime: '11:00' }], tz, ['2030-03-10'])).toHaveLength(1);
  });
});

describe('free slots', () => {
  const open = [{ startsAt: '2030-03-11T00:30:00.000Z', endsAt: '2030-03-11T03:30:00.000Z' }]; // 06:00–09:00
  const all = { notBefore: new Date('2030-03-01T00:00:00Z'), notAfter: new Date('2030-04-01T00:00:00Z') };
  it('one after another from the start of the hours', () => {
    const slots = freeSlots({ openHours: open, busy: [], durationMinutes: 60, ...all });
    expect(slots.map((s) => s.startsAt)).toEqual(['2030-03-11T00:30:00.000Z', '2030-03-11T01:30:00.000Z', '2030-03-11T02:30:00.000Z']);
  });
  it('start again where something held ends', () => {
    const busy = [{ startsAt: '2030-03-11T00:30:00.000Z', endsAt: '2030-03-11T01:15:00.000Z' }]; // 06:00–06:45
    const slots = freeSlots({ openHours: open, busy, durationMinutes: 60, ...all });
    expect(slots.map((s) => s.startsAt)).toEqual(['2030-03-11T01:15:00.000Z', '2030-03-11T02:15:00.000Z']);
  });
  it('only slots that start within the window', () => {
    const slots = freeSlots({ openHours: open, busy: [], durationMinutes: 90, notBefore: new Date('2030-03-11T01:00:00Z'), notAfter: all.notAfter });
    expect(slots.map((s) => s.startsAt)).toEqual(['2030-03-11T02:00:00.000Z']);
  });
});
