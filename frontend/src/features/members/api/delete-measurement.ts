import { memberRoutes } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** DELETE /api/members/:id/measurements/:measurementId (staff). */
export async function deleteMeasurement({ id, measurementId }: { id: string; measurementId: string }) {
  const json = await callRoute(memberRoutes.deleteMeasurement, { params: { id, measurementId } });
  return parseResponse(memberRoutes.deleteMeasurement.responses[200], json, 'DELETE /members/:id/measurements/:measurementId');
}

export function useDeleteMeasurement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (measurementId: string) => deleteMeasurement({ id, measurementId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.measurements(id) }),
  });
}
