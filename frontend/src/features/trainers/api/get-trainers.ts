import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = { page: 1, limit: 50 };

/** GET /api/trainers (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getTrainers(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/trainers', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /trainers');
}

export function useTrainers() {
  return useQuery({ queryKey: ['trainers', 'trainers', query], queryFn: ({ signal }) => getTrainers(signal) });
}
