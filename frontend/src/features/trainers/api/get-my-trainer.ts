import { trainersRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/** GET /api/trainers/me: the signed-in trainer's own record. */
export async function getMyTrainer(signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.me, { signal });
  return parseResponse(trainersRoutes.me.responses[200], json, 'GET /trainers/me').data;
}

export const myTrainerQueryOptions = () => queryOptions({ queryKey: trainerKeys.me, queryFn: ({ signal }) => getMyTrainer(signal) });

export function useMyTrainer() {
  return useQuery(myTrainerQueryOptions());
}
