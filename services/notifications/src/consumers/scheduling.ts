import { SchedulingEvents, type EventEnvelope } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { DEFAULT_TIME_ZONE, dateIn, timeIn } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { applyRule } from './rules-engine.ts';
import { onClassClosedForAutomations } from './automations.ts';

type Trx = Transaction<NotificationsDb>;

/**
 * Scheduling's events: the copy of each class (name, start, place) and of who holds a place in it, and the rule lines
 * that tell a member promoted from the waitlist, offered a freed place, or whose class was cancelled, staff when a
 * class fills, every ticket holder of a cancelled event and a member whose ticket is confirmed, and the member and the
 * trainer of a personal-training appointment booked or cancelled by someone else (domain/rules.ts).
 * Events of one class arrive in order (the topic is keyed by class), so the copy follows them without a version guard.
 * An event for a class this service has not seen (it started after the class was scheduled, before its copy was kept)
 * notifies without the class's name rather than not at all.
 */

/** The class's name, date and time as its location reads them, for the templates. */
const classFacts = async (trx: Trx, orgId: string, classId: string) => {
  const c = await trx
    .selectFrom('class_copies as c')
    .leftJoin('kit_locations as l', 'l.location_id', 'c.location_id')
    .select(['c.class_name', 'c.starts_at', 'l.timezone'])
    .where('c.class_id', '=', classId)
    .where('c.org_id', '=', orgId)
    .executeTakeFirst();
  if (!c) return { className: '', date: '', time: '' };
  const zone = c.timezone ?? DEFAULT_TIME_ZONE;
  return { className: c.class_name, date: dateIn(zone, c.starts_at), time: timeIn(zone, c.starts_at) };
};

const tell = async (trx: Trx, env: EventEnvelope<{ classId: string }>, extra: Record<string, unknown> = {}) => {
  const facts = await classFacts(trx, env.orgId, env.data.classId);
  await applyRule(trx, { ...env, data: { ...env.data, ...facts, ...extra } } as EventEnvelope<Record<string, unknown>>);
};

/** An event's title, date and time as its location reads them, into the rule line's data. */
const tellOfEvent = async (trx: Trx, env: EventEnvelope<{ title: string; startsAt: string; locationId: string }>, extra: Record<string, unknown>) => {
  const loc = await trx.selectFrom('kit_locations').select('timezone').where('location_id', '=', env.data.locationId).executeTakeFirst();
  const zone = loc?.timezone ?? DEFAULT_TIME_ZONE;
  const startsAt = new Date(env.data.startsAt);
  const facts = { title: env.data.title, date: dateIn(zone, startsAt), time: timeIn(zone, startsAt) };
  await applyRule(trx, { ...env, data: { ...facts, ...extra } } as EventEnvelope<Record<string, unknown>>);
};

/** An appointment's date and time as its location reads them; the trainer is told as the line's participant. */
const tellOfAppointment = async (trx: Trx, env: EventEnvelope<SchedulingEvents.AppointmentFacts & { cancelledBy?: string; late?: boolean }>) => {
  const loc = await trx.selectFrom('kit_locations').select('timezone').where('location_id', '=', env.data.locationId).executeTakeFirst();
  const zone = loc?.timezone ?? DEFAULT_TIME_ZONE;
  const startsAt = new Date(env.data.startsAt);
  const minutes = Math.round((Date.parse(env.data.endsAt) - startsAt.getTime()) / 60_000);
  await applyRule(trx, {
    ...env,
    data: { ...env.data, date: dateIn(zone, startsAt), time: timeIn(zone, startsAt), minutes, recipientId: env.data.trainerId },
  } as EventEnvelope<Record<string, unknown>>);
};

const place = async (trx: Trx, classId: string, memberId: string, status: 'booked' | 'waitlist' | 'offered') => {
  await trx
    .insertInto('class_places')
    .values({ class_id: classId, member_id: memberId, status })
    .onConflict((oc) => oc.columns(['class_id', 'member_id']).doUpdateSet({ status }))
    .execute();
};

