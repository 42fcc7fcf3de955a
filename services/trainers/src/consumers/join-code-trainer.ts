import { AuthEvents } from '@akhada/contracts';
import { DomainError, executeCommand, metadataOf, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { trainerAggregate } from '../aggregates/trainer.ts';
import type { TrainersDb } from '../db/schema.ts';

/** Defaults of a self-registered trainer until staff edit them (the contract's create defaults). */
const SELF_REGISTERED_DEFAULTS = { specialization: [], experience: 0, hourlyRatePaise: 0, maxClients: 10, bio: '', phone: '' } as const;

/**
 * auth.user_registered via the join code as a trainer → a pending trainer (id = their user id, at the first location
 * of the code) who sees nothing of the gym until staff approve them. Time from the event; a trainer that exists
 * already (a replay past the inbox) changes nothing.
 */
export const onUserRegistered = on(AuthEvents.UserRegistered, async (trx: Transaction<TrainersDb>, env) => {
  const u = env.data;
  const locationId = u.locationIds[0];
  if (u.via !== 'join_code' || u.role !== 'trainer' || !locationId) return;
  try {
    await executeCommand(
      trx,
      trainerAggregate,
      u.userId,
      {
        type: 'CreateTrainer',
        data: {
          ...SELF_REGISTERED_DEFAULTS,
          specialization: [],
          trainerId: u.userId,
          orgId: u.orgId,
          locationId,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          source: 'join_code',
          certifications: [],
          createdAt: env.occurredAt,
        },
      },
      metadataOf(env, { orgId: u.orgId, locationId }),
    );
  } catch (err) {
    if (err instanceof DomainError && err.code === 'CONFLICT') return; // already a trainer
    throw err;
  }
});
