import { AuthEvents, type CreateLocationBody } from '@akhada/contracts';
import { metadataOf, newId, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { publish } from '../db/auth-events.ts';
import { insertLocation } from '../db/locations-repo.ts';
import type { AuthDeps } from './deps.ts';

/** A chain grows branch by branch; only the owner opens one. */
export const createLocation = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, body: z.infer<typeof CreateLocationBody>) => {
  const now = clock();
  const loc = { id: newId(), org_id: ctx.orgId, name: body.name, city: body.city, timezone: body.timezone };
  await db.transaction().execute(async (trx) => {
    await insertLocation(trx, loc);
    await publish(
      trx,
      AuthEvents.LocationCreated,
      loc.id,
      { locationId: loc.id, orgId: ctx.orgId, name: loc.name, city: loc.city, timezone: loc.timezone },
      metadataOf(ctx, { locationId: loc.id }),
      now,
    );
  });
  return { _id: loc.id, name: loc.name, city: loc.city, timezone: loc.timezone };
};
