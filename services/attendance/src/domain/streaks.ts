/** Days between two `YYYY-MM-DD` dates. */
const dayNumber = (isoDate: string): number => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);

/**
 * Runs of consecutive days with a visit (sorted distinct local dates): the longest, and the current one — the run
 * that ends today or yesterday (a member who has not come yet today keeps yesterday's streak).
 */
export const runsOfDays = (days: readonly string[], today: string): { current: number; longest: number } => {
  let longest = 0;
  let run = 0;
  let prev: number | null = null;
  for (const d of days) {
    const n = dayNumber(d);
    run = prev !== null && n === prev + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = n;
  }
  const t = dayNumber(today);
  const current = prev !== null && (prev === t || prev === t - 1) ? run : 0;
  return { current, longest };
};
