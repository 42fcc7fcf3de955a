import { AuthEvents, PaymentEvents } from '@akhada/contracts';
import { metadataOf, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { setOrganizationPlan } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';

/**
 * The organization paid Akhada for a plan (payments.subscription_paid, captured once): it is on that plan from now,
 * without a trial date, so a read-only trial writes again; every directory learns it from
 * auth.organization_plan_changed. An unknown organization, or one already on the plan without a trial, changes nothing.
 */
export const onSubscriptionPaid = on(PaymentEvents.SubscriptionPaid, async (trx: Transaction<AuthDb>, env) => {
  const orgId = env.data.organizationId;
  if (orgId !== env.orgId) return;
  const org = await trx.selectFrom('organizations').select(['plan', 'trial_ends_at']).where('id', '=', orgId).forUpdate().executeTakeFirst();
  if (!org) return;
  if (org.plan === env.data.plan && org.trial_ends_at === null) return;
  await setOrganizationPlan(trx, orgId, env.data.plan);
  await publish(trx, AuthEvents.OrganizationPlanChanged, orgId, { orgId, plan: env.data.plan, trialEndsAt: null }, metadataOf(env), new Date(env.occurredAt));
});
