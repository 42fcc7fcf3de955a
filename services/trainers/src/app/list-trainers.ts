import type { Trainer, TrainerListQuery } from '@akhada/contracts';
import { assertLocation, isStaff, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { certificationsOf, findTrainerPage } from '../db/trainers-repo.ts';
import { toTrainer } from '../views/trainer-view.ts';
import { todayFor, type TrainersDeps } from './deps.ts';

export interface TrainerPage {
  trainers: Trainer[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/**
 * A page of the trainers of the caller's locations (or of one of them), newest first. Pending trainers are listed only
 * when asked for (status=pending), and only to staff; archived ones only with status=archived.
 */
export const listTrainers = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  query: z.infer<typeof TrainerListQuery>,
): Promise<TrainerPage> => {
  if (query.locationId) assertLocation(ctx, query.locationId);
  const locationIds = query.locationId ? [query.locationId] : ctx.locationIds;
  const { page, limit } = query;
  const status = isStaff(ctx) ? query.status : 'active';
  if (locationIds.length === 0) return { trainers: [], totalCount: 0, page, limit, totalPages: 0 };
  const { rows, totalCount } = await findTrainerPage(
    deps.db,
    { orgId: ctx.orgId, locationIds },
    { search: query.search, specialization: query.specialization, availability: query.availability, status },
    { offset: (page - 1) * limit, limit },
  );
  const certifications = await certificationsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const today = todayFor(deps);
  return { trainers: rows.map((r) => toTrainer(r, certifications, today)), totalCount, page, limit, totalPages: Math.ceil(totalCount / limit) };
};
