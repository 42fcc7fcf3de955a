import { memberPlanRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** GET /api/members/plans: the membership plans the gym sells (Settings → Gym), prices in rupees. */
export async function getMembershipPlans(signal?: AbortSignal) {
  const json = await callRoute(memberPlanRoutes.plans, { signal });
  return parseResponse(memberPlanRoutes.plans.responses[200], json, 'GET /members/plans').data;
}

export const membershipPlansQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.plans,
    queryFn: ({ signal }) => getMembershipPlans(signal),
    // Asked again whenever a form opens (what it had shows meanwhile): the owner may have just changed the plans.
    staleTime: 0,
  });

export const useMembershipPlans = () => useQuery(membershipPlansQueryOptions());
