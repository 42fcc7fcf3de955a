import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = { page: 1, limit: 20 };

/** GET /api/attendance (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getAttendance(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/attendance', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /attendance');
}

export function useAttendance() {
  return useQuery({ queryKey: ['attendance', 'attendance', query], queryFn: ({ signal }) => getAttendance(signal) });
}
