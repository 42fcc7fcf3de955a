import { TrainerEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { SchedulingDb } from '../db/schema.ts';
import { saveHours } from '../db/trainer-hours-repo.ts';

/** A trainer's weekly hours (trainers.schedule_changed): the slots appointments are booked in. */
export const onTrainerScheduleChanged = on(TrainerEvents.TrainerScheduleChanged, async (trx: Transaction<SchedulingDb>, env) => {
  const d = env.data;
  await saveHours(trx, {
    trainer_id: d.trainerId,
    org_id: env.orgId,
    location_id: d.locationId,
    weekly_slots: d.weeklySlots,
    updated_at: new Date(env.occurredAt),
  });
});
