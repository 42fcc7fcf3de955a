import { AuthEvents, type EventEnvelope, type TrainerEvents } from '@akhada/contracts';
import { memberCopy, on, trainerCopy } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { setPersonAvatar, updatePerson, upsertPerson } from '../db/people-repo.ts';
import type { ChatDb } from '../db/schema.ts';

/**
 * This service's copy of the organization's people: staff accounts from auth, members (location, trainer) from
 * members, trainers (location) from trainers. Who may talk to whom is decided from it, without calling anyone.
 */
type Trx = Transaction<ChatDb>;
const at = (occurredAt: string) => new Date(occurredAt);

export const authHandlers = [
  on(AuthEvents.UserRegistered, async (trx: Trx, env) => {
    const d = env.data;
    // Members and trainers get their location from their own service's events; an account made first keeps a row.
    await upsertPerson(trx, {
      id: d.userId,
      org_id: d.orgId,
      role: d.role,
      first_name: d.firstName,
      last_name: d.lastName,
      email: d.email,
      updated_at: at(env.occurredAt),
      ...(d.role === 'owner' || d.role === 'admin' || d.locationIds.length > 0 ? { location_ids: d.locationIds } : {}),
    });
  }),
  on(AuthEvents.UserDeactivated, (trx: Trx, env) => updatePerson(trx, env.data.userId, at(env.occurredAt), { active: false })),
  // The picture (or null when removed), in the event's organization only.
  on(AuthEvents.UserAvatarChanged, (trx: Trx, env) => setPersonAvatar(trx, env.orgId, env.data.userId, env.data.avatarUrl)),
];

/** Members: their location and trainer (whom they may talk to); archived, no longer active. Role, locations and active are chat's own columns. */
export const memberHandlers = memberCopy<ChatDb, 'chat_people'>({
  table: 'chat_people',
  columns: ['org_id', 'first_name', 'last_name', 'email', 'trainer_id'],
  extra: {
    MemberRegistered: ({ data: d }) => ({ role: 'member', location_ids: [d.locationId], active: true }),
    MemberSignedUp: ({ data: d }) => ({ role: 'member', location_ids: [d.locationId], active: true }),
    MemberArchived: () => ({ active: false }),
  },
}).handlers();

const trainerSnapshot = ({ data: d }: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>) => ({
  role: 'trainer' as const,
  location_ids: [d.locationId],
  active: d.status !== 'archived',
});

/** Trainers: their location; archived, no longer active. */
export const trainerHandlers = trainerCopy<ChatDb, 'chat_people'>({
  table: 'chat_people',
  columns: ['org_id', 'first_name', 'last_name', 'email'],
  extra: { TrainerCreated: trainerSnapshot, TrainerUpdated: trainerSnapshot, TrainerArchived: () => ({ active: false }) },
}).handlers();
