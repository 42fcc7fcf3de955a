import { dashboardRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { exportAudit, findAuditPeople, listAudit } from '../app/audit.ts';
import type { DashboardDeps } from '../app/deps.ts';
import { overview, type OverviewCache } from '../app/overview.ts';
import { search } from '../app/search.ts';
import { todaysClasses } from '../app/todays-classes.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: DashboardDeps): void => {
  const cache: OverviewCache = new Map();
  addRoute(svc, r.overview, async ({ ctx, query }) => ({ success: true, data: await overview(deps, ctx, query, cache) }));
  addRoute(svc, r.todaysClasses, async ({ ctx, query }) => ({ success: true, data: await todaysClasses(deps, ctx, query) }));
  addRoute(svc, r.search, async ({ ctx, query }) => ({ success: true, data: await search(deps, ctx, query) }));
  addRoute(svc, r.audit, async ({ ctx, query }) => ({ success: true, data: await listAudit(deps, ctx, query) }));
  addRoute(svc, r.auditPeople, async ({ ctx, query }) => ({ success: true, data: { people: await findAuditPeople(deps, ctx, query) } }));
  addRoute(svc, r.auditExport, async ({ ctx, query }, _req, reply) => {
    const file = exportAudit(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
};
