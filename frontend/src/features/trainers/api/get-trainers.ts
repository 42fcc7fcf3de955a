import { trainersRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys, type TrainerListParams } from '../../../lib/query-keys/trainers';

/** Trainers are loaded 50 at a time (spec part 2 §9). */
export const TRAINERS_PAGE_SIZE = 50;

/** GET /api/trainers?search&specialization&availability&status&locationId&page&limit */
export async function getTrainers(p: TrainerListParams, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.list, { query: { ...p }, signal });
  return parseResponse(trainersRoutes.list.responses[200], json, 'GET /trainers');
}

export const trainersQueryOptions = (p: TrainerListParams) =>
  queryOptions({
    queryKey: trainerKeys.list(p),
    queryFn: ({ signal }) => getTrainers(p, signal),
  });

export function useTrainers(p: TrainerListParams, enabled = true) {
  return useQuery({ ...trainersQueryOptions(p), placeholderData: keepPreviousData, enabled });
}
