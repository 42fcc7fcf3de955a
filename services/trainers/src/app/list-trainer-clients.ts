import type { PageQuery, TrainerClient } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { findClientPage } from '../db/clients-repo.ts';
import { toTrainerClient } from '../views/trainer-view.ts';
import type { TrainersDeps } from './deps.ts';
import { requireSelfOrStaff, visibleTrainer } from './trainer-access.ts';

/** The members assigned to a trainer, as the members service's events told this service; a trainer reads only their own. */
export const listTrainerClients = async (
  deps: Pick<TrainersDeps, 'db'>,
  ctx: RequestContext,
  id: string,
  { page, limit }: z.infer<typeof PageQuery>,
): Promise<{ clients: TrainerClient[]; totalCount: number; page: number; limit: number; totalPages: number }> => {
  const row = await visibleTrainer(deps.db, ctx, id);
  requireSelfOrStaff(ctx, row.id, 'Trainers can see only their own clients');
  const { rows, totalCount } = await findClientPage(deps.db, ctx.orgId, row.id, { offset: (page - 1) * limit, limit });
  return { clients: rows.map(toTrainerClient), totalCount, page, limit, totalPages: Math.ceil(totalCount / limit) };
};
