import { assertPlanAllows } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { countPlanMembers } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';

/** Inside the command's transaction: one more member must fit the plan (members not archived and not awaiting a plan). */
export const assertPlanRoom = (trx: Transaction<MembersDb>, orgId: string): Promise<void> =>
  assertPlanAllows(trx, orgId, 'members', () => countPlanMembers(trx, orgId));
