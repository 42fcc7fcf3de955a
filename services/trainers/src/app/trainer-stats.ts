import { PLAN_TERMS, Specialization, type TrainerStats } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { planOf } from '../db/directory-repo.ts';
import { countApprovedTrainers, countExpiringCertifications, specializationCounts, trainerStats } from '../db/trainers-repo.ts';
import { addDays, EXPIRY_WARNING_DAYS } from '../domain/trainer/availability.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import type { z } from 'zod';

/** Totals over the trainers of the caller's locations, and the plan's allowance (counted over the whole organization). */
export const getTrainerStats = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<z.infer<typeof TrainerStats>> => {
  const scope = { orgId: ctx.orgId, locationIds: ctx.locationIds };
  const today = todayFor(deps);
  const [s, bySpec, expiring, plan, used] = await Promise.all([
    trainerStats(deps.db, scope),
    specializationCounts(deps.db, scope),
    countExpiringCertifications(deps.db, scope, today, addDays(today, EXPIRY_WARNING_DAYS)),
    planOf(deps.db, ctx.orgId),
    countApprovedTrainers(deps.db, ctx.orgId),
  ]);
  const bySpecialization = Object.fromEntries(Specialization.options.map((sp) => [sp, bySpec.find((b) => b.specialization === sp)?.n ?? 0])) as Record<
    Specialization,
    number
  >;
  return {
    total: s.total,
    available: s.available,
    fullyBooked: s.fully_booked,
    unavailable: s.unavailable,
    pendingApproval: s.pending,
    totalClients: s.total_clients,
    bySpecialization,
    certificationsExpiringIn30Days: expiring,
    plan: { limit: PLAN_TERMS[plan].trainers, used },
  };
};
