import { memberRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** The progress tab shows up to the last 100 measurements. */
export const MEASUREMENTS_LIMIT = 100;

/** GET /api/members/:id/measurements (newest first). */
export async function getMeasurements(id: string, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.measurements, { params: { id }, query: { page: 1, limit: MEASUREMENTS_LIMIT }, signal });
  return parseResponse(memberRoutes.measurements.responses[200], json, 'GET /members/:id/measurements');
}

export const measurementsQueryOptions = (id: string) =>
  queryOptions({ queryKey: memberKeys.measurements(id), queryFn: ({ signal }) => getMeasurements(id, signal) });

export const useMeasurements = (id: string) => useQuery(measurementsQueryOptions(id));
