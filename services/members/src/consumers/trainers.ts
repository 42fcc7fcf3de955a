import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { executeCommand, metadataOf, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { membershipAggregate } from '../aggregates/membership.ts';
import { memberIdsOfTrainer } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';
import { setTrainerStatus, upsertTrainer } from '../db/trainers-repo.ts';

const project = (trx: Transaction<MembersDb>, env: EventEnvelope<z.infer<typeof TrainerEvents.TrainerSnapshot>>) =>
  upsertTrainer(trx, {
    id: env.data.trainerId,
    org_id: env.orgId,
    location_id: env.data.locationId,
    first_name: env.data.firstName,
    last_name: env.data.lastName,
    specialization: env.data.specialization,
    max_clients: env.data.maxClients,
    is_available: env.data.isAvailable,
    status: env.data.status,
    updated_at: new Date(env.occurredAt),
  });

/** The trainers this service may assign, kept from the trainers service's events (newer events win). */
export const onTrainerCreated = on(TrainerEvents.TrainerCreated, project);
export const onTrainerUpdated = on(TrainerEvents.TrainerUpdated, project);
export const onTrainerApproved = on(TrainerEvents.TrainerApproved, (trx: Transaction<MembersDb>, env) =>
  setTrainerStatus(trx, env.data.trainerId, 'active', new Date(env.occurredAt)),
);

/** Archived: no new clients, and each of their members is unassigned through the member's own stream. */
export const onTrainerArchived = on(TrainerEvents.TrainerArchived, async (trx: Transaction<MembersDb>, env) => {
  const { trainerId } = env.data;
  await setTrainerStatus(trx, trainerId, 'archived', new Date(env.occurredAt));
  for (const memberId of await memberIdsOfTrainer(trx, trainerId)) {
    const member = await trx.selectFrom('members').select('location_id').where('id', '=', memberId).executeTakeFirstOrThrow();
    await executeCommand(
      trx,
      membershipAggregate,
      memberId,
      { type: 'UnassignTrainer', data: { reason: 'trainer_archived', onlyTrainerId: trainerId } },
      metadataOf(env, { locationId: member.location_id }),
    );
  }
});
