/** A recurring weekly slot: day 0 = Sunday … 6 = Saturday, local "HH:MM" times in the location's timezone. */
export interface WeeklySlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** Whether two slots of the same day share any minute ("HH:MM" strings compare as times). */
export const overlaps = (slots: readonly WeeklySlot[]): boolean =>
  slots.some((a, i) => slots.some((b, j) => j > i && a.dayOfWeek === b.dayOfWeek && a.startTime < b.endTime && b.startTime < a.endTime));

/** Slots in the order a week reads: by day, then start time. */
export const sortSlots = (slots: readonly WeeklySlot[]): WeeklySlot[] =>
  [...slots].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
