import { GYM_SERVICE_RATES, rateOn, taxOf, type MembershipPlan, type PaymentFrequency, type TaxSettings } from '@akhada/contracts';
import type { CalendarDay } from './renewal';

/**
 * The payment period a plan's term is recorded with: the longest of a year, a quarter and a month that divides its
 * duration (12 → annually, 6 → quarterly, 2 → monthly). The term itself lasts the plan's months (durationMonths).
 */
export function frequencyOfPlan(months: number): PaymentFrequency {
  if (months % 12 === 0) return 'annually';
  if (months % 3 === 0) return 'quarterly';
  return 'monthly';
}

/**
 * The GST rate (basis points) a location charges on gym services on `day`, as payments invoices a member's fee: the
 * rule's rate where the location is GST-registered (with a GSTIN), none elsewhere. undefined while not known.
 */
export function gymGstRate(tax: TaxSettings | undefined, locationId: string | undefined, day: CalendarDay): number | undefined {
  if (!tax) return undefined;
  const location = tax.locations.find((l) => l.locationId === locationId);
  return location?.gstRegistered && location.gstin ? rateOn(GYM_SERVICE_RATES, day) : 0;
}

/**
 * What a member pays for a plan, in rupees (the membership fee is what the member pays; payments takes the GST in
 * it out on the invoice): the price when it includes GST, else the price plus GST at `rateBps`. undefined when the
 * price excludes GST and the rate is not known.
 */
export function memberPays(plan: Pick<MembershipPlan, 'price' | 'gstInclusive'>, rateBps: number | undefined): number | undefined {
  if (plan.gstInclusive) return plan.price;
  if (rateBps === undefined) return undefined;
  const paise = Math.round(plan.price * 100);
  return (paise + taxOf(paise, rateBps)) / 100;
}
