import type { Kysely } from 'kysely';
import type { PaymentsDeps } from '../app/deps.ts';
import type { PaymentsDb } from '../db/schema.ts';
import { GYM_SERVICE_RATES, rateOn, taxOf } from '../domain/tax/rule.ts';
import { findLocationTaxSettings } from './repo.ts';

/**
 * The `membershipGst` hook of record-payment: a GST-registered location charges the gym-service rate in force on the
 * payment date (the tax rule, never a constant) on the amount; an unregistered one (or one without tax settings yet)
 * answers null, so the GST sent (default 0) stands.
 */
export const membershipGstFrom =
  (db: Kysely<PaymentsDb>): NonNullable<PaymentsDeps['membershipGst']> =>
  async ({ orgId, locationId, amountPaise, date }) => {
    const settings = await findLocationTaxSettings(db, orgId, locationId);
    if (!settings?.gst_registered || !settings.gstin) return null;
    return taxOf(amountPaise, rateOn(GYM_SERVICE_RATES, date));
  };
