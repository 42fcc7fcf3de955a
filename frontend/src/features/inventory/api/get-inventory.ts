import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = { page: 1, limit: 20 };

/** GET /api/inventory (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getInventory(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/inventory', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /inventory');
}

export function useInventory() {
  return useQuery({ queryKey: ['inventory', 'inventory', query], queryFn: ({ signal }) => getInventory(signal) });
}
