import { AuthEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
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

export const memberHandlers = [
  on(MemberEvents.MemberRegistered, (trx: Trx, env) =>
    upsertPerson(trx, {
      id: env.data.memberId,
      org_id: env.orgId,
      role: 'member',
      first_name: env.data.firstName,
      last_name: env.data.lastName,
      email: env.data.email,
      location_ids: [env.data.locationId],
      active: true,
      updated_at: at(env.occurredAt),
    }),
  ),
  on(MemberEvents.MemberSignedUp, (trx: Trx, env) =>
    upsertPerson(trx, {
      id: env.data.memberId,
      org_id: env.orgId,
      role: 'member',
      first_name: env.data.firstName,
      last_name: env.data.lastName,
      email: env.data.email,
      location_ids: [env.data.locationId],
      active: true,
      updated_at: at(env.occurredAt),
    }),
  ),
  on(MemberEvents.MemberTrainerAssigned, (trx: Trx, env) => updatePerson(trx, env.data.memberId, at(env.occurredAt), { trainer_id: env.data.trainerId })),
  on(MemberEvents.MemberTrainerUnassigned, (trx: Trx, env) => updatePerson(trx, env.data.memberId, at(env.occurredAt), { trainer_id: null })),
  on(MemberEvents.MemberProfileChanged, (trx: Trx, env) =>
    updatePerson(trx, env.data.memberId, at(env.occurredAt), { first_name: env.data.firstName, last_name: env.data.lastName, email: env.data.email }),
  ),
  on(MemberEvents.MemberArchived, (trx: Trx, env) => updatePerson(trx, env.data.memberId, at(env.occurredAt), { active: false })),
];

const projectTrainer = (trx: Trx, env: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>) =>
  upsertPerson(trx, {
    id: env.data.trainerId,
    org_id: env.orgId,
    role: 'trainer',
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    email: env.data.email,
    location_ids: [env.data.locationId],
    active: env.data.status !== 'archived',
    updated_at: at(env.occurredAt),
  });

export const trainerHandlers = [
  on(TrainerEvents.TrainerCreated, projectTrainer),
  on(TrainerEvents.TrainerUpdated, projectTrainer),
  on(TrainerEvents.TrainerArchived, (trx: Trx, env) => updatePerson(trx, env.data.trainerId, at(env.occurredAt), { active: false })),
];
