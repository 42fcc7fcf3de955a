import { campaignRoutes as r } from '@akhada/contracts';
import { addRoute, type RequestContext } from '@akhada/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { campaignRecipients, cancelCampaign, countSegmentFor, createCampaign, getCampaign, listCampaignsFor } from '../app/campaigns.ts';
import type { CampaignsDeps } from '../app/deps.ts';

type Svc = { app: FastifyInstance; authenticate: (req: FastifyRequest) => Promise<RequestContext> };

/** Campaigns: segment counts, create, list, one with its counts, cancel, recipients by status. */
export const registerCampaignRoutes = (svc: Svc, deps: CampaignsDeps): void => {
  addRoute(svc, r.countSegment, async ({ ctx, body }) => ({ success: true, data: await countSegmentFor(deps, ctx, body) }));

  addRoute(svc, r.create, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createCampaign(deps, ctx, body), message: 'Campaign created' }),
  );

  addRoute(svc, r.list, async ({ ctx, query }) => {
    const res = await listCampaignsFor(deps, ctx, query);
    return {
      success: true,
      data: { campaigns: res.campaigns },
      totalCount: res.totalCount,
      pagination: { page: res.page, limit: res.limit, totalPages: res.totalPages },
    };
  });

  addRoute(svc, r.get, async ({ ctx, params }) => ({ success: true, data: await getCampaign(deps, ctx, params.id) }));

  addRoute(svc, r.cancel, async ({ ctx, params }) => ({ success: true, data: await cancelCampaign(deps, ctx, params.id), message: 'Campaign cancelled' }));

  addRoute(svc, r.recipients, async ({ ctx, params, query }) => {
    const res = await campaignRecipients(deps, ctx, params.id, query);
    return {
      success: true,
      data: { recipients: res.recipients },
      totalCount: res.totalCount,
      pagination: { page: res.page, limit: res.limit, totalPages: res.totalPages },
    };
  });
};
