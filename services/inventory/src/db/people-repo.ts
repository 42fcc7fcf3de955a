import type { MemberCopy } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import type { InventoryDb } from './schema.ts';

/**
 * A member as the members service answered a read-through (a member added a moment ago): written only where the copy
 * has no row yet, so members' events (consumers/people.ts) stay the ones that change it.
 */
export const saveMemberCopy = async (db: Executor<InventoryDb>, orgId: string, c: MemberCopy): Promise<void> => {
  await db
    .insertInto('people')
    .values({
      id: c.memberId,
      // Answered under the caller's token: the member is of the caller's organization.
      org_id: orgId,
      kind: 'member',
      location_id: c.locationId,
      name: `${c.firstName} ${c.lastName}`.trim(),
      archived: c.status === 'archived',
      status: c.status,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};
