import type { EarningsQuery, TrainerEarnings } from '@akhada/contracts';
import { badRequest, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { timeZoneOf } from '../db/directory-repo.ts';
import { dateIn, monthOf } from '../domain/calendar.ts';
import type { TrainersDeps } from './deps.ts';
import { requireSelfOrStaff, requireStaffOrTrainer, visibleTrainer } from './trainer-access.ts';

/**
 * What the trainer earned between two dates (default: this month in the location's calendar). The payments service
 * does not publish trainer payments yet, so the figures are zeros with `sourceAvailable: false` — never invented.
 */
export const getEarnings = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  query: z.infer<typeof EarningsQuery>,
): Promise<z.infer<typeof TrainerEarnings>> => {
  requireStaffOrTrainer(ctx);
  const row = await visibleTrainer(deps.db, ctx, id);
  requireSelfOrStaff(ctx, row.id, 'Trainers can see only their own earnings');
  const month = monthOf(dateIn(await timeZoneOf(deps.db, row.location_id), deps.clock()));
  const startDate = query.startDate ?? month.start;
  const endDate = query.endDate ?? month.end;
  if (endDate < startDate)
    throw badRequest('The end date must not be before the start date', [{ path: 'endDate', message: 'The end date must not be before the start date' }]);
  return { startDate, endDate, total: 0, sessions: 0, byType: [], sourceAvailable: false };
};
