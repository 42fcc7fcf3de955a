import { z } from 'zod';
import { Specialization, TrainerStatus } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the trainers service (topic akhada.trainers.events; aggregate = the trainer, whose id is also
 * the id of their sign-in account in auth). Consumers: auth (invitations, approval, deactivation), members (whom a
 * member may be assigned to: capacity and availability), notifications (certificate expiry), payments later.
 */

/** What other services keep of a trainer: enough to show them and to decide whether they can take a client. */
export const TrainerSnapshot = z.object({
  trainerId: z.uuid(),
  locationId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  specialization: z.array(Specialization),
  maxClients: z.number().int().min(1),
  /** false when marked off (availabilityStatus unavailable). */
  isAvailable: z.boolean(),
  /** Integer paise per hour. */
  hourlyRatePaise: z.number().int().min(0),
  status: TrainerStatus,
});
export type TrainerSnapshot = z.infer<typeof TrainerSnapshot>;

/**
 * A trainer record was made: by staff (`source: staff`, status active; auth invites them, user id = trainerId) or for
 * a trainer who registered with the join code (`source: join_code`, status pending; their account exists already).
 */
export const TrainerCreated = defineEvent('trainers.trainer_created', 1, TrainerSnapshot.extend({ source: z.enum(['staff', 'join_code']) }));
/** A pending trainer was approved by an admin: auth lets their account see the gym; the plan's trainer count includes them. */
export const TrainerApproved = defineEvent('trainers.trainer_approved', 1, z.object({ trainerId: z.uuid() }));
/** Details changed (the whole snapshot as it now is). */
export const TrainerUpdated = defineEvent('trainers.trainer_updated', 1, TrainerSnapshot);
/** Removed from the lists (or a pending one refused). Members unassigns their clients; auth ends their sign-in. */
export const TrainerArchived = defineEvent('trainers.trainer_archived', 1, z.object({ trainerId: z.uuid() }));
export const TrainerInvitationResendRequested = defineEvent(
  'trainers.invitation_resend_requested',
  1,
  z.object({ trainerId: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
);
/** A certification expires within 30 days (raised once per certification and expiry date). Notifications tells the trainer and the admins. */
export const CertificationExpiring = defineEvent(
  'trainers.certification_expiring',
  1,
  z.object({ trainerId: z.uuid(), certificationId: z.uuid(), name: z.string(), expiryDate: z.iso.date(), trainerName: z.string() }),
);
/**
 * The trainer's weekly working hours were replaced (the whole list as it now is; day 0 = Sunday … 6 = Saturday, local
 * "HH:MM" times of the trainer's location). Consumers: scheduling (the slots members and staff book appointments in).
 */
export const TrainerScheduleChanged = defineEvent(
  'trainers.schedule_changed',
  1,
  z.object({
    trainerId: z.uuid(),
    locationId: z.uuid(),
    weeklySlots: z.array(z.object({ dayOfWeek: z.number().int().min(0).max(6), startTime: z.string(), endTime: z.string() })),
  }),
);
