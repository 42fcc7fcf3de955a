import type { MembershipPlan } from '@akhada/contracts';
import { type RequestContext } from '@akhada/kit';
import { plansOfOrg } from '../db/privacy-repo.ts';
import type { MembersDeps } from './deps.ts';

/** The plans the caller's gym sells (Settings → Gym), for the add-member and renewal forms. Prices in rupees. */
export const gymPlans = async ({ db }: Pick<MembersDeps, 'db'>, ctx: RequestContext): Promise<MembershipPlan[]> => {
  return (await plansOfOrg(db, ctx.orgId)).map((p) => ({
    _id: p.id,
    name: p.name,
    type: p.type,
    durationMonths: p.duration_months,
    price: Number(p.price_paise) / 100,
    gstInclusive: p.gst_inclusive,
  }));
};
