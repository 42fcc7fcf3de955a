import type { Appointment, AppointmentsQuery, BookableTrainers, BookAppointmentBody, FreeSlots, FreeSlotsQuery } from '@akhada/contracts';
import { assertLocation, executeCommand, isStaff, metadataOf, newId, type RequestContext } from '@akhada/kit';
import { addDays, badRequest, dateIn, DEFAULT_TIME_ZONE, forbidden, instantAt, notFound, timeIn, type CalendarDate } from '@akhada/kit/domain';
import { sql, type Transaction } from 'kysely';
import { appointmentAggregate } from '../aggregates/appointment.ts';
import { appointmentOf, appointmentsBetween, memberBusy, trainerBusy, type AppointmentRow } from '../db/appointments-repo.ts';
import type { SchedulingDb } from '../db/schema.ts';
import { settingsOf } from '../db/settings-repo.ts';
import { hoursOf, trainersWithHours } from '../db/trainer-hours-repo.ts';
import type { AppointmentCommand } from '../domain/appointment/decider.ts';
import { daysFrom, freeSlots as freeSlotsIn, openHoursOn } from '../domain/appointment/hours.ts';
import { assertMayTrain } from '../domain/appointment/membership.ts';
import { toAppointment } from '../views/appointment-view.ts';
import { memberFor, trainerFor } from './access.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory' | 'people'>;
const MINUTE = 60_000;
const DAY = 86_400_000;
const MAX_RANGE_DAYS = 31;

const zoneOf = async (deps: Pick<SchedulingDeps, 'directory'>, locationId: string | undefined): Promise<string> =>
  (locationId ? (await deps.directory.location(locationId))?.timezone : undefined) ?? DEFAULT_TIME_ZONE;

/**
 * Whose appointments the caller may book or see with this trainer: a member with their assigned trainer, or with any
 * trainer of their location when the location allows it; a trainer only their own; staff at the locations they run.
 */
const assertMayBookWith = async (deps: Deps, ctx: RequestContext, trainer: { id: string; location_id: string }) => {
  if (isStaff(ctx)) return assertLocation(ctx, trainer.location_id);
  if (ctx.role === 'trainer') {
    if (trainer.id !== ctx.userId) throw forbidden('Trainers book and see only their own appointments');
    return;
  }
  const me = await memberFor(deps, ctx, ctx.userId);
  if (me.trainer_id === trainer.id) return;
  const settings = await settingsOf(deps.db, trainer.location_id);
  if (settings.pt_any_trainer && me.location_id === trainer.location_id) return;
  throw forbidden(settings.pt_any_trainer ? 'You can book sessions only with a trainer of your gym' : 'You can book sessions only with your own trainer');
};

const lock = async (trx: Transaction<SchedulingDb>, key: string) => {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
};

/**
 * The trainers the caller may book with: a member's own trainer (first, even before they keep hours) and, when their
 * location allows any trainer, the others there who keep working hours; a trainer themself; staff the trainers of the
 * locations they run who keep working hours.
 */
export const bookableTrainers = async (deps: Deps, ctx: RequestContext): Promise<BookableTrainers> => {
  const out = (rows: Awaited<ReturnType<typeof trainersWithHours>>, assigned: string | null) => ({
    trainers: rows
      .map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), locationId: r.location_id, assigned: r.id === assigned }))
      .sort((a, b) => Number(b.assigned) - Number(a.assigned)),
  });
  if (isStaff(ctx))
    return out(
      (await trainersWithHours(deps.db, ctx.orgId, { locationIds: ctx.locationIds })).filter((r) => r.has_hours),
      null,
    );
  if (ctx.role === 'trainer') return out(await trainersWithHours(deps.db, ctx.orgId, { ids: [ctx.userId] }), null);
  const me = await memberFor(deps, ctx, ctx.userId);
  const anyTrainer = (await settingsOf(deps.db, me.location_id)).pt_any_trainer;
  const rows = await trainersWithHours(deps.db, ctx.orgId, { ids: me.trainer_id ? [me.trainer_id] : [], locationIds: anyTrainer ? [me.location_id] : [] });
  return out(
    rows.filter((r) => r.id === me.trainer_id || (r.has_hours && r.location_id === me.location_id)),
    me.trainer_id,
  );
};

