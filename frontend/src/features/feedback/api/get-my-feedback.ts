import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = {};

/** GET /api/feedback/my (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getMyFeedback(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/feedback/my', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /feedback/my');
}

export function useMyFeedback() {
  return useQuery({ queryKey: ['feedback', 'my-feedback', query], queryFn: ({ signal }) => getMyFeedback(signal) });
}
