import { dataRightsRoutes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import { createDataRequest, dataRequestQueue, decideDataRequest, getDataRequest, myConsents, myDataRequests, personConsents } from '../app/data-rights.ts';
import type { AuthDeps } from '../app/deps.ts';

/** Settings → Privacy: the consent ledger and the data-rights desk. */
export const registerDataRightsRoutes = (svc: Parameters<typeof addRoute>[0], deps: AuthDeps): void => {
  addRoute(svc, dataRightsRoutes.myConsents, async ({ ctx }) => ({ success: true, data: await myConsents(deps, ctx) }));
  addRoute(svc, dataRightsRoutes.memberConsents, async ({ ctx, params }) => ({ success: true, data: await personConsents(deps, ctx, params.id) }));
  addRoute(svc, dataRightsRoutes.myRequests, async ({ ctx }) => ({ success: true, data: await myDataRequests(deps, ctx) }));
  addRoute(svc, dataRightsRoutes.queue, async ({ ctx }) => ({ success: true, data: await dataRequestQueue(deps, ctx) }));
  addRoute(svc, dataRightsRoutes.getRequest, async ({ ctx, params }) => ({ success: true, data: await getDataRequest(deps, ctx, params.id) }));
  addRoute(svc, dataRightsRoutes.createRequest, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createDataRequest(deps, ctx, body), message: 'Request sent' }),
  );
  addRoute(svc, dataRightsRoutes.decide, async ({ ctx, params, body }) => ({
    success: true,
    data: await decideDataRequest(deps, ctx, params.id, body),
    message: 'Request updated',
  }));
};
