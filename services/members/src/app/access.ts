import { type MemberDetail } from '@akhada/contracts';
import { notFound, type Executor, type RequestContext } from '@akhada/kit';
import { findMemberInOrg } from '../db/members-repo.ts';
import type { MembersDb, MembersTable } from '../db/schema.ts';
import { termsOf } from '../db/terms-repo.ts';
import { trainersByIds } from '../db/trainers-repo.ts';
import { toMember, toTerm } from '../views/member-view.ts';
import { todayAt, type MembersDeps } from './deps.ts';

/**
 * A member a staff caller may change: of their organization and in one of their locations. Anything else is 404,
 * whoever owns the id (a role that may not change members at all was refused by addRoute with the contract's roles).
 */
export const memberForStaff = async (db: Executor<MembersDb>, ctx: RequestContext, id: string): Promise<MembersTable> => {
  const row = await findMemberInOrg(db, ctx.orgId, id);
  if (!row || !ctx.locationIds.includes(row.location_id)) throw notFound('Member');
  return row;
};

/** The contract's Member of a row: days remaining in its location's calendar, with its trainer. */
export const memberView = async (deps: Pick<MembersDeps, 'db' | 'directory' | 'timeZone' | 'clock'>, row: MembersTable, hideContact = false) => {
  const trainers = await trainersByIds(deps.db, row.trainer_id ? [row.trainer_id] : []);
  return toMember(row, await todayAt(deps, row.location_id), row.trainer_id ? trainers.get(row.trainer_id) : undefined, hideContact);
};

/** The detail: the Member and its terms, newest first. */
export const memberDetailView = async (
  deps: Pick<MembersDeps, 'db' | 'directory' | 'timeZone' | 'clock'>,
  row: MembersTable,
  hideContact = false,
): Promise<MemberDetail> => ({
  ...(await memberView(deps, row, hideContact)),
  terms: (await termsOf(deps.db, row.id)).map(toTerm),
});

/** The row after a command (the projection wrote it in the same transaction). */
export const reload = async (db: Executor<MembersDb>, orgId: string, id: string): Promise<MembersTable> => {
  const row = await findMemberInOrg(db, orgId, id);
  if (!row) throw notFound('Member');
  return row;
};
