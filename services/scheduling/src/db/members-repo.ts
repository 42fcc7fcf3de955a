import { memberCopy, prepareQuery, type Executor } from '@akhada/kit';
import type { CompiledQuery, Selectable } from 'kysely';
import type { MembersTable, SchedulingDb } from './schema.ts';

/**
 * This service's copy of each member (status, plan, end date), so a booking decides without calling members: the kit
 * keeps it from members' events (an older event never overwrites a newer one) and from the read-through's answers.
 */
export const members = memberCopy<SchedulingDb, 'members'>({
  table: 'members',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'status', 'membership_type', 'end_date', 'trainer_id'],
});

let memberQuery: ((v: { orgId: string; id: string }) => CompiledQuery<Selectable<MembersTable>>) | undefined;

/** A member of the organization (scoped: another organization's member is not found). Every booking reads it: prepared. */
export const memberOf = async (db: Executor<SchedulingDb>, orgId: string, id: string): Promise<Selectable<MembersTable> | undefined> => {
  memberQuery ??= prepareQuery((v: { orgId: string; id: string }) => db.selectFrom('members').selectAll().where('id', '=', v.id).where('org_id', '=', v.orgId));
  return (await db.executeQuery(memberQuery({ orgId, id }))).rows[0];
};
