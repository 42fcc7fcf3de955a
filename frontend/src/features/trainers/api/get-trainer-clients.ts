import { trainersRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

export const CLIENTS_PAGE_SIZE = 20;

/** GET /api/trainers/:id/members?page&limit: the members assigned to the trainer. */
export async function getTrainerClients(id: string, page: number, limit: number, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.members, { params: { id }, query: { page, limit }, signal });
  return parseResponse(trainersRoutes.members.responses[200], json, 'GET /trainers/:id/members');
}

export const trainerClientsQueryOptions = (id: string, page: number, limit = CLIENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: trainerKeys.clients(id, page, limit),
    queryFn: ({ signal }) => getTrainerClients(id, page, limit, signal),
  });

export function useTrainerClients(id: string, page: number, limit = CLIENTS_PAGE_SIZE, enabled = true) {
  return useQuery({ ...trainerClientsQueryOptions(id, page, limit), placeholderData: keepPreviousData, enabled });
}
