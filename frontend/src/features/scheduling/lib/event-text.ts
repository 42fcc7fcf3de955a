import type { GymEvent } from '@akhada/contracts';
import { formatMoney } from '../../../lib/format';
import { dayLabel } from './week';

/** A ticket's price as members read it: ₹500 (paise → rupees, exact when there are paise). */
export const priceText = (paise: number): string => formatMoney(paise / 100, { exact: paise % 100 !== 0 });

/** When an event runs, in the location's clock: one day ("Sat, 14 Mar · 09:00–12:00") or several. */
export const eventWhen = (
  e: Pick<GymEvent, 'localDate' | 'localTime' | 'localEndDate' | 'localEndTime'>,
  lang: string,
  t: (key: string, vars: Record<string, string>) => string,
): string =>
  e.localEndDate === e.localDate
    ? t('scheduling:events.when', { date: dayLabel(e.localDate, lang, { long: true }), start: e.localTime, end: e.localEndTime })
    : t('scheduling:events.whenDays', { date: dayLabel(e.localDate, lang), start: e.localTime, endDate: dayLabel(e.localEndDate, lang), end: e.localEndTime });

/** A member cancelling now gets their money back when the event starts more than 24 hours later. */
export const refundable = (startsAt: string, now: Date): boolean => new Date(startsAt).getTime() - now.getTime() > 24 * 3_600_000;
