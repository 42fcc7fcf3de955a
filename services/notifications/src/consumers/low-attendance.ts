import { AttendanceEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { ownersAndAdminsOf } from '../domain/recipient-rule.ts';
import { attendanceNudgeText, lowAttendanceText, renderTemplate } from '../domain/templates.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

type LowAttendanceDetected = EventEnvelope<z.infer<typeof AttendanceEvents.LowAttendanceDetected.data>>;

/**
 * Claims the member's period for this event. True when this event owns it (first time, or a replay of the same
 * event, e.g. released after waiting for the owner); false when another event of the same period already alerted.
 */
const claimPeriod = async (trx: Transaction<NotificationsDb>, env: LowAttendanceDetected): Promise<boolean> => {
  const key = { org_id: env.orgId, member_id: env.data.memberId, period_start: env.data.periodStart };
  await trx
    .insertInto('low_attendance_alerts')
    .values({ ...key, event_id: env.eventId })
    .onConflict((oc) => oc.columns(['org_id', 'member_id', 'period_start']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('low_attendance_alerts')
    .select('event_id')
    .where('org_id', '=', key.org_id)
    .where('member_id', '=', key.member_id)
    .where('period_start', '=', key.period_start)
    .executeTakeFirstOrThrow();
  return row.event_id === env.eventId;
};

/**
 * attendance.low_attendance_detected → "{name} hasn’t visited in {n} days" to the owners and the admins of the
 * member's location (led to the member's page), and a nudge to the member themself (their user id is their member id).
 * Once per member per period: the attendance service emits at most once per period, the inbox drops a redelivery,
 * low_attendance_alerts drops a second event of the same period, and (source_event_id, recipient) drops a replay.
 * Preferences: the product has no notification preferences yet, so the member is always nudged; when they exist,
 * this is the place to ask them (a member who turned nudges off gets none, staff are told regardless).
 */
export const notifyLowAttendance = async (trx: Transaction<NotificationsDb>, env: LowAttendanceDetected): Promise<string[]> => {
  const m = env.data;
  const candidates = await staffOrPark(trx, env);
  if (!candidates) return [];
  if (!(await claimPeriod(trx, env))) return [];
  const view = renderTemplate('notifications.action.view');
  const staff = ownersAndAdminsOf(candidates, m.locationId).filter((c) => c.userId !== m.memberId);
  const toStaff = await deliver(
    trx,
    env,
    { locationId: m.locationId, type: 'attendance', category: 'low_attendance', priority: 'medium', text: lowAttendanceText(m) },
    staff.map((r) => ({ recipientId: r.userId, actionUrl: `/dashboard/members/${m.memberId}`, actionText: view, actionKey: 'notifications.action.view' })),
  );
  const toMember = await deliver(
    trx,
    env,
    { locationId: m.locationId, type: 'attendance', category: 'attendance_nudge', priority: 'low', text: attendanceNudgeText(m) },
    [{ recipientId: m.memberId, actionUrl: '/dashboard/me', actionText: view, actionKey: 'notifications.action.view' }],
  );
  return [...toStaff, ...toMember];
};

/** The handler the attendance consumer group runs (other attendance events are not its business). */
export const onLowAttendanceDetected = on(AttendanceEvents.LowAttendanceDetected, (trx: Transaction<NotificationsDb>, env) =>
  notifyLowAttendance(trx, env).then(() => undefined),
);
