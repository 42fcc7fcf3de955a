import { automationRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { automationRuns, createAutomation, deleteAutomation, listAutomations, setAutomationStatus, updateAutomation } from '../app/automations.ts';
import type { NotificationsDeps } from '../app/deps.ts';

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Automations (issue 27): owners' and admins' rules and their run logs (app/automations.ts). */
export const registerAutomationRoutes = (svc: Svc, deps: Pick<NotificationsDeps, 'db' | 'clock'>): void => {
  addRoute(svc, r.list, async ({ ctx }) => ({ success: true, data: await listAutomations(deps, ctx) }));

  addRoute(svc, r.create, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createAutomation(deps, ctx, body), message: 'Automation created' }),
  );

  addRoute(svc, r.update, async ({ ctx, params, body }) => ({
    success: true,
    data: await updateAutomation(deps, ctx, params.id, body),
    message: 'Automation saved',
  }));

  addRoute(svc, r.pause, async ({ ctx, params }) => ({
    success: true,
    data: await setAutomationStatus(deps, ctx, params.id, 'paused'),
    message: 'Automation paused',
  }));

  addRoute(svc, r.resume, async ({ ctx, params }) => ({
    success: true,
    data: await setAutomationStatus(deps, ctx, params.id, 'active'),
    message: 'Automation resumed',
  }));

  addRoute(svc, r.remove, async ({ ctx, params }) => {
    await deleteAutomation(deps, ctx, params.id);
    return { success: true, message: 'Automation deleted' };
  });

  addRoute(svc, r.runs, async ({ ctx, params, query }) => {
    const res = await automationRuns(deps, ctx, params.id, query);
    return { success: true, data: res.runs, totalCount: res.total, pagination: { page: res.page, limit: res.limit, totalPages: res.totalPages } };
  });
};
