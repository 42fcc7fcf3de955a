import { carriesGymGst, gymServiceGst, type GstSupply, type TaxSettings } from '@akhada/contracts';

/** The GST the server will record, shown on the form before it is sent: rupees, and how it splits. */
export interface GstPreview {
  ratePercent: number;
  supply: GstSupply;
  gst: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * The form's GST preview for money received (member, other), from the same date-effective rule the server applies when
 * it records the payment (contracts/src/gym-gst.ts `gymServiceGst`): the rate in force on `day` where the location is
 * GST-registered (CGST + SGST, or IGST to a business customer of another state), none where it is not or has no tax
 * settings. undefined: money going out (its GST is typed), or the tax settings are not known yet.
 */
export function gstPreview(input: {
  category: string;
  amountRupees: number;
  tax: TaxSettings | undefined;
  locationId: string | undefined;
  /** The location's calendar day, YYYY-MM-DD. */
  day: string;
  billingGstin?: string;
}): GstPreview | undefined {
  if (!carriesGymGst(input.category) || !input.tax) return undefined;
  const location = input.tax.locations.find((l) => l.locationId === input.locationId);
  const supplier = location ? { registered: location.gstRegistered && !!location.gstin, stateCode: location.stateCode } : null;
  const gstin = input.billingGstin?.trim().toUpperCase() ?? '';
  const amountPaise = Number.isFinite(input.amountRupees) && input.amountRupees > 0 ? Math.round(input.amountRupees * 100) : 0;
  const g = gymServiceGst({ amountPaise, date: input.day, supplier, placeOfSupplyStateCode: /^[0-9]{2}/.test(gstin) ? gstin.slice(0, 2) : null });
  return { ratePercent: g.rateBps / 100, supply: g.supply, gst: g.gstPaise / 100, cgst: g.cgstPaise / 100, sgst: g.sgstPaise / 100, igst: g.igstPaise / 100 };
}

/** Today in a location's time zone (its calendar decides the GST rate), YYYY-MM-DD. */
export function dayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
