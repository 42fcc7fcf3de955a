import { includesScheduling, type PlanId } from '@akhada/contracts';
import { assertLocation, isTrialEnded, readThrough, type DirectoryLocation, type RequestContext } from '@akhada/kit';
import { memberOf, members } from '../db/members-repo.ts';
import { trainerOf, trainers } from '../db/trainers-repo.ts';
import { AppError, notFound } from '@akhada/kit/domain';
import type { SchedulingDeps } from './deps.ts';

export const PLAN_UPGRADE_MESSAGE = 'Class scheduling is part of the Pro plan. Upgrade to Pro to use the timetable and bookings.';

/**
 * Scheduling is a Pro-and-above feature; the free trial has every Pro feature. A smaller plan (or a trial that ended)
 * gets 402 PLAN_UPGRADE_REQUIRED on every route. An organization the directory does not know yet has just been made,
 * so it is in its trial.
 */
export const assertSchedulingPlan = async (deps: Pick<SchedulingDeps, 'directory' | 'clock'>, ctx: Pick<RequestContext, 'orgId'>): Promise<void> => {
  const org = await deps.directory.organization(ctx.orgId);
  if (!org || includesScheduling(org.plan as PlanId, isTrialEnded(org, deps.clock()))) return;
  throw new AppError(402, 'PLAN_UPGRADE_REQUIRED', PLAN_UPGRADE_MESSAGE);
};

/** A location of the caller's organization that the caller may act in (another organization's: 404; not theirs: 403). */
export const locationFor = async (deps: Pick<SchedulingDeps, 'directory'>, ctx: RequestContext, locationId: string): Promise<DirectoryLocation> => {
  const location = await deps.directory.location(locationId);
  if (!location || location.orgId !== ctx.orgId) throw notFound('Location');
  assertLocation(ctx, locationId);
  return location;
};

/**
 * A trainer of the caller's organization (another's, an archived one or an unknown id: 404). Read through to the
 * trainers service when this service's copy lacks a trainer just added.
 */
export const trainerFor = async (deps: Pick<SchedulingDeps, 'db' | 'people'>, ctx: RequestContext, trainerId: string) => {
  const found = await readThrough({
    local: () => trainerOf(deps.db, ctx.orgId, trainerId),
    remote: () => deps.people?.trainer(trainerId, ctx) ?? Promise.resolve(null),
    save: (c) => trainers.save(deps.db, ctx.orgId, c),
    key: `trainer:${trainerId}:${ctx.bearer ?? ''}`,
  });
  if (!found) throw notFound('Trainer');
  return found;
};

/** A trainer named on a class or a class type must be a trainer of the caller's organization (see trainerFor). */
export const assertTrainer = async (deps: Pick<SchedulingDeps, 'db' | 'people'>, ctx: RequestContext, trainerId: string | null | undefined): Promise<void> => {
  if (trainerId) await trainerFor(deps, ctx, trainerId);
};

/** The member as this service knows them, read through to the members service when the copy lacks them (just added). */
export const memberFor = async (deps: Pick<SchedulingDeps, 'db' | 'people'>, ctx: RequestContext, memberId: string) => {
  const m = await readThrough({
    local: () => memberOf(deps.db, ctx.orgId, memberId),
    remote: () => deps.people?.member(memberId, ctx) ?? Promise.resolve(null),
    save: (c) => members.save(deps.db, ctx.orgId, c),
    key: `member:${memberId}:${ctx.bearer ?? ''}`,
  });
  if (!m) throw notFound('Member');
  return m;
};
