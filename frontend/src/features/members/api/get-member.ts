import { memberRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** GET /api/members/:id */
export async function getMember(id: string, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.get, { params: { id }, signal });
  return parseResponse(memberRoutes.get.responses[200], json, 'GET /members/:id').data;
}

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => getMember(id, signal),
  });

export function useMember(id: string, enabled = true) {
  return useQuery({ ...memberQueryOptions(id), enabled });
}
