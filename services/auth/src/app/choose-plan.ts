import { AuthEvents, type PlanId } from '@akhada/contracts';
import { metadataOf, requireRole, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { lockOrganization, setOrganizationPlan } from '../db/organizations-repo.ts';
import { loadUserView } from '../views/user-view.ts';
import type { AuthDeps } from './deps.ts';

/**
 * The owner chooses a plan: the organization is on it from now, without a trial date (so a read-only trial can write
 * again), and every service learns it from auth.organization_plan_changed. Choosing the plan it is already on changes
 * nothing and announces nothing. Payment comes with the payments service.
 */
export const choosePlan = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, plan: Exclude<PlanId, 'free'>) => {
  requireRole(ctx, ['owner'], 'Only the owner can choose the plan');
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const org = await lockOrganization(trx, ctx.orgId);
    if (org.plan !== plan || org.trial_ends_at !== null) {
      await setOrganizationPlan(trx, ctx.orgId, plan);
      await publish(trx, AuthEvents.OrganizationPlanChanged, ctx.orgId, { orgId: ctx.orgId, plan, trialEndsAt: null }, metadataOf(ctx), now);
    }
    return (await loadUserView(trx, ctx.userId, ctx.orgId)).organization;
  });
};
