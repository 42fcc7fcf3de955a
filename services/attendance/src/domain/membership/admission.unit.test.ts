import { describe, expect, it } from 'vitest';
import { admission, shiftedTerms, withTerm, type MembershipCopy } from './admission.ts';

const t1 = { termNo: 1, startDate: '2026-01-28', endDate: '2026-12-28' };
const t2 = { termNo: 2, startDate: '2026-12-28', endDate: '2027-12-28' };
const copy = (o: Partial<MembershipCopy> = {}): MembershipCopy => ({ status: 'active', terms: [t1], startDate: t1.startDate, endDate: t1.endDate, ...o });

describe('admission: the current term stays valid until it ends; a renewal adds the next', () => {
  it('admits inside the current term after an early renewal (the next term starts at its end)', () =>
    expect(admission(copy({ terms: withTerm([t1], t2), startDate: t2.startDate, endDate: t2.endDate }), '2026-11-28')).toEqual({ admitted: true }));

  it('admits on the day the next term starts and inside it', () => {
    const renewed = copy({ terms: [t1, t2], startDate: t2.startDate, endDate: t2.endDate });
    expect(admission(renewed, '2026-12-28').admitted).toBe(true);
    expect(admission(renewed, '2027-06-01').admitted).toBe(true);
  });

  it('refuses before the first term starts, with its start', () =>
    expect(admission(copy(), '2026-01-01')).toEqual({ admitted: false, reason: 'not_started', on: '2026-01-28' }));

  it('refuses in a gap between terms with the next start, and after the last with its end', () => {
    const later = { termNo: 2, startDate: '2027-02-01', endDate: '2027-03-01' };
    expect(admission(copy({ terms: [t1, later] }), '2027-01-10')).toEqual({ admitted: false, reason: 'not_started', on: '2027-02-01' });
    expect(admission(copy({ terms: [t1, later] }), '2027-03-02')).toEqual({ admitted: false, reason: 'expired', on: '2027-03-01' });
  });

  it('refuses a status that does not enter, whatever the dates', () => {
    for (const status of ['archived', 'pending', 'frozen', 'cancelled'] as const)
      expect(admission(copy({ status }), '2026-06-01')).toEqual({ admitted: false, reason: status });
    expect(admission(copy({ status: 'expired' }), '2026-06-01')).toEqual({ admitted: false, reason: 'expired', on: '2026-12-28' });
  });

  it('judges a copy from before terms were kept by its dates', () => {
    const old = copy({ terms: [], startDate: '2026-01-01', endDate: '2026-02-01' });
    expect(admission(old, '2026-01-15').admitted).toBe(true);
    expect(admission(old, '2026-02-02')).toEqual({ admitted: false, reason: 'expired', on: '2026-02-01' });
  });

  it('a redelivered renewal replaces its own term; an unfreeze moves the running term’s end and the later ones whole', () => {
    expect(withTerm([t1, t2], { ...t2 })).toEqual([t1, t2]);
    expect(shiftedTerms([t1, t2], '2026-06-01', 10)).toEqual([
      { ...t1, endDate: '2027-01-07' },
      { termNo: 2, startDate: '2027-01-07', endDate: '2028-01-07' },
    ]);
  });
});
