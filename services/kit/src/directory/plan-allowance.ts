import { PLAN_TERMS, type PlanId } from '@akhada/contracts';
import { sql, type Transaction } from 'kysely';
import type { KitTables } from '../db/kit-migrations.ts';
import { conflict } from '../errors.ts';

/** What a plan counts: its members and its (approved) trainers (PLAN_TERMS in contracts/src/plans.ts). */
export type PlanAllowance = 'members' | 'trainers';

const planName = (plan: PlanId): string => plan.charAt(0).toUpperCase() + plan.slice(1);
const noun = (allowance: PlanAllowance, n: number): string => (allowance === 'members' ? (n === 1 ? 'member' : 'members') : n === 1 ? 'trainer' : 'trainers');

/** The message of a full plan, the same for members and trainers ("Your Free plan allows 14 members. …"). */
export const planLimitMessage = (plan: PlanId, allowance: PlanAllowance, limit: number): string =>
  `Your ${planName(plan)} plan allows ${limit} ${noun(allowance, limit)}. Choose a bigger plan to add more.`;

/**
 * Inside the command's transaction: one more of `allowance` must fit the organization's plan, read from the service's
 * directory (kit_organizations). An advisory lock per organization and allowance queues concurrent additions, so the
 * count cannot be overtaken between the check and the commit. An organization the directory does not know yet is on
 * the plan every new organization starts on (free). `count` counts what the plan caps now (the service knows what
 * counts: members not archived, approved trainers…). Throws 409 PLAN_LIMIT when full.
 */
export const assertPlanAllows = async <DB extends KitTables>(
  trx: Transaction<DB>,
  orgId: string,
  allowance: PlanAllowance,
  count: () => Promise<number>,
): Promise<void> => {
  await sql`select pg_advisory_xact_lock(hashtext(${`${allowance}-plan:${orgId}`}))`.execute(trx);
  const row = (await sql<{ plan: string }>`select plan from kit_organizations where org_id = ${orgId}`.execute(trx)).rows[0];
  const plan: PlanId = row && row.plan in PLAN_TERMS ? (row.plan as PlanId) : 'free';
  const limit = PLAN_TERMS[plan][allowance];
  if (limit !== null && (await count()) >= limit) throw conflict('PLAN_LIMIT', planLimitMessage(plan, allowance, limit));
};
