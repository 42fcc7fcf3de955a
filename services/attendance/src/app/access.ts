import type { RequestContext } from '@akhada/kit';
import { forbidden } from '@akhada/kit/domain';

/** The locations a read covers: the one asked for (if the caller has it), else every location of the caller. */
export const locationsFor = (ctx: Pick<RequestContext, 'locationIds'>, locationId?: string): string[] => {
  if (locationId === undefined) return ctx.locationIds;
  if (!ctx.locationIds.includes(locationId)) throw forbidden('You cannot see that location');
  return [locationId];
};

/** Where a check-in happens: the location asked for (one of the caller's), else the caller's first location. */
export const checkInLocation = (ctx: Pick<RequestContext, 'locationIds'>, locationId?: string): string => {
  const chosen = locationId ?? ctx.locationIds[0];
  if (!chosen || !ctx.locationIds.includes(chosen)) throw forbidden('You cannot act in that location');
  return chosen;
};
