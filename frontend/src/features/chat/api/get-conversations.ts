import { useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ServiceEnvelope } from '../../../lib/service-envelope';

const query = {};

/** GET /api/chat/conversations (no screen contract in @akhada/contracts yet: only the envelope is checked). */
export async function getConversations(signal?: AbortSignal) {
  const json = await apiFetch({ method: 'GET', path: '/chat/conversations', query, signal });
  return parseResponse(ServiceEnvelope, json, 'GET /chat/conversations');
}

export function useConversations() {
  return useQuery({ queryKey: ['chat', 'conversations', query], queryFn: ({ signal }) => getConversations(signal) });
}
