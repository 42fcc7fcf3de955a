import { memberRoutes } from '@akhada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';
import { memberKeys } from '../query-keys/members';

/** The fewest characters a member search starts with. */
export const MEMBER_SEARCH_MIN = 2;
/** How many matches a picker shows. */
const LIMIT = 6;

/**
 * Members matching a name, phone or member id (GET /members?search=…): the server answers only the caller's
 * organization and locations. The pickers of the point of sale and the front desk's check-in use it.
 */
export const useMemberSearch = (search: string) =>
  useQuery({
    queryKey: [...memberKeys.lists, 'search', search] as const,
    queryFn: async ({ signal }) =>
      parseResponse(memberRoutes.list.responses[200], await callRoute(memberRoutes.list, { query: { search, limit: LIMIT }, signal }), 'GET /members').data,
    enabled: search.length >= MEMBER_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
