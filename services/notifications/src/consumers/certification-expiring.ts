import { TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { recipientsOfCertificationExpiring } from '../domain/recipient-rule.ts';
import { certificationExpiringText, renderTemplate } from '../domain/templates.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

type CertificationExpiring = EventEnvelope<z.infer<typeof TrainerEvents.CertificationExpiring.data>>;

/**
 * trainers.certification_expiring → the trainer and the owners and admins of the trainer's location (the event's
 * locationId; every admin when it carries none), priority high. Staff are led to the trainer's page; the trainer to
 * their schedule (their own pages; the staff screen is not theirs).
 */
export const notifyCertificationExpiring = async (trx: Transaction<NotificationsDb>, env: CertificationExpiring): Promise<string[]> => {
  const c = env.data;
  const candidates = await staffOrPark(trx, env);
  if (!candidates) return [];
  const locationId = env.locationId ?? null;
  const view = renderTemplate('notifications.action.view');
  return deliver(
    trx,
    env,
    { locationId, type: 'trainer', category: 'certification_expiring', priority: 'high', text: certificationExpiringText(c) },
    recipientsOfCertificationExpiring(candidates, c.trainerId, locationId).map((r) => ({
      recipientId: r.userId,
      actionUrl: r.isTrainer ? '/dashboard/my-schedule' : `/dashboard/trainers/${c.trainerId}`,
      actionText: view,
      actionKey: 'notifications.action.view',
    })),
  );
};

export const onCertificationExpiring = on(TrainerEvents.CertificationExpiring, (trx: Transaction<NotificationsDb>, env) =>
  notifyCertificationExpiring(trx, env).then(() => undefined),
);
