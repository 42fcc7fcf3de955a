import { PLAN_TERMS, type PlanId } from '@akhada/contracts';
import { gstinState } from '../tax/gstin.ts';

/** GST on Akhada's subscription (SAC 998314, software as a service): 18 %. */
export const SUBSCRIPTION_GST_PERCENT = 18;

export interface Usage {
  members: number;
  trainers: number;
  locations: number;
}
export interface Limits {
  members: number | null;
  trainers: number | null;
  locations: number | null;
}

/** Version B: only Enterprise is multi-location; every other plan (the trial included) has one location. */
export const limitsOf = (plan: PlanId): Limits => ({
  members: PLAN_TERMS[plan].members,
  trainers: PLAN_TERMS[plan].trainers,
  locations: plan === 'enterprise' ? null : 1,
});

const planName = (plan: PlanId) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** Null when the usage fits the plan; else the first limit it exceeds, said plainly (the reason a downgrade is refused). */
export const whyNotFits = (plan: PlanId, usage: Usage): string | null => {
  const limits = limitsOf(plan);
  const checks = [
    ['members', usage.members, limits.members],
    ['trainers', usage.trainers, limits.trainers],
    ['locations', usage.locations, limits.locations],
  ] as const;
  for (const [what, used, limit] of checks) {
    if (limit !== null && used > limit)
      return `Your gym has ${used} ${what}; the ${planName(plan)} plan allows ${limit}. Remove ${what} or choose a bigger plan.`;
  }
  return null;
};

export interface GstSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * The plan's monthly price is before GST. Intra-state (the gym's state, from its GSTIN or its location, is Akhada's):
 * CGST + SGST at half the rate each; otherwise IGST. A gym whose state is unknown is taxed as intra-state.
 */
export const subscriptionGst = (plan: PlanId, supplierGstin: string, recipientState: string | null): GstSplit => {
  const taxablePaise = PLAN_TERMS[plan].pricePaise;
  const gst = Math.round((taxablePaise * SUBSCRIPTION_GST_PERCENT) / 100);
  const intra = recipientState === null || recipientState === gstinState(supplierGstin);
  const half = Math.floor(gst / 2);
  return intra
    ? { taxablePaise, cgstPaise: half, sgstPaise: gst - half, igstPaise: 0, totalPaise: taxablePaise + gst }
    : { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: gst, totalPaise: taxablePaise + gst };
};

/** Akhada's own series: AKH/2026-27/000042 (separate from every gym's invoice series). */
export const subscriptionInvoiceNumber = (financialYear: string, serial: number): string => `AKH/${financialYear}/${String(serial).padStart(6, '0')}`;
