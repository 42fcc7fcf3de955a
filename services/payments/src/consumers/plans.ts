import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';

/**
 * auth.membership_plans_changed → pay_plans: the gym's plans as a whole (autopay is turned on per plan, at its price
 * each period). A plan no longer listed is inactive (no new autopay on it). An older event never overwrites a newer one.
 */
export const onMembershipPlansChanged = on(AuthEvents.MembershipPlansChanged, async (trx: Transaction<PaymentsDb>, env) => {
  const { orgId, plans } = env.data;
  if (orgId !== env.orgId) return;
  const at = new Date(env.occurredAt);
  for (const p of plans) {
    const row = {
      plan_id: p.planId,
      org_id: orgId,
      name: p.name,
      membership_type: p.type,
      duration_months: p.durationMonths,
      price_paise: p.pricePaise,
      gst_inclusive: p.gstInclusive,
      active: true,
      updated_at: at,
    };
    await trx
      .insertInto('pay_plans')
      .values(row)
      .onConflict((oc) => oc.column('plan_id').doUpdateSet(row).where('pay_plans.org_id', '=', orgId).where('pay_plans.updated_at', '<=', at))
      .execute();
  }
  const listed = plans.map((p) => p.planId);
  let gone = trx.updateTable('pay_plans').set({ active: false, updated_at: at }).where('org_id', '=', orgId).where('updated_at', '<=', at);
  if (listed.length) gone = gone.where('plan_id', 'not in', listed);
  await gone.execute();
});
