import { memberRoutes, type RecordMeasurementBody } from '@akhada/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';
import { MEASUREMENTS_LIMIT } from './get-measurements';

/** GET /api/members/me/measurements (newest first). */
export async function getMyMeasurements(signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.myMeasurements, { query: { page: 1, limit: MEASUREMENTS_LIMIT }, signal });
  return parseResponse(memberRoutes.myMeasurements.responses[200], json, 'GET /members/me/measurements');
}

export const myMeasurementsQueryOptions = () => queryOptions({ queryKey: memberKeys.myMeasurements, queryFn: ({ signal }) => getMyMeasurements(signal) });

export const useMyMeasurements = () => useQuery(myMeasurementsQueryOptions());

/** POST /api/members/me/measurements: the member records their own. */
export async function recordMyMeasurement(body: z.input<typeof RecordMeasurementBody>) {
  const json = await callRoute(memberRoutes.recordMyMeasurement, { body });
  return parseResponse(memberRoutes.recordMyMeasurement.responses[201], json, 'POST /members/me/measurements').data;
}

export function useRecordMyMeasurement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: recordMyMeasurement, onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.myMeasurements }) });
}
