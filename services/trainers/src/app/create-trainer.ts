import type { CreateTrainerBody, Trainer } from '@akhada/contracts';
import { assertLocation, executeCommand, forbidden, metadataOf, newId, rupeesToPaise, type RequestContext } from '@akhada/kit';
import { trainerAggregate } from '../aggregates/trainer.ts';
import type { CreateTrainer } from '../domain/trainer/decider.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import { trainerEmailTaken } from './command-trainer.ts';
import { assertTrainerAllowance } from './plan-allowance.ts';
import { trainerView } from './trainer-access.ts';

/**
 * Staff add a trainer in one of their locations: active at once (it counts against the plan), and auth invites them
 * to sign in (consuming trainers.trainer_created). One transaction: the plan check under the organization's lock, the
 * event, the read rows (whose unique index settles duplicate emails) and the outbox entry.
 */
export const createTrainer = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, body: CreateTrainerBody): Promise<Trainer> => {
  const locationId = body.locationId ?? ctx.locationIds[0];
  if (!locationId) throw forbidden('You have no location to add trainers to');
  assertLocation(ctx, locationId);
  const trainerId = newId();
  const command: CreateTrainer = {
    type: 'CreateTrainer',
    data: {
      trainerId,
      orgId: ctx.orgId,
      locationId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      specialization: [...new Set(body.specialization)],
      experience: body.experience,
      hourlyRatePaise: rupeesToPaise(body.hourlyRate),
      maxClients: body.maxClients,
      bio: body.bio,
      source: 'staff',
      certifications: body.certifications.map((c) => ({
        certificationId: newId(),
        name: c.name,
        issuingOrganization: c.issuingOrganization,
        issueDate: c.issueDate,
        expiryDate: c.expiryDate ?? null,
      })),
      createdAt: deps.clock().toISOString(),
    },
  };
  await executeCommand(deps.db, trainerAggregate, trainerId, command, metadataOf(ctx, { locationId }), {
    check: (_state, trx) => assertTrainerAllowance(trx, ctx.orgId),
    mapError: trainerEmailTaken,
  });
  return trainerView(deps.db, ctx, trainerId, todayFor(deps));
};
