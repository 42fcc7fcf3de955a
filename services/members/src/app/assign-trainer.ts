import type { Member } from '@akhada/contracts';
import { conflict, notFound, type RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import { countTrainerClients } from '../db/members-repo.ts';
import { findTrainer } from '../db/trainers-repo.ts';
import type { MembersDeps } from './deps.ts';
import { staffCommandView, type CommandDeps } from './member-command.ts';
import { trainerOf } from './trainer-lookup.ts';

/**
 * Assign a trainer of the member's location. The trainer's current clients are counted from this service's members
 * table under an advisory lock per trainer, so two assignments at once cannot both take the last place. A trainer
 * added a moment ago, whose event has not arrived yet, is read through from the trainers service first.
 */
export const assignTrainer = async (deps: CommandDeps & Pick<MembersDeps, 'people'>, ctx: RequestContext, id: string, trainerId: string): Promise<Member> => {
  await trainerOf(deps, ctx, trainerId);
  return staffCommandView(
    deps,
    ctx,
    id,
    () => ({ type: 'AssignTrainer', data: { trainerId } }),
    async (trx, member) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'members-trainer:' + trainerId}))`.execute(trx);
      const trainer = await findTrainer(trx, ctx.orgId, trainerId);
      if (!trainer) throw notFound('Trainer');
      const name = `${trainer.first_name} ${trainer.last_name}`;
      if (trainer.status === 'archived') throw conflict('CONFLICT', `${name} is no longer with the gym`);
      if (trainer.location_id !== member.location_id) throw conflict('CONFLICT', `${name} works at another location`);
      if (trainer.status === 'pending') throw conflict('CONFLICT', `${name} is awaiting approval and cannot take clients yet`);
      if (!trainer.is_available) throw conflict('CONFLICT', `${name} is not available right now`);
      if (member.trainer_id === trainerId) return;
      const clients = await countTrainerClients(trx, trainerId);
      if (clients >= trainer.max_clients) throw conflict('CONFLICT', `${name} is fully booked (${clients}/${trainer.max_clients} clients)`);
    },
  );
};
