import type { TrainerSchedule, UpdateScheduleBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { commandTrainer } from './command-trainer.ts';
import type { TrainersDeps } from './deps.ts';
import { scheduleOf } from './get-schedule.ts';
import { requireSelfOrStaff, visibleTrainer } from './trainer-access.ts';

/** Staff, or the trainer themself, replace the weekly slots. */
export const updateSchedule = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  body: z.infer<typeof UpdateScheduleBody>,
): Promise<z.infer<typeof TrainerSchedule>> => {
  await commandTrainer(deps, ctx, id, () => ({ type: 'ReplaceSchedule', data: { weeklySlots: body.weeklySlots, replacedAt: deps.clock().toISOString() } }), {
    authorize: (row) => requireSelfOrStaff(ctx, row.id, 'Trainers can change only their own schedule'),
  });
  return scheduleOf(deps.db, await visibleTrainer(deps.db, ctx, id), deps.clock());
};