/** A place only for a class this service knows (the foreign key); an unknown class keeps no places. */
const placeIfKnown = async (trx: Trx, orgId: string, classId: string, memberId: string, status: 'booked' | 'waitlist' | 'offered') => {
  const known = await trx.selectFrom('class_copies').select('class_id').where('class_id', '=', classId).where('org_id', '=', orgId).executeTakeFirst();
  if (known) await place(trx, classId, memberId, status);
};

const leave = async (trx: Trx, classId: string, memberId: string) => {
  await trx.deleteFrom('class_places').where('class_id', '=', classId).where('member_id', '=', memberId).execute();
};

export const schedulingHandlers = [
  on(SchedulingEvents.ClassScheduled, async (trx: Trx, env) => {
    const d = env.data;
    await trx
      .insertInto('class_copies')
      .values({ class_id: d.classId, org_id: env.orgId, location_id: d.locationId, class_name: d.className, starts_at: new Date(d.startsAt) })
      .onConflict((oc) => oc.column('class_id').doNothing())
      .execute();
  }),
  on(SchedulingEvents.ClassChanged, async (trx: Trx, env) => {
    if (!env.data.startsAt) return;
    await trx
      .updateTable('class_copies')
      .set({ starts_at: new Date(env.data.startsAt) })
      .where('class_id', '=', env.data.classId)
      .where('org_id', '=', env.orgId)
      .execute();
  }),
  on(SchedulingEvents.ClassBooked, (trx: Trx, env) => placeIfKnown(trx, env.orgId, env.data.classId, env.data.memberId, 'booked')),
  on(SchedulingEvents.MemberWaitlisted, (trx: Trx, env) => placeIfKnown(trx, env.orgId, env.data.classId, env.data.memberId, 'waitlist')),
  on(SchedulingEvents.BookingCancelled, (trx: Trx, env) => leave(trx, env.data.classId, env.data.memberId)),
  on(SchedulingEvents.WaitlistPromoted, async (trx: Trx, env) => {
    await placeIfKnown(trx, env.orgId, env.data.classId, env.data.memberId, 'booked');
    await tell(trx, env);
  }),
  on(SchedulingEvents.PromotionOffered, async (trx: Trx, env) => {
    await placeIfKnown(trx, env.orgId, env.data.classId, env.data.memberId, 'offered');
    const zone = await trx
      .selectFrom('class_copies as c')
      .innerJoin('kit_locations as l', 'l.location_id', 'c.location_id')
      .select('l.timezone')
      .where('c.class_id', '=', env.data.classId)
      .executeTakeFirst();
    await tell(trx, env, { until: timeIn(zone?.timezone ?? DEFAULT_TIME_ZONE, new Date(env.data.expiresAt)) });
  }),
  on(SchedulingEvents.ClassCancelled, async (trx: Trx, env) => {
    await trx.updateTable('class_copies').set({ cancelled: true }).where('class_id', '=', env.data.classId).where('org_id', '=', env.orgId).execute();
    await trx.deleteFrom('class_places').where('class_id', '=', env.data.classId).execute();
    await tell(trx, env, { recipientIds: [...new Set([...env.data.bookedMemberIds, ...env.data.waitlistedMemberIds])] });
  }),
  on(SchedulingEvents.ClassFull, (trx: Trx, env) => tell(trx, env)),
  on(SchedulingEvents.ClassClosed, async (trx: Trx, env) => {
    await trx.deleteFrom('class_places').where('class_id', '=', env.data.classId).execute();
    // Automations' "class no-show" rules: a run for each member who did not come.
    await onClassClosedForAutomations(trx, env);
  }),
  // Events carry their own facts (title, start, location): no copy is kept.
  on(SchedulingEvents.EventCancelled, async (trx: Trx, env) => {
    const { reason, ticketHolderIds } = env.data;
    await tellOfEvent(trx, env, { reason, recipientIds: ticketHolderIds });
  }),
  on(SchedulingEvents.TicketConfirmed, (trx: Trx, env) => tellOfEvent(trx, env, { memberId: env.data.memberId })),
  // Appointments carry the whole appointment: no copy is kept.
  on(SchedulingEvents.AppointmentBooked, (trx: Trx, env) => tellOfAppointment(trx, env)),
  on(SchedulingEvents.AppointmentCancelled, (trx: Trx, env) => tellOfAppointment(trx, env)),
];
