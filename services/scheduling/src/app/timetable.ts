import type { BookingStatus, ClassDetail, ClassSummary, EditClassBody, OneOffBody, SeriesBody, Timetable } from '@akhada/contracts';
import { assertLocation, metadataOf, newId, type EventMetadata, type RequestContext } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { addDays, badRequest, dateIn, DEFAULT_TIME_ZONE, DomainError, instantAt, notFound, type CalendarDate } from '@akhada/kit/domain';
import { classTypeOf } from '../db/class-types-repo.ts';
import {
  classesBetween,
  classesByIds,
  classOf,
  insertSeries,
  placesOf,
  placesOfMember,
  seriesClassesFrom,
  waitlistPositions,
  type ClassRow,
} from '../db/classes-repo.ts';
import type { ClassTypesTable, SchedulingDb } from '../db/schema.ts';
import { settingsOf } from '../db/settings-repo.ts';
import type { ClassEdit } from '../domain/occurrence/decider.ts';
import { weekStart } from '../domain/timetable/local-time.ts';
import { expandSeries } from '../domain/timetable/series.ts';
import { toClassSummary } from '../views/class-view.ts';
import { assertTrainer, locationFor } from './access.ts';
import { commandOnClass, lockClasses, rulesOf } from './class-command.ts';
import type { SchedulingDeps } from './deps.ts';
import { ineligibleWaiting } from './waitlist.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory' | 'people'>;

const zoneOf = async (deps: Pick<SchedulingDeps, 'directory'>, locationId: string): Promise<string> =>
  (await deps.directory.location(locationId))?.timezone ?? DEFAULT_TIME_ZONE;

const typeFor = async (deps: Deps, ctx: RequestContext, classTypeId: string) => {
  const type = await classTypeOf(deps.db, ctx.orgId, classTypeId);
  if (!type) throw notFound('Class type');
  return type;
};

/** One class onto the timetable: its stream's first event, with the type's defaults for what the body leaves out. */
const scheduleOne = (
  trx: Transaction<SchedulingDb>,
  o: {
    id: string;
    ctx: RequestContext;
    locationId: string;
    type: ClassTypesTable;
    seriesId: string | null;
    startsAt: Date;
    endsAt: Date;
    body: { capacity?: number | undefined; trainerId?: string | null | undefined; room: string };
    now: Date;
  },
  metadata: EventMetadata,
) =>
  commandOnClass(
    trx,
    o.id,
    {
      type: 'ScheduleClass',
      data: {
        occurrenceId: o.id,
        orgId: o.ctx.orgId,
        locationId: o.locationId,
        classTypeId: o.type.id,
        className: o.type.name,
        seriesId: o.seriesId,
        startsAt: o.startsAt.toISOString(),
        endsAt: o.endsAt.toISOString(),
        capacity: o.body.capacity ?? o.type.default_capacity,
        trainerId: o.body.trainerId === undefined ? o.type.default_trainer_id : o.body.trainerId,
        room: o.body.room,
        at: o.now.toISOString(),
      },
    },
    metadata,
  );

/** A recurring class: every date of the pattern from today on goes on the timetable (one stream per class), in one transaction. */
export const createSeries = async (deps: Deps, ctx: RequestContext, body: SeriesBody) => {
  const location = await locationFor(deps, ctx, body.locationId);
  const type = await typeFor(deps, ctx, body.classTypeId);
  await assertTrainer(deps, ctx, body.trainerId);
  const now = deps.clock();
  const planned = expandSeries({
    weekdays: body.weekdays,
    startTime: body.startTime,
    durationMinutes: type.duration_minutes,
    from: body.from,
    until: body.until,
    timeZone: location.timezone,
  }).filter((o) => o.startsAt > now);
  if (planned.length === 0) throw badRequest('No class of this series falls after now: check the dates and weekdays');
  const seriesId = newId();
  const metadata = metadataOf(ctx, { locationId: location.locationId });
  const ids = await deps.db.transaction().execute(async (trx) => {
    await insertSeries(trx, {
      id: seriesId,
      org_id: ctx.orgId,
      location_id: location.locationId,
      class_type_id: type.id,
      weekdays: body.weekdays,
      start_time: body.startTime,
      from_date: body.from,
      until_date: body.until,
      created_at: now,
    });
    const made: string[] = [];
    for (const o of planned) {
      const id = newId();
      await scheduleOne(trx, { id, ctx, locationId: location.locationId, type, seriesId, startsAt: o.startsAt, endsAt: o.endsAt, body, now }, metadata);
      made.push(id);
    }
    return made;
  });
  const classes = await classesBetween(deps.db, {
    orgId: ctx.orgId,
    locationId: location.locationId,
    from: planned[0]!.startsAt,
    to: new Date(planned.at(-1)!.startsAt.getTime() + 1),
  });
  return {
    id: seriesId,
    locationId: location.locationId,
    classTypeId: type.id,
    classes: classes.filter((c) => ids.includes(c.id)).map((c) => toClassSummary(c, location.timezone)),
  };
};

