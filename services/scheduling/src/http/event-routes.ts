import { schedulingEventRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import { assertSchedulingPlan } from '../app/access.ts';
import type { SchedulingDeps } from '../app/deps.ts';
import {
  attendees,
  cancelEvent,
  cancelTicket,
  createEvent,
  editEvent,
  eventDetail,
  listEvents,
  markEventAttended,
  myTickets,
  takeTicket,
} from '../app/events.ts';

type Svc = Parameters<typeof addRoute>[0];

/** One-off events and their tickets: the same 402 gate as the timetable's routes, then the app layer (events.ts). */
export const registerEventRoutes = (svc: Svc, deps: SchedulingDeps): void => {
  const gated = async <T>(ctx: RequestContext, work: () => Promise<T>) => {
    await assertSchedulingPlan(deps, ctx);
    return { success: true as const, data: await work() };
  };

  addRoute(svc, r.listEvents, async ({ ctx, query }) => gated(ctx, () => listEvents(deps, ctx, query)));
  addRoute(svc, r.getEvent, async ({ ctx, params }) => gated(ctx, () => eventDetail(deps, ctx, params.id)));
  addRoute(svc, r.createEvent, async ({ ctx, body }, _req, reply) => {
    const out = await gated(ctx, () => createEvent(deps, ctx, body));
    reply.code(201);
    return out;
  });
  addRoute(svc, r.editEvent, async ({ ctx, params, body }) => gated(ctx, () => editEvent(deps, ctx, params.id, body)));
  addRoute(svc, r.cancelEvent, async ({ ctx, params, body }) => gated(ctx, () => cancelEvent(deps, ctx, params.id, body.reason)));
  addRoute(svc, r.attendees, async ({ ctx, params }) => gated(ctx, () => attendees(deps, ctx, params.id)));
  addRoute(svc, r.markEventAttended, async ({ ctx, params, body }) => gated(ctx, () => markEventAttended(deps, ctx, params.id, body.memberId)));
  addRoute(svc, r.takeTicket, async ({ ctx, params }, _req, reply) => {
    const out = await gated(ctx, () => takeTicket(deps, ctx, params.id));
    reply.code(201);
    return out;
  });
  addRoute(svc, r.cancelTicket, async ({ ctx, params }) => gated(ctx, () => cancelTicket(deps, ctx, params.id)));
  addRoute(svc, r.myTickets, async ({ ctx, query }) => gated(ctx, () => myTickets(deps, ctx, query.includePast === 'true')));
};
