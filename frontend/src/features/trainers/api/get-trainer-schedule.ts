import { trainersRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/** GET /api/trainers/:id/schedule: weekly slots and booked sessions. */
export async function getTrainerSchedule(id: string, signal?: AbortSignal) {
  const json = await callRoute(trainersRoutes.schedule, { params: { id }, signal });
  return parseResponse(trainersRoutes.schedule.responses[200], json, 'GET /trainers/:id/schedule').data;
}

export const trainerScheduleQueryOptions = (id: string) =>
  queryOptions({ queryKey: trainerKeys.schedule(id), queryFn: ({ signal }) => getTrainerSchedule(id, signal) });

export function useTrainerSchedule(id: string, enabled = true) {
  return useQuery({ ...trainerScheduleQueryOptions(id), enabled });
}