export const createClass = async (deps: Deps, ctx: RequestContext, body: OneOffBody): Promise<ClassSummary> => {
  const location = await locationFor(deps, ctx, body.locationId);
  const type = await typeFor(deps, ctx, body.classTypeId);
  await assertTrainer(deps, ctx, body.trainerId);
  const now = deps.clock();
  const startsAt = instantAt(body.date, body.startTime, location.timezone);
  if (startsAt <= now) throw badRequest('A class must start in the future');
  const id = newId();
  const endsAt = new Date(startsAt.getTime() + (body.durationMinutes ?? type.duration_minutes) * 60_000);
  await deps.db
    .transaction()
    .execute((trx) =>
      scheduleOne(
        trx,
        { id, ctx, locationId: location.locationId, type, seriesId: null, startsAt, endsAt, body, now },
        metadataOf(ctx, { locationId: location.locationId }),
      ),
    );
  const row = await classOf(deps.db, ctx.orgId, id);
  return toClassSummary(row!, location.timezone);
};

/** The caller's place in each class (members only), waitlist positions counted from the order of joining. */
const myPlaces = async (deps: Deps, ctx: RequestContext, classIds: string[]) => {
  const out = new Map<string, { status: string; position: number | null; offerExpiresAt: Date | null }>();
  if (ctx.role !== 'member') return out;
  const mine = await placesOfMember(deps.db, ctx.userId, classIds);
  const queues = await waitlistPositions(
    deps.db,
    mine.filter((p) => p.status === 'waitlisted').map((p) => p.class_id),
  );
  for (const p of mine) {
    if (p.status === 'cancelled' || p.status === 'expired') continue;
    const position = p.status === 'waitlisted' ? (queues.get(p.class_id) ?? []).indexOf(ctx.userId) + 1 : null;
    out.set(p.class_id, { status: p.status, position, offerExpiresAt: p.offer_expires_at });
  }
  return out;
};

export const timetable = async (
  deps: Deps,
  ctx: RequestContext,
  q: { locationId: string; week?: CalendarDate | undefined; category?: string | undefined; trainerId?: string | undefined },
): Promise<Timetable> => {
  const location = await locationFor(deps, ctx, q.locationId);
  const tz = location.timezone;
  const monday = weekStart(q.week ?? dateIn(tz, deps.clock()));
  const rows = await classesBetween(deps.db, {
    orgId: ctx.orgId,
    locationId: location.locationId,
    from: instantAt(monday, '00:00', tz),
    to: instantAt(addDays(monday, 7), '00:00', tz),
    category: q.category,
    trainerId: q.trainerId,
  });
  const places = await myPlaces(
    deps,
    ctx,
    rows.map((r) => r.id),
  );
  return { locationId: location.locationId, timeZone: tz, weekStart: monday, classes: rows.map((r) => toClassSummary(r, tz, places.get(r.id) ?? null)) };
};

