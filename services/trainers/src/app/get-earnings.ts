import type { EarningsQuery, TrainerEarnings } from '@akhada/contracts';
import { badRequest, type RequestContext } from '@akhada/kit';
import { sql } from 'kysely';
import type { z } from 'zod';
import { timeZoneOf } from '../db/directory-repo.ts';
import { dateIn } from '@akhada/kit';
import { monthOf } from '../domain/calendar.ts';
import type { TrainersDeps } from './deps.ts';
import { requireSelfOrStaff, visibleTrainer } from './trainer-access.ts';

/**
 * What the trainer was paid between two dates (default: this month in the location's calendar), in rupees, from the
 * payments service's events (salary, commission, bonus, incentive; net of refunds). `sessions` counts the sessions
 * delivered in the period: the trainer's attended appointments (scheduling's events), by their local day.
 */
export const getEarnings = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  query: z.infer<typeof EarningsQuery>,
): Promise<z.infer<typeof TrainerEarnings>> => {
  const row = await visibleTrainer(deps.db, ctx, id);
  requireSelfOrStaff(ctx, row.id, 'Trainers can see only their own earnings');
  const month = monthOf(dateIn(await timeZoneOf(deps.db, row.location_id), deps.clock()));
  const startDate = query.startDate ?? month.start;
  const endDate = query.endDate ?? month.end;
  if (endDate < startDate)
    throw badRequest('The end date must not be before the start date', [{ path: 'endDate', message: 'The end date must not be before the start date' }]);
  const rows = await deps.db
    .selectFrom('trainer_earnings')
    .select(['type', sql<string>`sum(amount_paise)`.as('paise'), sql<string>`count(*)`.as('n')])
    .where('trainer_id', '=', row.id)
    .where('org_id', '=', ctx.orgId)
    .where('paid_on', '>=', startDate)
    .where('paid_on', '<=', endDate)
    .groupBy('type')
    .orderBy('type')
    .execute();
  const delivered = await deps.db
    .selectFrom('trainer_appointments')
    .select(sql<string>`count(*)`.as('n'))
    .where('trainer_id', '=', row.id)
    .where('org_id', '=', ctx.orgId)
    .where('status', '=', 'attended')
    .where('local_date', '>=', startDate)
    .where('local_date', '<=', endDate)
    .executeTakeFirstOrThrow();
  const byType = rows.map((r) => ({ type: r.type, amount: Number(r.paise) / 100, count: Number(r.n) }));
  return {
    startDate,
    endDate,
    total: rows.reduce((a, r) => a + Number(r.paise), 0) / 100,
    sessions: Number(delivered.n),
    byType,
    sourceAvailable: true,
  };
};
