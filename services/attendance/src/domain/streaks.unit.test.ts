import { describe, expect, it } from 'vitest';
import { runsOfDays } from './streaks.ts';

describe('runsOfDays', () => {
  it('is zero without visits', () => expect(runsOfDays([], '2026-11-23')).toEqual({ current: 0, longest: 0 }));
  it('counts the run ending today', () => expect(runsOfDays(['2026-11-21', '2026-11-22', '2026-11-23'], '2026-11-23')).toEqual({ current: 3, longest: 3 }));
  it('keeps the run ending yesterday', () => expect(runsOfDays(['2026-11-21', '2026-11-22'], '2026-11-23')).toEqual({ current: 2, longest: 2 }));
  it('breaks after a missed day, keeping the longest', () =>
    expect(runsOfDays(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-10', '2026-11-23'], '2026-11-23')).toEqual({ current: 1, longest: 3 }));
  it('is zero when the last visit is two days ago', () => expect(runsOfDays(['2026-11-20', '2026-11-21'], '2026-11-23')).toEqual({ current: 0, longest: 2 }));
  it('runs across a month end', () => expect(runsOfDays(['2026-10-31', '2026-11-01'], '2026-11-01')).toEqual({ current: 2, longest: 2 }));
});
