import type { TrainerSchedule } from '@akhada/contracts';
import type { Executor, RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { timeZoneOf } from '../db/directory-repo.ts';
import type { TrainersDb } from '../db/schema.ts';
import { sessionsOf, type TrainerRow } from '../db/trainers-repo.ts';
import { sortSlots } from '../domain/trainer/schedule.ts';
import { toSession } from '../views/trainer-view.ts';
import type { TrainersDeps } from './deps.ts';
import { visibleTrainer } from './trainer-access.ts';

type Schedule = z.infer<typeof TrainerSchedule>;

/** The weekly slots (local times of the trainer's location) and the booked appointments that have not ended yet, soonest first. */
export const scheduleOf = async (db: Executor<TrainersDb>, row: TrainerRow, now: Date): Promise<Schedule> => ({
  timezone: await timeZoneOf(db, row.location_id),
  weeklySlots: sortSlots(row.weekly_slots),
  sessions: (await sessionsOf(db, row.id, now)).map(toSession),
});

export const getSchedule = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, ctx: RequestContext, id: string): Promise<Schedule> => {
  return scheduleOf(deps.db, await visibleTrainer(deps.db, ctx, id), deps.clock());
};
