import { AuthEvents } from '@akhada/contracts';
import { memberCopy, on, trainerCopy } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { FeedbackDb } from '../db/schema.ts';

type Trx = Transaction<FeedbackDb>;

/**
 * This service's copies of members (location, membership type, trainer), trainers and staff (owners, admins), from
 * the members, trainers and auth events. The kit keeps the member and trainer copies (an older event never overwrites
 * a newer one); staff are this service's own.
 */
export const memberHandlers = memberCopy<FeedbackDb, 'members'>({
  table: 'members',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'membership_type', 'trainer_id', 'status'],
}).handlers();

export const trainerHandlers = trainerCopy<FeedbackDb, 'trainers'>({
  table: 'trainers',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'status'],
}).handlers();

/** Owners and admins: whom tickets may be assigned to. */
export const staffHandlers = [
  on(AuthEvents.UserRegistered, async (trx: Trx, env) => {
    const d = env.data;
    if (d.role !== 'owner' && d.role !== 'admin') return;
    const role = d.role;
    await trx
      .insertInto('staff')
      .values({ id: d.userId, org_id: d.orgId, role, first_name: d.firstName, last_name: d.lastName })
      .onConflict((oc) => oc.column('id').doUpdateSet({ role, first_name: d.firstName, last_name: d.lastName }))
      .execute();
  }),
];