/** A trainer's free slots of a length, day by day: inside their weekly hours, within the booking window, clear of what they (and a member asking, of what they) hold. */
export const freeSlots = async (deps: Deps, ctx: RequestContext, q: FreeSlotsQuery): Promise<FreeSlots> => {
  const trainer = await trainerFor(deps, ctx, q.trainerId);
  await assertMayBookWith(deps, ctx, trainer);
  const tz = await zoneOf(deps, trainer.location_id);
  const now = deps.clock();
  const from: CalendarDate = q.from ?? dateIn(tz, now);
  const to: CalendarDate = q.to ?? addDays(from, 13);
  if (to < from) throw badRequest('The last day must not be before the first', [{ path: 'to', message: 'The last day must not be before the first' }]);
  if (to > addDays(from, MAX_RANGE_DAYS))
    throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time`, [{ path: 'to', message: `At most ${MAX_RANGE_DAYS} days` }]);
  const openHours = openHoursOn(await hoursOf(deps.db, ctx.orgId, trainer.id), tz, daysFrom(from, to));
  const first = openHours[0];
  const last = openHours.at(-1);
  if (!first || !last) return { trainerId: trainer.id, locationId: trainer.location_id, timeZone: tz, durationMinutes: q.durationMinutes, slots: [] };
  const span = [new Date(first.startsAt), new Date(last.endsAt)] as const;
  const busy = [...(await trainerBusy(deps.db, trainer.id, ...span)), ...(ctx.role === 'member' ? await memberBusy(deps.db, ctx.userId, ...span) : [])];
  const settings = await settingsOf(deps.db, trainer.location_id);
  const byMember = ctx.role === 'member';
  const slots = freeSlotsIn({
    openHours,
    busy,
    durationMinutes: q.durationMinutes,
    notBefore: new Date(now.getTime() + (byMember ? settings.closes_minutes_before * MINUTE : 1)),
    notAfter: byMember ? new Date(now.getTime() + settings.opens_days_before * DAY) : new Date(8.64e15),
  });
  return {
    trainerId: trainer.id,
    locationId: trainer.location_id,
    timeZone: tz,
    durationMinutes: q.durationMinutes,
    slots: slots.map((s) => ({ ...s, localDate: dateIn(tz, new Date(s.startsAt)), localTime: timeIn(tz, new Date(s.startsAt)) })),
  };
};

/** Whom the appointment is for: a member books for themself; staff and the trainer name the member. */
const subjectOf = (ctx: RequestContext, memberId: string | undefined): string => {
  if (ctx.role === 'member') {
    if (memberId && memberId !== ctx.userId) throw forbidden('Members can book only for themselves');
    return ctx.userId;
  }
  if (!memberId) throw badRequest('Name the member to book (memberId)', [{ path: 'memberId', message: 'Choose a member' }]);
  return memberId;
};

/**
 * Book an appointment: in one transaction behind the trainer's lock, then the member's (the same lock their class
 * bookings take), read what either holds around then, and let the decider refuse a clash, a time outside the trainer's
 * hours or (for a member) the booking window. Two bookings racing for one slot queue on the trainer's lock: one wins.
 */
export const bookAppointment = async (deps: Deps, ctx: RequestContext, body: BookAppointmentBody): Promise<Appointment> => {
  const trainer = await trainerFor(deps, ctx, body.trainerId);
  await assertMayBookWith(deps, ctx, trainer);
  const memberId = subjectOf(ctx, body.memberId);
  const member = await memberFor(deps, ctx, memberId);
  if (ctx.role === 'trainer' && !ctx.locationIds.includes(member.location_id)) throw notFound('Member');
  const tz = await zoneOf(deps, trainer.location_id);
  const now = deps.clock();
  const start = new Date(body.startsAt);
  const end = new Date(start.getTime() + body.durationMinutes * MINUTE);
  const day = dateIn(tz, start);
  assertMayTrain({ status: member.status, endDate: member.end_date, date: day, self: ctx.role === 'member' });
  const hours = await hoursOf(deps.db, ctx.orgId, trainer.id);
  const appointmentId = newId();
  const result = await deps.db.transaction().execute(async (trx) => {
    const settings = await settingsOf(trx, trainer.location_id);
    await lock(trx, `scheduling-trainer:${trainer.id}`);
    await lock(trx, `scheduling-member:${memberId}`);
    const clashes = [...(await trainerBusy(trx, trainer.id, start, end)), ...(await memberBusy(trx, memberId, start, end))];
    const command: AppointmentCommand = {
      type: 'BookAppointment',
      data: {
        appointmentId,
        orgId: ctx.orgId,
        locationId: trainer.location_id,
        memberId,
        trainerId: trainer.id,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        bookedBy: ctx.userId,
        at: now.toISOString(),
        byMember: ctx.role === 'member',
        rules: { opensDaysBefore: settings.opens_days_before, closesMinutesBefore: settings.closes_minutes_before },
        openHours: openHoursOn(hours, tz, [day]),
        clashes,
      },
    };
    return executeCommand(trx, appointmentAggregate, appointmentId, command, metadataOf(ctx, { locationId: trainer.location_id }));
  });
  if (result.state.status === 'none') throw new Error(`appointment ${appointmentId} was not booked`);
  return view(deps, ctx, appointmentId);
};

const view = async (deps: Pick<SchedulingDeps, 'db' | 'directory'>, ctx: RequestContext, id: string): Promise<Appointment> => {
  const row = await appointmentOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Appointment');
  return toAppointment(row, await zoneOf(deps, row.location_id));
};

/**
 * An appointment the caller may act on: a member's own, a trainer's own, one at a location staff run. Anyone else's
 * is "not found" (an id of another organization, member or trainer reveals nothing).
 */
const visibleAppointment = async (deps: Deps, ctx: RequestContext, id: string): Promise<AppointmentRow> => {
  const row = await appointmentOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Appointment');
  if (ctx.role === 'member' && row.member_id !== ctx.userId) throw notFound('Appointment');
  if (ctx.role === 'trainer' && row.trainer_id !== ctx.userId) throw notFound('Appointment');
  if (isStaff(ctx)) assertLocation(ctx, row.location_id);
  return row;
};

const command = async (deps: Deps, ctx: RequestContext, id: string, build: (row: AppointmentRow) => Promise<AppointmentCommand>): Promise<Appointment> => {
  const row = await visibleAppointment(deps, ctx, id);
  await executeCommand(deps.db, appointmentAggregate, id, await build(row), metadataOf(ctx, { locationId: row.location_id }));
  return view(deps, ctx, id);
};

export const cancelAppointment = (deps: Deps, ctx: RequestContext, id: string) =>
  command(deps, ctx, id, async (row) => ({
    type: 'CancelAppointment',
    data: { by: ctx.userId, at: deps.clock().toISOString(), lateCancelMinutes: (await settingsOf(deps.db, row.location_id)).late_cancel_minutes },
  }));

export const markAppointmentAttended = (deps: Deps, ctx: RequestContext, id: string) =>
  command(deps, ctx, id, async () => ({ type: 'MarkAttended', data: { by: ctx.userId, at: deps.clock().toISOString() } }));

export const markAppointmentNoShow = (deps: Deps, ctx: RequestContext, id: string) =>
  command(deps, ctx, id, async () => ({ type: 'MarkNoShow', data: { by: ctx.userId, at: deps.clock().toISOString() } }));

/** A member's own, a trainer's own, staff's at the locations they run (one, or all of them), between two days. */
export const listAppointments = async (deps: Deps, ctx: RequestContext, q: AppointmentsQuery): Promise<{ appointments: Appointment[] }> => {
  if (q.locationId && isStaff(ctx)) assertLocation(ctx, q.locationId);
  const tz = await zoneOf(deps, q.locationId ?? ctx.locationIds[0]);
  const fromDay = q.from ?? dateIn(tz, deps.clock());
  const toDay = q.to ?? addDays(fromDay, 60);
  if (toDay < fromDay) throw badRequest('The last day must not be before the first', [{ path: 'to', message: 'The last day must not be before the first' }]);
  const scope =
    ctx.role === 'member'
      ? { memberId: ctx.userId, trainerId: q.trainerId }
      : ctx.role === 'trainer'
        ? { trainerId: ctx.userId }
        : { trainerId: q.trainerId, locationIds: q.locationId ? [q.locationId] : ctx.locationIds };
  if (ctx.role === 'trainer' && q.trainerId && q.trainerId !== ctx.userId) throw forbidden('Trainers see only their own appointments');
  const rows = await appointmentsBetween(deps.db, {
    orgId: ctx.orgId,
    from: instantAt(fromDay, '00:00', tz),
    to: instantAt(addDays(toDay, 1), '00:00', tz),
    includeCancelled: q.includeCancelled === 'true',
    ...scope,
  });
  const zones = new Map<string, string>();
  const out: Appointment[] = [];
  for (const row of rows) {
    let zone = zones.get(row.location_id);
    if (!zone) zones.set(row.location_id, (zone = await zoneOf(deps, row.location_id)));
    out.push(toAppointment(row, zone));
  }
  return { appointments: out };
};
