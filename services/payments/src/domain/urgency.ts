import { daysBetween, type CalendarDate } from '@akhada/kit/domain';

/** Days from the due date to today; 0 without a due date; negative when not yet due. */
export const daysPastDue = (dueDate: CalendarDate | null, today: CalendarDate): number => (dueDate ? daysBetween(dueDate, today) : 0);
