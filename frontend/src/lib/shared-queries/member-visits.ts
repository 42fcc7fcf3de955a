import { attendanceRoutes } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';
import { attendanceKeys } from '../query-keys/attendance';

/** Visits are loaded 20 at a time (spec part 2 §9). */
export const VISITS_PAGE_SIZE = 20;

/** GET /api/attendance/member/:id: a member's visits, newest first (the member detail's tab and the member's own page). */
export async function getMemberHistory(id: string, page: number, signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.memberHistory, { params: { id }, query: { page, limit: VISITS_PAGE_SIZE }, signal });
  return parseResponse(attendanceRoutes.memberHistory.responses[200], json, 'GET /attendance/member/:id');
}
export const memberHistoryQueryOptions = (id: string, page: number) =>
  queryOptions({ queryKey: attendanceKeys.memberHistory(id, page), queryFn: ({ signal }) => getMemberHistory(id, page, signal) });
export const useMemberHistory = (id: string, page: number, enabled = true) =>
  useQuery({ ...memberHistoryQueryOptions(id, page), placeholderData: keepPreviousData, enabled });
