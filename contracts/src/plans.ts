import type { PlanId } from './enums.ts';

/** Days of the free plan's trial; after it the organization is read-only until a paid plan is bought. */
export const FREE_TRIAL_DAYS = 14;

export interface PlanTerms {
  /** Price per month in integer paise (the free plan: 0 for its 14-day trial). */
  pricePaise: number;
  /** Members and trainers the plan includes; null = no fixed cap (Enterprise is sized per contract, from 450 members and 10 trainers). */
  members: number | null;
  trainers: number | null;
}

/**
 * The plans Akhada sells and enforces: Version B of the specification (the landing page's own cards). The landing
 * content must advertise exactly these figures (`LandingContent` checks it), so the page never promises what billing
 * and the plan limits do not do. Changing a price is a code change, on purpose.
 */
export const PLAN_TERMS: Readonly<Record<PlanId, PlanTerms>> = {
  free: { pricePaise: 0, members: 14, trainers: 2 },
  mini: { pricePaise: 99_900, members: 25, trainers: 1 },
  starter: { pricePaise: 199_900, members: 50, trainers: 2 },
  pro: { pricePaise: 500_000, members: 150, trainers: 5 },
  enterprise: { pricePaise: 1_000_000, members: null, trainers: null },
};

/** Plans that include class scheduling (Pro and above); the free plan has it during its trial. */
export const SCHEDULING_PLANS: readonly PlanId[] = ['pro', 'enterprise'];

/** Whether an organization on `plan` may use class scheduling (`trialEnded`: the free plan's trial is over). */
export const includesScheduling = (plan: PlanId, trialEnded: boolean): boolean => SCHEDULING_PLANS.includes(plan) || (plan === 'free' && !trialEnded);

/** Plans that include API access with API keys (Pro and above); the free plan has it during its trial (issue 29). */
export const API_ACCESS_PLANS: readonly PlanId[] = ['pro', 'enterprise'];

/** Whether an organization on `plan` may create and use API keys (`trialEnded`: the free plan's trial is over). */
export const includesApiAccess = (plan: PlanId, trialEnded: boolean): boolean => API_ACCESS_PLANS.includes(plan) || (plan === 'free' && !trialEnded);
