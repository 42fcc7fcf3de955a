import type { MemberCopy } from '@akhada/contracts';
import { memberCopy, trainerCopy, type Executor } from '@akhada/kit';
import type { InventoryDb } from './schema.ts';

const named = ({ data: d }: { data: { firstName: string; lastName: string } }) => ({ name: `${d.firstName} ${d.lastName}`.trim() });

/**
 * Names of members (buyers at the counter) and their status (the counter refuses an archived member), kept by the kit
 * from members' events. One table for members and trainers (`kind`); the full name and `archived` are this copy's own.
 * It has no version column: one member's events arrive in order (one partition) and the inbox drops redeliveries.
 */
export const memberPeople = memberCopy<InventoryDb, 'people'>({
  table: 'people',
  version: null,
  columns: ['org_id', 'location_id', 'status'],
  insert: () => ({ kind: 'member' }),
  extra: {
    MemberRegistered: (e) => ({ ...named(e), archived: false }),
    MemberSignedUp: (e) => ({ ...named(e), archived: false }),
    MemberProfileChanged: named,
    MemberArchived: () => ({ archived: true }),
  },
  answerExtra: (c) => ({ name: `${c.firstName} ${c.lastName}`.trim(), archived: c.status === 'archived' }),
});

/** Names of trainers (who equipment is assigned to); their status is not kept (the column's default, active). */
export const trainerPeople = trainerCopy<InventoryDb, 'people'>({
  table: 'people',
  version: null,
  columns: ['org_id', 'location_id'],
  insert: () => ({ kind: 'trainer' }),
  extra: {
    TrainerCreated: (e) => ({ ...named(e), archived: false }),
    TrainerUpdated: (e) => ({ ...named(e), archived: false }),
    TrainerArchived: () => ({ archived: true }),
  },
});

/**
 * A member as the members service answered a read-through (a member added a moment ago): written only where the copy
 * has no row yet, so members' events (consumers/people.ts) stay the ones that change it.
 */
export const saveMemberCopy = (db: Executor<InventoryDb>, orgId: string, c: MemberCopy): Promise<void> => memberPeople.save(db, orgId, c);
