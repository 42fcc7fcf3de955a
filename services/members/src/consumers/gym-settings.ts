import { AuthEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { MembersDb } from '../db/schema.ts';

/** A person chose whether trainers see their phone and email (kept by member id = their user id). */
export const onUserPrivacyChanged = on(AuthEvents.UserPrivacyChanged, async (trx: Transaction<MembersDb>, env) => {
  await trx
    .insertInto('member_privacy')
    .values({ member_id: env.data.userId, contact_visible: env.data.contactVisibleToTrainers })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ contact_visible: env.data.contactVisibleToTrainers }))
    .execute();
});

/** The gym's plans as a whole: the list replaces what was kept for the organization. */
export const onMembershipPlansChanged = on(AuthEvents.MembershipPlansChanged, async (trx: Transaction<MembersDb>, env) => {
  await trx.deleteFrom('gym_plans').where('org_id', '=', env.data.orgId).execute();
  if (env.data.plans.length === 0) return;
  await trx
    .insertInto('gym_plans')
    .values(
      env.data.plans.map((p, position) => ({
        id: p.planId,
        org_id: env.data.orgId,
        name: p.name,
        type: p.type,
        duration_months: p.durationMonths,
        price_paise: p.pricePaise,
        gst_inclusive: p.gstInclusive,
        position,
      })),
    )
    .execute();
});
