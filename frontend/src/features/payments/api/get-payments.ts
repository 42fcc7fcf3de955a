import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = { limit: 20 };

/** GET /api/payments (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getPayments(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/payments', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /payments');
}

export function usePayments() {
  return useQuery({ queryKey: ['payments', 'payments', query], queryFn: ({ signal }) => getPayments(signal) });
}
