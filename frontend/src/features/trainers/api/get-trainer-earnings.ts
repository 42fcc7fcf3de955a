import { trainersRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/** GET /api/trainers/:id/earnings?startDate&endDate */
export async function getTrainerEarnings(id: string, startDate: string, endDate: string, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.earnings, { params: { id }, query: { startDate, endDate }, signal });
  return parseResponse(trainersRoutes.earnings.responses[200], json, 'GET /trainers/:id/earnings').data;
}

export const trainerEarningsQueryOptions = (id: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: trainerKeys.earnings(id, startDate, endDate),
    queryFn: ({ signal }) => getTrainerEarnings(id, startDate, endDate, signal),
  });

export function useTrainerEarnings(id: string, startDate: string, endDate: string, enabled = true) {
  return useQuery({ ...trainerEarningsQueryOptions(id, startDate, endDate), placeholderData: keepPreviousData, enabled });
}
