import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { ownersAndAdminsOf } from '../domain/recipient-rule.ts';
import { renderTemplate, trainerPendingText } from '../domain/templates.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

type TrainerCreated = EventEnvelope<z.infer<typeof TrainerEvents.TrainerCreated.data>>;

/**
 * trainers.trainer_created from the join code (a pending trainer) → the owners and the location's admins, to approve
 * them. A trainer added by staff tells nobody (staff made it themselves).
 */
export const notifyTrainerCreated = async (trx: Transaction<NotificationsDb>, env: TrainerCreated): Promise<string[]> => {
  const t = env.data;
  if (t.source !== 'join_code') return [];
  const candidates = await staffOrPark(trx, env);
  if (!candidates) return [];
  const action = {
    actionUrl: `/dashboard/trainers/${t.trainerId}`,
    actionText: renderTemplate('notifications.action.review'),
    actionKey: 'notifications.action.review',
  };
  return deliver(
    trx,
    env,
    { locationId: t.locationId, type: 'trainer', category: 'trainer_pending', priority: 'medium', text: trainerPendingText(t) },
    ownersAndAdminsOf(candidates, t.locationId).map((r) => ({ recipientId: r.userId, ...action })),
  );
};

export const onTrainerCreated = on(TrainerEvents.TrainerCreated, (trx: Transaction<NotificationsDb>, env) =>
  notifyTrainerCreated(trx, env).then(() => undefined),
);
