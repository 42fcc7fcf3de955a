import { trainersRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/** GET /api/trainers/:id */
export async function getTrainer(id: string, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.get, { params: { id }, signal });
  return parseResponse(trainersRoutes.get.responses[200], json, 'GET /trainers/:id').data;
}

export const trainerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: trainerKeys.detail(id),
    queryFn: ({ signal }) => getTrainer(id, signal),
  });

export function useTrainer(id: string, enabled = true) {
  return useQuery({ ...trainerQueryOptions(id), enabled });
}
