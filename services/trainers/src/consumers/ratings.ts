import { FeedbackEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { upsertTrainerRating } from '../db/trainers-repo.ts';
import type { TrainersDb } from '../db/schema.ts';

/** A trainer's rating `{ average, count }`, as the feedback service publishes it with each trainer ticket (the whole figure). */
export const onTrainerRatingChanged = on(FeedbackEvents.TrainerRatingChanged, async (trx: Transaction<TrainersDb>, env) => {
  const d = env.data;
  await upsertTrainerRating(trx, { trainer_id: d.trainerId, org_id: env.orgId, average: d.average, count: d.count, as_of_version: d.asOfVersion });
});

export const ratingHandlers = [onTrainerRatingChanged];
