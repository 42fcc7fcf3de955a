/**
 * Whether a member may enter on a day, from this service's copy of their membership: its status and its terms. The
 * current term stays valid until it ends; a renewal only adds the next term (which may start on the current one's end
 * date, or later), so renewing early never locks a member out.
 */

/** One term of a membership: its first and last day (calendar dates `YYYY-MM-DD`, the last day still covered). */
export interface TermDates {
  termNo: number;
  startDate: string;
  endDate: string;
}

/** What the copy holds of the membership. `startDate`/`endDate` are the latest term's (the copy before terms were kept). */
export interface MembershipCopy {
  status: string;
  terms: readonly TermDates[];
  startDate: string | null;
  endDate: string | null;
}

export type Admission =
  { admitted: true } | { admitted: false; reason: 'archived' | 'pending' | 'frozen' | 'cancelled' | 'expired' | 'not_started'; on?: string };

/** The terms of a copy: its kept terms, else (a row from before terms were kept) the one term its dates describe. */
export const termsOf = (m: MembershipCopy): TermDates[] =>
  m.terms.length > 0 ? [...m.terms] : m.startDate && m.endDate ? [{ termNo: 1, startDate: m.startDate, endDate: m.endDate }] : [];

export const admission = (m: MembershipCopy, today: string): Admission => {
  switch (m.status) {
    case 'archived':
    case 'pending':
    case 'frozen':
    case 'cancelled':
      return { admitted: false, reason: m.status };
    case 'expired': {
      // The expiry event's end date (the copy's), else the last term's.
      const last = m.endDate ?? termsOf(m).at(-1)?.endDate;
      return { admitted: false, reason: 'expired', ...(last ? { on: last } : {}) };
    }
    default:
      break;
  }
  const terms = termsOf(m);
  if (terms.length === 0) return { admitted: true };
  if (terms.some((t) => t.startDate <= today && today <= t.endDate)) return { admitted: true };
  const next = terms.filter((t) => t.startDate > today).sort((a, b) => (a.startDate < b.startDate ? -1 : 1))[0];
  if (next) return { admitted: false, reason: 'not_started', on: next.startDate };
  const lastEnd = terms
    .map((t) => t.endDate)
    .sort()
    .at(-1)!;
  return { admitted: false, reason: 'expired', on: lastEnd };
};

/** A renewal's term added to the terms (a redelivered renewal, same term number, replaces itself). */
export const withTerm = (terms: readonly TermDates[], term: TermDates): TermDates[] =>
  [...terms.filter((t) => t.termNo !== term.termNo), term].sort((a, b) => a.termNo - b.termNo);

const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * An unfreeze moves the terms as the members service does: a term running on the first frozen day ends `days` later,
 * a term after it moves whole, a term that ended before it stays.
 */
export const shiftedTerms = (terms: readonly TermDates[], frozenFrom: string | null, days: number): TermDates[] =>
  terms.map((t) => {
    if (days === 0 || frozenFrom === null || t.endDate <= frozenFrom) return t;
    if (t.startDate > frozenFrom) return { ...t, startDate: addDays(t.startDate, days), endDate: addDays(t.endDate, days) };
    return { ...t, endDate: addDays(t.endDate, days) };
  });
