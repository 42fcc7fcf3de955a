import { trainersRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** GET /api/trainers?locationId=…&limit=100: the trainers of a member's location, for the Assign Trainer picker. */
export async function getTrainerChoices(locationId: string, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.list, { query: { locationId, page: 1, limit: 100 }, signal });
  return parseResponse(trainersRoutes.list.responses[200], json, 'GET /trainers').data;
}

export const trainerChoicesQueryOptions = (locationId: string) =>
  queryOptions({ queryKey: memberKeys.trainerChoices(locationId), queryFn: ({ signal }) => getTrainerChoices(locationId, signal) });

/**
 * Each time the picker opens it asks again (the app's default keeps answers for minutes): the counts it shows move with
 * every assignment, here or at another desk, and a full trainer must not look free.
 */
export const useTrainerChoices = (locationId: string, enabled: boolean) => useQuery({ ...trainerChoicesQueryOptions(locationId), enabled, staleTime: 0 });
