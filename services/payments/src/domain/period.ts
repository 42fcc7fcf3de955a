import type { PaymentFrequency } from '@akhada/contracts';
import { addMonths, type CalendarDate } from '@akhada/kit/domain';

/** A membership period's end date (the first day no longer covered, as members counts it) from its start and frequency. */
export const periodEnd = (start: CalendarDate, frequency: PaymentFrequency): CalendarDate =>
  addMonths(start, frequency === 'monthly' ? 1 : frequency === 'quarterly' ? 3 : 12);
