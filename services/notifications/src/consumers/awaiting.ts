import { AttendanceEvents, MemberEvents, TrainerEvents, type EventEnvelope } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { RULES } from '../domain/rules.ts';
import { applyRule } from './rules-engine.ts';
import { startJoinedRuns } from './automations.ts';
import { notifyCertificationExpiring } from './certification-expiring.ts';
import { notifyLowAttendance } from './low-attendance.ts';
import { notifyMemberRegistered } from './member-registered.ts';
import { notifyMemberSignedUp } from './member-signed-up.ts';
import { notifyTrainerCreated } from './trainer-created.ts';

/** The notifiers of the events that may wait for their organization's owner, by event type. */
const NOTIFIERS: Record<string, (trx: Transaction<NotificationsDb>, env: EventEnvelope<never>) => Promise<string[]>> = {
  // The staff's notification, then the automations' "member joined" runs (the built-in welcome), made with the owner.
  [MemberEvents.MemberRegistered.type]: async (trx, env) => {
    const notified = await notifyMemberRegistered(trx, env);
    await startJoinedRuns(trx, env);
    return notified;
  },
  [MemberEvents.MemberSignedUp.type]: async (trx, env) => {
    const notified = await notifyMemberSignedUp(trx, env);
    await startJoinedRuns(trx, env);
    return notified;
  },
  [TrainerEvents.TrainerCreated.type]: notifyTrainerCreated,
  [TrainerEvents.CertificationExpiring.type]: notifyCertificationExpiring,
  [AttendanceEvents.LowAttendanceDetected.type]: notifyLowAttendance,
};

/** Notifies for the events that waited for this organization's owner (in the order they arrived), then forgets them. */
export const releaseAwaiting = async (trx: Transaction<NotificationsDb>, orgId: string): Promise<void> => {
  const waiting = await trx.deleteFrom('awaiting_recipients').where('org_id', '=', orgId).returning(['envelope', 'received_at']).execute();
  waiting.sort((a, b) => a.received_at.getTime() - b.received_at.getTime());
  for (const w of waiting) {
    const env = w.envelope as EventEnvelope<never>;
    const notify = NOTIFIERS[env.type];
    if (notify) await notify(trx, env);
    else if (RULES[env.type]) await applyRule(trx, env as EventEnvelope<Record<string, unknown>>);
  }
};
