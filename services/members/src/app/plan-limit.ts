import { PLAN_TERMS } from '@akhada/contracts';
import { conflict } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { organizationIn } from '../db/directory-repo.ts';
import { countPlanMembers } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';

const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

/**
 * Inside the command's transaction: one more member must fit the organization's plan (members not archived and not
 * awaiting a plan). The advisory lock per organization queues concurrent additions, so the count cannot be overtaken
 * between the check and the commit. An organization the directory does not know yet is not capped.
 */
export const assertPlanRoom = async (trx: Transaction<MembersDb>, orgId: string): Promise<void> => {
  await sql`select pg_advisory_xact_lock(hashtext(${'members-plan:' + orgId}))`.execute(trx);
  const org = await organizationIn(trx, orgId);
  const limit = org ? PLAN_TERMS[org.plan].members : null;
  if (org && limit !== null && (await countPlanMembers(trx, orgId)) >= limit) {
    throw conflict('PLAN_LIMIT', `Your ${planName(org.plan)} plan allows ${limit} members. Choose a bigger plan to add more.`);
  }
};
