/**
 * GST on gym and fitness services, the one rule both sides use: payments invoices with it, and the add-member and
 * renewal forms show with it what a member pays for a plan priced without GST. Date-effective, never a constant: the
 * rate in force on the day decides. Rates are basis points (1800 = 18%), money integer paise.
 */

export interface RateStep {
  /** First day the rate applies, YYYY-MM-DD. */
  from: string;
  rateBps: number;
}
export type RateSchedule = readonly RateStep[];

/**
 * Gym and fitness services (SAC 999723): 18% until 21 Sep 2025, 5% from 22 Sep 2025 (GST rate rationalisation,
 * notification 9/2025-CT(Rate)).
 */
export const GYM_SERVICE_RATES: RateSchedule = [
  { from: '2017-07-01', rateBps: 1800 },
  { from: '2025-09-22', rateBps: 500 },
];

/** The rate in force on `date` (YYYY-MM-DD): the last step starting on or before it. */
export const rateOn = (schedule: RateSchedule, date: string): number => {
  let rate: number | undefined;
  for (const step of [...schedule].sort((a, b) => a.from.localeCompare(b.from))) if (step.from <= date) rate = step.rateBps;
  if (rate === undefined) throw new Error(`no GST rate in force on ${date}`);
  return rate;
};

/** Tax of a value at a rate, rounded half up to the paisa. */
export const taxOf = (taxablePaise: number, rateBps: number): number => Math.round((taxablePaise * rateBps) / 10_000);
