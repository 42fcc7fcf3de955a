import { executeCommand, metadataOf } from '@akhada/kit';
import { membershipAggregate } from '../aggregates/membership.ts';
import { memberIdsOfTrainer } from '../db/members-repo.ts';
import { trainers } from '../db/trainers-repo.ts';

/**
 * Trainers' events into this service's copy (db/trainers-repo.ts). Archived: no new clients, and each of their
 * members is unassigned through the member's own stream.
 */
export const trainerHandlers = trainers.handlers({
  TrainerArchived: async (trx, env) => {
    const { trainerId } = env.data;
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
  },
});
