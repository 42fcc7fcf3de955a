import { carriesGymGst, gymServiceGst, gymServiceGstInclusive, type GstSplit, type RateSchedule } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { DEFAULT_TIME_ZONE } from '@akhada/kit/domain';
import type { PaymentsDb } from '../db/schema.ts';
import { findLocationTaxSettings } from '../db/tax-settings-repo.ts';

/** The GST a payment is recorded with: the figures the payment, its invoice, the exports and the reports all show. */
export interface DecidedGst {
  amountPaise: number;
  gstPaise: number;
  /** null: money going out (trainer pay, expenses), whose GST is not the gym's to decide. */
  split: GstSplit | null;
}

/**
 * Decides a payment's GST once, on the server, by the date-effective rule (contracts/src/gym-gst.ts, the same the form
 * previews with) and the location's tax settings:
 * - money received (member, other): the gym-service rate in force on `date` where the location is GST-registered,
 *   CGST + SGST in its own state or IGST to a business customer of another state; none at a location that is not
 *   registered or has no tax settings. The GST a client sends is not used: the rule decides.
 * - `inclusive`: the amount already includes GST (a member's fee from members): the tax is taken out of it.
 * - money going out (trainer, expense): the GST as entered (a supplier's GST on a bill), no split.
 */
export const decideGst = async (
  db: Executor<PaymentsDb>,
  p: {
    orgId: string;
    locationId: string;
    category: string;
    amountPaise: number;
    sentGstPaise: number;
    /** The location's calendar day the payment is recorded on, YYYY-MM-DD. */
    date: string;
    billingGstin?: string | null;
    inclusive?: boolean;
    /** The rate schedule of what is sold (default the gym-service one; an event ticket's is EVENT_ADMISSION_RATES). */
    rates?: RateSchedule;
  },
): Promise<DecidedGst> => {
  if (!carriesGymGst(p.category)) return { amountPaise: p.amountPaise, gstPaise: p.sentGstPaise, split: null };
  const settings = await findLocationTaxSettings(db, p.orgId, p.locationId);
  const supplier = settings ? { registered: settings.gst_registered && !!settings.gstin, stateCode: settings.state_code } : null;
  const placeOfSupplyStateCode = p.billingGstin ? p.billingGstin.slice(0, 2) : null;
  if (p.inclusive) {
    const g = gymServiceGstInclusive({ totalPaise: p.amountPaise, date: p.date, supplier, placeOfSupplyStateCode, ...(p.rates ? { rates: p.rates } : {}) });
    return { amountPaise: g.amountPaise, gstPaise: g.gstPaise, split: splitOnly(g) };
  }
  const g = gymServiceGst({ amountPaise: p.amountPaise, date: p.date, supplier, placeOfSupplyStateCode, ...(p.rates ? { rates: p.rates } : {}) });
  return { amountPaise: p.amountPaise, gstPaise: g.gstPaise, split: splitOnly(g) };
};

const splitOnly = (g: GstSplit): GstSplit => ({
  rateBps: g.rateBps,
  supply: g.supply,
  cgstPaise: g.cgstPaise,
  sgstPaise: g.sgstPaise,
  igstPaise: g.igstPaise,
});

/** The calendar day of an instant at a location (its time zone from the directory's table; India when unknown). */
export const dayAt = async (db: Executor<PaymentsDb>, orgId: string, locationId: string, at: Date): Promise<string> => {
  const loc = await db.selectFrom('kit_locations').select('timezone').where('org_id', '=', orgId).where('location_id', '=', locationId).executeTakeFirst();
  return new Intl.DateTimeFormat('en-CA', { timeZone: loc?.timezone ?? DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
};
