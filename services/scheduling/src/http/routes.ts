import { schedulingAppointmentRoutes as pt, schedulingRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import { assertSchedulingPlan } from '../app/access.ts';
import {
  bookableTrainers,
  bookAppointment,
  cancelAppointment,
  freeSlots,
  listAppointments,
  markAppointmentAttended,
  markAppointmentNoShow,
} from '../app/appointments.ts';
import { book, cancelBooking, confirmPlace, markAttended, myBookings } from '../app/bookings.ts';
import { changeClassType, createClassType, listClassTypes, removeClassType } from '../app/class-types.ts';
import { calendarFeed, feedLanguage, makeCalendar, myCalendar } from '../app/calendar.ts';
import type { SchedulingDeps } from '../app/deps.ts';
import { getSettings, putSettings } from '../app/settings.ts';
import { cancelClass, classDetail, createClass, createSeries, editClass, timetable } from '../app/timetable.ts';
import { registerEventRoutes } from './event-routes.ts';
import { registerPackRoutes } from './pack-routes.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); every handler
 * first checks the organization's plan includes scheduling (402), then the app layer checks what a role list cannot
 * say (own booking, own locations) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: SchedulingDeps): void => {
  const plan = (ctx: RequestContext) => assertSchedulingPlan(deps, ctx);
  const data = <T>(d: T) => ({ success: true as const, data: d });
  const gated = async <T>(ctx: RequestContext, work: () => Promise<T>) => {
    await plan(ctx);
    return data(await work());
  };

  addRoute(svc, r.listClassTypes, async ({ ctx }) => gated(ctx, () => listClassTypes(deps, ctx)));
  addRoute(svc, r.createClassType, async ({ ctx, body }, _req, reply) => {
    await plan(ctx);
    reply.code(201);
    return data(await createClassType(deps, ctx, body));
  });
  addRoute(svc, r.updateClassType, async ({ ctx, params, body }) => gated(ctx, () => changeClassType(deps, ctx, params.id, body)));
  addRoute(svc, r.archiveClassType, async ({ ctx, params }) => {
    await plan(ctx);
    await removeClassType(deps, ctx, params.id);
    return { success: true as const, message: 'Class type archived' };
  });
  addRoute(svc, r.getSettings, async ({ ctx, query }) => gated(ctx, () => getSettings(deps, ctx, query.locationId)));
  addRoute(svc, r.putSettings, async ({ ctx, body }) => gated(ctx, () => putSettings(deps, ctx, body)));
  addRoute(svc, r.createSeries, async ({ ctx, body }, _req, reply) => {
    await plan(ctx);
    reply.code(201);
    return data(await createSeries(deps, ctx, body));
  });
  addRoute(svc, r.createClass, async ({ ctx, body }, _req, reply) => {
    await plan(ctx);
    reply.code(201);
    return data(await createClass(deps, ctx, body));
  });
  addRoute(svc, r.timetable, async ({ ctx, query }) => gated(ctx, () => timetable(deps, ctx, query)));
  addRoute(svc, r.getClass, async ({ ctx, params }) => gated(ctx, () => classDetail(deps, ctx, params.id)));
  addRoute(svc, r.editClass, async ({ ctx, params, body }) => gated(ctx, async () => ({ classes: await editClass(deps, ctx, params.id, body) })));
  addRoute(svc, r.cancelClass, async ({ ctx, params, body }) => gated(ctx, async () => ({ classes: await cancelClass(deps, ctx, params.id, body) })));
  addRoute(svc, r.book, async ({ ctx, params, body }, _req, reply) => {
    await plan(ctx);
    const booking = await book(deps, ctx, params.id, body);
    reply.code(201);
    return data(booking);
  });
  addRoute(svc, r.cancelBooking, async ({ ctx, params }) => gated(ctx, () => cancelBooking(deps, ctx, params.id, params.memberId)));
  addRoute(svc, r.confirmPlace, async ({ ctx, params }) => gated(ctx, () => confirmPlace(deps, ctx, params.id, params.memberId)));
  addRoute(svc, r.markAttended, async ({ ctx, params, body }) => gated(ctx, () => markAttended(deps, ctx, params.id, body.memberId)));
  addRoute(svc, r.myBookings, async ({ ctx, query }) => gated(ctx, () => myBookings(deps, ctx, query.includePast === 'true')));
  addRoute(svc, r.myCalendar, async ({ ctx }) => gated(ctx, () => myCalendar(deps, ctx)));
  addRoute(svc, r.makeCalendar, async ({ ctx }, _req, reply) => {
    await plan(ctx);
    reply.code(201);
    return data(await makeCalendar(deps, ctx));
  });
  registerEventRoutes(svc, deps);
  registerPackRoutes(svc, deps);
  // Personal training: a trainer's free slots and appointments.
  addRoute(svc, pt.trainers, async ({ ctx }) => gated(ctx, () => bookableTrainers(deps, ctx)));
  addRoute(svc, pt.freeSlots, async ({ ctx, query }) => gated(ctx, () => freeSlots(deps, ctx, query)));
  addRoute(svc, pt.book, async ({ ctx, body }, _req, reply) => {
    await plan(ctx);
    const appointment = await bookAppointment(deps, ctx, body);
    reply.code(201);
    return data(appointment);
  });
  addRoute(svc, pt.list, async ({ ctx, query }) => gated(ctx, () => listAppointments(deps, ctx, query)));
  addRoute(svc, pt.cancel, async ({ ctx, params }) => gated(ctx, () => cancelAppointment(deps, ctx, params.id)));
  addRoute(svc, pt.attended, async ({ ctx, params }) => gated(ctx, () => markAppointmentAttended(deps, ctx, params.id)));
  addRoute(svc, pt.noShow, async ({ ctx, params }) => gated(ctx, () => markAppointmentNoShow(deps, ctx, params.id)));
  // No caller: the private link is the credential (a phone calendar sends no token); calendarFeed checks the plan.
  addRoute(svc, r.calendarFeed, async ({ params }, req, reply) => {
    const body = await calendarFeed(deps, params.feed, feedLanguage(req.headers['accept-language']));
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
  });
};
