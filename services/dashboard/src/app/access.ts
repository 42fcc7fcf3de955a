import type { RequestContext } from '@akhada/kit';
import { forbidden } from '@akhada/kit/domain';

const NO_LOCATION = '00000000-0000-0000-0000-000000000000';

/** The locations a read covers: the one asked for (if the caller has it), else every location of the caller's token. */
export const locationsFor = (ctx: Pick<RequestContext, 'locationIds'>, locationId?: string): string[] => {
  if (locationId === undefined) return ctx.locationIds;
  if (!ctx.locationIds.includes(locationId)) throw forbidden('You cannot see that location');
  return [locationId];
};

/** For `where location_id in (…)`: never an empty list. */
export const orNone = (ids: string[]): string[] => (ids.length ? ids : [NO_LOCATION]);
