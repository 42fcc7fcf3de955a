import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { PaymentsDb } from './schema.ts';

/** A credit members granted (members.referral_credit_granted): stored once per referred lead; a redelivery adds nothing. */
export const saveReferralCredit = async (
  db: Executor<PaymentsDb>,
  c: { leadId: string; orgId: string; memberId: string; creditPaise: number; grantedAt: Date },
): Promise<void> => {
  await db
    .insertInto('referral_credits')
    .values({
      lead_id: c.leadId,
      org_id: c.orgId,
      member_id: c.memberId,
      credit_paise: c.creditPaise,
      remaining_paise: c.creditPaise,
      granted_at: c.grantedAt,
    })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
};

export interface CreditUse {
  leadId: string;
  paise: number;
}

/**
 * What of a member's credits (oldest first) a payment of `upToPaise` can take, the rows locked until the caller's
 * transaction ends (two payments recorded at once cannot both spend the same credit).
 */
export const lockReferralCredits = async (db: Executor<PaymentsDb>, orgId: string, memberId: string, upToPaise: number): Promise<CreditUse[]> => {
  if (upToPaise <= 0) return [];
  const rows = await db
    .selectFrom('referral_credits')
    .select(['lead_id', 'remaining_paise'])
    .where('org_id', '=', orgId)
    .where('member_id', '=', memberId)
    .where('remaining_paise', '>', 0)
    .orderBy('granted_at')
    .orderBy('lead_id')
    .forUpdate()
    .execute();
  const uses: CreditUse[] = [];
  let left = upToPaise;
  for (const r of rows) {
    if (left <= 0) break;
    const paise = Math.min(left, r.remaining_paise);
    uses.push({ leadId: r.lead_id, paise });
    left -= paise;
  }
  return uses;
};

/** The credits a recorded payment took: what is left of each goes down, and the use is kept (for a cancellation). */
export const spendReferralCredits = async (db: Executor<PaymentsDb>, orgId: string, paymentId: string, uses: readonly CreditUse[]): Promise<void> => {
  for (const u of uses) {
    await db
      .updateTable('referral_credits')
      .set({ remaining_paise: sql<number>`remaining_paise - ${u.paise}` })
      .where('lead_id', '=', u.leadId)
      .execute();
    await db.insertInto('referral_credit_uses').values({ payment_id: paymentId, lead_id: u.leadId, org_id: orgId, paise: u.paise }).execute();
  }
};

/** A cancelled payment gives its credit back (once: the uses go with it). */
export const giveBackReferralCredit = async (db: Executor<PaymentsDb>, paymentId: string): Promise<void> => {
  const uses = await db.deleteFrom('referral_credit_uses').where('payment_id', '=', paymentId).returning(['lead_id', 'paise']).execute();
  for (const u of uses)
    await db
      .updateTable('referral_credits')
      .set({ remaining_paise: sql<number>`remaining_paise + ${u.paise}` })
      .where('lead_id', '=', u.lead_id)
      .execute();
};
