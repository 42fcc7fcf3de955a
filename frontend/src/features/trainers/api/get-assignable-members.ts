import { memberRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/** How many members of the location the Assign dialog looks through at once (the search narrows them on the server). */
export const ASSIGNABLE_LIMIT = 100;

/**
 * GET /api/members?locationId&search&limit=100, keeping those without a trainer and not archived: whom the Assign
 * dialog offers. (The members list has no "without a trainer" filter; the search narrows a large location.)
 */
export async function getAssignableMembers(locationId: string, search: string, signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.list, { query: { locationId, search: search || undefined, page: 1, limit: ASSIGNABLE_LIMIT }, signal });
  const list = parseResponse(memberRoutes.list.responses[200], json, 'GET /members');
  return {
    members: list.data.filter((m) => m.trainer === null && m.status !== 'archived' && m.membershipStatus !== 'cancelled'),
    more: list.totalCount > list.data.length,
  };
}

export const assignableMembersQueryOptions = (locationId: string, search: string) =>
  queryOptions({
    queryKey: trainerKeys.assignable(locationId, search),
    queryFn: ({ signal }) => getAssignableMembers(locationId, search, signal),
  });

export function useAssignableMembers(locationId: string, search: string, enabled = true) {
  return useQuery({ ...assignableMembersQueryOptions(locationId, search), enabled });
}
