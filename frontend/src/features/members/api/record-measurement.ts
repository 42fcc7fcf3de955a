import { memberRoutes, type RecordMeasurementBody } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

export type RecordMeasurementInput = z.input<typeof RecordMeasurementBody>;

/** POST /api/members/:id/measurements (staff or the member's trainer). */
export async function recordMeasurement({ id, body }: { id: string; body: RecordMeasurementInput }) {
  const json = await callRoute(memberRoutes.recordMeasurement, { params: { id }, body });
  return parseResponse(memberRoutes.recordMeasurement.responses[201], json, 'POST /members/:id/measurements').data;
}

export function useRecordMeasurement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordMeasurementInput) => recordMeasurement({ id, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.measurements(id) }),
  });
}
