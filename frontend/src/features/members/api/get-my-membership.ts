import { memberRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** GET /api/members/me: the signed-in member's own membership with its terms. */
export async function getMyMembership(signal?: AbortSignal) {
  const json = await callRoute(memberRoutes.me, { signal });
  return parseResponse(memberRoutes.me.responses[200], json, 'GET /members/me').data;
}

export const myMembershipQueryOptions = () => queryOptions({ queryKey: memberKeys.me, queryFn: ({ signal }) => getMyMembership(signal) });

export const useMyMembership = () => useQuery(myMembershipQueryOptions());
