import { paymentOverdueOf, type PaymentOverdue } from '@akhada/contracts';
import { ApiError } from '../../../lib/api-error';
import { dateLocale, formatMoney } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';

/** A check-in refused for an overdue payment (409 PAYMENT_OVERDUE), with its figures; else null. */
export function overdueOf(err: unknown): PaymentOverdue | null {
  return err instanceof ApiError && err.code === 'PAYMENT_OVERDUE' ? paymentOverdueOf(err.details) : null;
}

/**
 * "Payment of ₹2,000 overdue since 3 Nov — pay at the desk or with the link we sent", in the UI language: the amount
 * from paise in Indian format, the due date (a calendar date of the location) with its year when it is not this one.
 */
/** The one key overdueText needs (react-i18next's `t` is one). */
type OverdueT = (key: 'attendance:overdue.message', options: { amount: string; date: string }) => string;

export function overdueText(o: PaymentOverdue, t: OverdueT, lang: string, today: Date = new Date()): string {
  const [y, m, d] = o.dueDate.split('-').map(Number) as [number, number, number];
  const due = new Date(y, m - 1, d);
  const date = due.toLocaleDateString(dateLocale(lang), {
    day: 'numeric',
    month: 'short',
    ...(y === today.getFullYear() ? {} : { year: 'numeric' }),
    numberingSystem: 'latn',
  });
  const amount = o.amountPaise % 100 === 0 ? formatMoney(o.amountPaise / 100) : formatRupees2(o.amountPaise / 100);
  return t('attendance:overdue.message', { amount, date });
}