/** A class of the caller's organization (404 otherwise); staff and trainers only at their locations. */
export const visibleClass = async (deps: Deps, ctx: RequestContext, id: string): Promise<ClassRow> => {
  const row = await classOf(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Class');
  if (ctx.role !== 'member') assertLocation(ctx, row.location_id);
  return row;
};

export const classDetail = async (deps: Deps, ctx: RequestContext, id: string): Promise<ClassDetail> => {
  const row = await visibleClass(deps, ctx, id);
  const tz = await zoneOf(deps, row.location_id);
  const mine = await myPlaces(deps, ctx, [row.id]);
  const summary = toClassSummary(row, tz, mine.get(row.id) ?? null);
  if (ctx.role === 'member') return { ...summary, roster: null, waitlist: null };
  const places = await placesOf(deps.db, row.id);
  const entry = (p: (typeof places)[number], status: BookingStatus, position: number | null) => ({
    memberId: p.member_id,
    name: p.first_name ? `${p.first_name} ${p.last_name ?? ''}`.trim() : 'Member',
    status,
    position,
    since: p.since.toISOString(),
  });
  const waiting = places.filter((p) => p.status === 'waitlisted');
  return {
    ...summary,
    roster: places.filter((p) => p.status !== 'waitlisted').map((p) => entry(p, p.status as BookingStatus, null)),
    waitlist: waiting.map((p, i) => entry(p, 'waitlisted', i + 1)),
  };
};

/** The classes an edit or a cancellation reaches: this one, or this one and the rest of its series. */
const reach = async (deps: Deps, ctx: RequestContext, row: ClassRow, scope: 'one' | 'following') =>
  scope === 'following' && row.series_id ? await seriesClassesFrom(deps.db, ctx.orgId, row.series_id, row.starts_at) : [row];

export const editClass = async (deps: Deps, ctx: RequestContext, id: string, body: EditClassBody): Promise<ClassSummary[]> => {
  const row = await visibleClass(deps, ctx, id);
  await assertTrainer(deps, ctx, body.trainerId);
  const tz = await zoneOf(deps, row.location_id);
  const now = deps.clock();
  const targets = await reach(deps, ctx, row, body.scope);
  const metadata = metadataOf(ctx, { locationId: row.location_id });
  await deps.db.transaction().execute(async (trx) => {
    const settings = await settingsOf(trx, row.location_id);
    const rules = rulesOf(settings);
    await lockClasses(
      trx,
      targets.map((t) => t.id),
    );
    // More capacity promotes from the waitlist: each class's waiting members who may not take a place are passed over.
    const withTypes = new Map(
      (
        await classesByIds(
          trx,
          ctx.orgId,
          targets.map((t) => t.id),
        )
      ).map((c) => [c.id, c]),
    );
    for (const t of targets) {
      const minutes = (t.ends_at.getTime() - t.starts_at.getTime()) / 60_000;
      const startsAt = body.startTime ? instantAt(dateIn(tz, t.starts_at), body.startTime, tz) : t.starts_at;
      const changes: ClassEdit = {
        ...(body.startTime ? { startsAt: startsAt.toISOString() } : {}),
        ...(body.startTime || body.durationMinutes ? { endsAt: new Date(startsAt.getTime() + (body.durationMinutes ?? minutes) * 60_000).toISOString() } : {}),
        ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
        ...(body.trainerId !== undefined ? { trainerId: body.trainerId } : {}),
        ...(body.room !== undefined ? { room: body.room } : {}),
      };
      if (body.startTime && startsAt <= now) throw new DomainError('VALIDATION_FAILED', 'A class cannot be moved into the past', 400);
      const cls = withTypes.get(t.id);
      const ineligible = cls ? await ineligibleWaiting(trx, tz, cls, settings, now) : [];
      await commandOnClass(trx, t.id, { type: 'EditClass', data: { changes, at: now.toISOString(), rules, ineligible } }, metadata);
    }
  });
  return refreshed(deps, ctx, targets, tz);
};

export const cancelClass = async (
  deps: Deps,
  ctx: RequestContext,
  id: string,
  body: { scope: 'one' | 'following'; reason: string },
): Promise<ClassSummary[]> => {
  const row = await visibleClass(deps, ctx, id);
  const tz = await zoneOf(deps, row.location_id);
  const now = deps.clock().toISOString();
  const targets = await reach(deps, ctx, row, body.scope);
  const metadata = metadataOf(ctx, { locationId: row.location_id });
  await deps.db.transaction().execute(async (trx) => {
    await lockClasses(
      trx,
      targets.map((t) => t.id),
    );
    for (const t of targets) await commandOnClass(trx, t.id, { type: 'CancelClass', data: { at: now, reason: body.reason } }, metadata);
  });
  return refreshed(deps, ctx, targets, tz);
};

const refreshed = async (deps: Deps, ctx: RequestContext, targets: { id: string }[], tz: string): Promise<ClassSummary[]> => {
  const out: ClassSummary[] = [];
  for (const t of targets) {
    const r = await classOf(deps.db, ctx.orgId, t.id);
    if (r) out.push(toClassSummary(r, tz));
  }
  return out;
};
