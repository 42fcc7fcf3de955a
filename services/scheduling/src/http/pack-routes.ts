import { schedulingPackRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import { assertSchedulingPlan } from '../app/access.ts';
import type { SchedulingDeps } from '../app/deps.ts';
import { buyPack, packBalance, sellPack } from '../app/pack-sales.ts';
import { changePackType, createPackType, listPackTypes } from '../app/packs.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Session packs: the same 402 gate as the timetable's routes, then the app layer (packs.ts). */
export const registerPackRoutes = (svc: Svc, deps: SchedulingDeps): void => {
  const gated = async <T>(ctx: RequestContext, work: () => Promise<T>) => {
    await assertSchedulingPlan(deps, ctx);
    return { success: true as const, data: await work() };
  };
  addRoute(svc, r.listPackTypes, async ({ ctx, query }) => gated(ctx, () => listPackTypes(deps, ctx, query.includeArchived === 'true')));
  addRoute(svc, r.createPackType, async ({ ctx, body }, _req, reply) => {
    const out = await gated(ctx, () => createPackType(deps, ctx, body));
    reply.code(201);
    return out;
  });
  addRoute(svc, r.sellPack, async ({ ctx, body }, _req, reply) => {
    const out = await gated(ctx, () => sellPack(deps, ctx, body));
    reply.code(201);
    return out;
  });
  addRoute(svc, r.buyPack, async ({ ctx, body }, _req, reply) => {
    const out = await gated(ctx, () => buyPack(deps, ctx, body));
    reply.code(201);
    return out;
  });
  addRoute(svc, r.balance, async ({ ctx, query }) => gated(ctx, () => packBalance(deps, ctx, query.memberId)));
  addRoute(svc, r.updatePackType, async ({ ctx, params, body }) => gated(ctx, () => changePackType(deps, ctx, params.id, body)));
};
