import { daysBetween, paiseToRupees, type CalendarDate } from '@akhada/kit/domain';

/**
 * Dues-aware entry (issue 28), a location's choice: refuse a member's check-in while one of their membership payments
 * is overdue by more than N days. Pure: the dues are this service's copy (from payments' events), `today` is the
 * location's calendar date of the check-in.
 */

/** One unpaid payment of the member as the copy holds it. */
export interface Due {
  paymentId: string;
  /** Integer paise, GST included (what the member owes). */
  amountPaise: number;
  /** null: no due date, never overdue. */
  dueDate: CalendarDate | null;
}

export type EntryVerdict =
  { admitted: true } | { admitted: false; paymentId: string; amountPaise: number; dueDate: CalendarDate; daysOverdue: number; overdueCount: number };

/**
 * `overdueDays` null (the default: the location never set it) admits everyone. Otherwise a payment due on D is
 * overdue by `today − D` days and refuses entry once that is more than `overdueDays`; with several, the verdict
 * names the oldest (earliest due date, then the lowest payment id so it is stable).
 */
export const entryVerdict = (overdueDays: number | null, dues: readonly Due[], today: CalendarDate): EntryVerdict => {
  if (overdueDays === null) return { admitted: true };
  const over = dues
    .filter((d): d is Due & { dueDate: CalendarDate } => d.dueDate !== null && daysBetween(d.dueDate, today) > overdueDays)
    .sort((a, b) => (a.dueDate === b.dueDate ? (a.paymentId < b.paymentId ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1));
  const oldest = over[0];
  if (!oldest) return { admitted: true };
  return {
    admitted: false,
    paymentId: oldest.paymentId,
    amountPaise: oldest.amountPaise,
    dueDate: oldest.dueDate,
    daysOverdue: daysBetween(oldest.dueDate, today),
    overdueCount: over.length,
  };
};

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const exactRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** "₹2,000" (₹2,000.50 when there are paise), en-IN grouping (₹1,20,000). */
export const formatRupees = (paise: number): string => (paise % 100 === 0 ? wholeRupees : exactRupees).format(paiseToRupees(paise));

/**
 * The refusal as attendance words its others (English; the app renders its own language from the details):
 * "Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent" (the year when not today's).
 */
export const overdueMessage = (amountPaise: number, dueDate: CalendarDate, today: CalendarDate): string => {
  const day = new Date(`${dueDate}T00:00:00Z`);
  const when = dueDate.slice(0, 4) === today.slice(0, 4) ? dayMonth.format(day) : dayMonthYear.format(day);
  return `Payment of ${formatRupees(amountPaise)} overdue since ${when} — pay at the desk or with the link we sent`;
};
