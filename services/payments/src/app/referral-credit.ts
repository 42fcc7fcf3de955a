import type { Executor } from '@akhada/kit';
import { lockReferralCredits, spendReferralCredits, type CreditUse } from '../db/referral-credits-repo.ts';
import type { PaymentsDb } from '../db/schema.ts';
import type { DecidedGst } from './gst.ts';

export interface CreditedAmount extends DecidedGst {
  /** Paise of referral credit taken off (0: none). */
  referralCreditPaise: number;
  /** Which credits, for spendReferralCredit once the payment is recorded. */
  uses: CreditUse[];
}

/**
 * A membership payment of a member with referral credits: the credits (oldest first, up to the amount) come off the
 * taxable amount like a discount, and the GST is decided again on what is left (`gstOn`, the same rule as without a
 * credit). Call in the transaction that records the payment (the credits stay locked until it ends), then
 * spendReferralCredit with the payment's id. Without credits the GST given is kept.
 */
export const applyReferralCredit = async (
  trx: Executor<PaymentsDb>,
  p: { orgId: string; memberId: string; gst: DecidedGst; gstOn: (amountPaise: number) => Promise<DecidedGst> },
): Promise<CreditedAmount> => {
  const uses = await lockReferralCredits(trx, p.orgId, p.memberId, p.gst.amountPaise);
  const referralCreditPaise = uses.reduce((sum, u) => sum + u.paise, 0);
  if (referralCreditPaise === 0) return { ...p.gst, referralCreditPaise: 0, uses: [] };
  return { ...(await p.gstOn(p.gst.amountPaise - referralCreditPaise)), referralCreditPaise, uses };
};

export const spendReferralCredit = (trx: Executor<PaymentsDb>, orgId: string, paymentId: string, credited: CreditedAmount): Promise<void> =>
  spendReferralCredits(trx, orgId, paymentId, credited.uses);
