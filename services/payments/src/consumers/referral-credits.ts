import { MemberEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { saveReferralCredit } from '../db/referral-credits-repo.ts';
import type { PaymentsDb } from '../db/schema.ts';

/**
 * members.referral_credit_granted: the member's credit, kept until their next membership payments take it (once per
 * referred lead: the inbox drops a redelivery, the lead's key a grant announced again).
 */
export const onReferralCreditGranted = on(MemberEvents.ReferralCreditGranted, (trx: Transaction<PaymentsDb>, env) =>
  saveReferralCredit(trx, {
    leadId: env.data.leadId,
    orgId: env.orgId,
    memberId: env.data.memberId,
    creditPaise: env.data.creditPaise,
    grantedAt: new Date(env.occurredAt),
  }),
);
