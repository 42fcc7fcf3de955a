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

/**
 * Admission to a gym's own event (a workshop, a challenge, a run, an open day; SAC 999651, sports and recreational
 * sports event organisation): recreational and sporting services at 18%, unchanged by the September 2025 rationalisation
 * (which moved gym services to 5% and big sporting events to 40%).
 */
export const EVENT_ADMISSION_RATES: RateSchedule = [{ from: '2017-07-01', rateBps: 1800 }];

/** The rate in force on `date` (YYYY-MM-DD): the last step starting on or before it. */
export const rateOn = (schedule: RateSchedule, date: string): number => {
  let rate: number | undefined;
  for (const step of [...schedule].sort((a, b) => a.from.localeCompare(b.from))) if (step.from <= date) rate = step.rateBps;
  if (rate === undefined) throw new Error(`no GST rate in force on ${date}`);
  return rate;
};

/** Tax of a value at a rate, rounded half up to the paisa. */
export const taxOf = (taxablePaise: number, rateBps: number): number => Math.round((taxablePaise * rateBps) / 10_000);

/**
 * Who owes GST on a payment: money the gym receives (a member's fee, other income) is a supply it makes and carries
 * the gym-service GST where the location is registered; money going out (trainer pay, expenses) is not a supply the
 * gym makes, so the rule never adds GST to it (an expense's GST is the supplier's, recorded as entered).
 */
export const GST_CATEGORIES = ['member', 'other'] as const;
export const carriesGymGst = (category: string): boolean => (GST_CATEGORIES as readonly string[]).includes(category);

/** How a supply is taxed: CGST + SGST in the supplier's own state, IGST to another state, none when unregistered. */
export type GstSupply = 'intra_state' | 'inter_state' | 'none';

/** The GST of a payment as recorded once and read by the payment, its invoice, the exports and the reports. Paise. */
export interface GstSplit {
  /** Basis points of the rate applied (1800 = 18 %); 0 when unregistered. */
  rateBps: number;
  supply: GstSupply;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The supplier as GST sees it: registered (with a GSTIN) or not, and the state of its GSTIN / location. */
export interface GstSupplier {
  registered: boolean;
  stateCode: string;
}

/** Splits a tax: CGST + SGST halves in the same state (the odd paisa to CGST, so they add up), else all IGST. */
export const splitTax = (taxPaise: number, supply: GstSupply): Pick<GstSplit, 'cgstPaise' | 'sgstPaise' | 'igstPaise'> => {
  const cgstPaise = supply === 'intra_state' ? Math.ceil(taxPaise / 2) : 0;
  return {
    cgstPaise,
    sgstPaise: supply === 'intra_state' ? taxPaise - cgstPaise : 0,
    igstPaise: supply === 'inter_state' ? taxPaise : 0,
  };
};

export const gstOfSplit = (s: Pick<GstSplit, 'cgstPaise' | 'sgstPaise' | 'igstPaise'>): number => s.cgstPaise + s.sgstPaise + s.igstPaise;

/**
 * The GST of a gym service worth `amountPaise` before tax, on `date` (YYYY-MM-DD, the location's calendar): the rate
 * in force that day where the supplier is registered, split CGST + SGST when the place of supply (a business
 * customer's state, else the supplier's own) is the supplier's state, IGST otherwise. No supplier known (no GST
 * settings) or unregistered: no GST.
 */
export const gymServiceGst = (input: {
  amountPaise: number;
  date: string;
  supplier: GstSupplier | null;
  /** A business customer's state (its GSTIN's first two digits); default the supplier's own state. */
  placeOfSupplyStateCode?: string | null;
  rates?: RateSchedule;
}): GstSplit & { gstPaise: number } => {
  const s = input.supplier;
  if (!s?.registered) return { rateBps: 0, supply: 'none', cgstPaise: 0, sgstPaise: 0, igstPaise: 0, gstPaise: 0 };
  const rateBps = rateOn(input.rates ?? GYM_SERVICE_RATES, input.date);
  const supply: GstSupply = (input.placeOfSupplyStateCode ?? s.stateCode) === s.stateCode ? 'intra_state' : 'inter_state';
  const gstPaise = taxOf(input.amountPaise, rateBps);
  return { rateBps, supply, ...splitTax(gstPaise, supply), gstPaise };
};

/**
 * The same for a price that already includes GST (a member's fee as members records it): the value before tax is
 * taken out (rounded to the paisa) and the tax is the rest, so the two add up to the price exactly.
 */
export const gymServiceGstInclusive = (input: {
  totalPaise: number;
  date: string;
  supplier: GstSupplier | null;
  placeOfSupplyStateCode?: string | null;
  rates?: RateSchedule;
}): GstSplit & { gstPaise: number; amountPaise: number } => {
  const none = gymServiceGst({ ...input, amountPaise: 0 });
  if (none.supply === 'none') return { ...none, amountPaise: input.totalPaise };
  const amountPaise = Math.round((input.totalPaise * 10_000) / (10_000 + none.rateBps));
  const gstPaise = input.totalPaise - amountPaise;
  return { rateBps: none.rateBps, supply: none.supply, ...splitTax(gstPaise, none.supply), gstPaise, amountPaise };
};
