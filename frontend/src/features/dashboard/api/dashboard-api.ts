import { dashboardRoutes, type AuditArea } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { apiLanguage } from '../../../lib/api-language';
import { buildUrl, callRoute, parseResponse } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth/token-store';

/** The dashboard reloads its figures every 5 minutes (and at once when the hub says they moved). */
export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

export interface AuditFilters {
  page: number;
  limit: number;
  actorId?: string | undefined;
  area?: AuditArea | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  overviews: ['dashboard', 'overview'] as const,
  overview: (locationId: string | null) => ['dashboard', 'overview', locationId ?? 'all'] as const,
  allClasses: ['dashboard', 'classes'] as const,
  classes: (locationId: string | null) => ['dashboard', 'classes', locationId ?? 'all'] as const,
  search: (q: string) => ['dashboard', 'search', q] as const,
  audit: (f: AuditFilters) => ['dashboard', 'audit', f] as const,
  auditPeople: (q: string) => ['dashboard', 'audit-people', q] as const,
};

/** GET /api/dashboard/overview: the whole screen in one request. */
export async function getOverview(locationId: string | null, signal?: AbortSignal) {
  const json = await callRoute(dashboardRoutes.overview, { query: { locationId: locationId ?? undefined }, signal });
  return parseResponse(dashboardRoutes.overview.responses[200], json, 'GET /dashboard/overview').data;
}

export const overviewQueryOptions = (locationId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.overview(locationId),
    queryFn: ({ signal }) => getOverview(locationId, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** GET /api/dashboard/classes/today: today's classes of the caller's locations with their occupancy. */
export async function getTodaysClasses(locationId: string | null, signal?: AbortSignal) {
  const json = await callRoute(dashboardRoutes.todaysClasses, { query: { locationId: locationId ?? undefined }, signal });
  return parseResponse(dashboardRoutes.todaysClasses.responses[200], json, 'GET /dashboard/classes/today').data;
}

export const todaysClassesQueryOptions = (locationId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.classes(locationId),
    queryFn: ({ signal }) => getTodaysClasses(locationId, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** GET /api/dashboard/search?q=: members, trainers and payments in the caller's locations. */
export async function searchGym(q: string, signal?: AbortSignal) {
  const json = await callRoute(dashboardRoutes.search, { query: { q, limit: 8 }, signal });
  return parseResponse(dashboardRoutes.search.responses[200], json, 'GET /dashboard/search').data.results;
}

export const useGlobalSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.search(q),
    queryFn: ({ signal }) => searchGym(q, signal),
    enabled: enabled && q.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export async function getAudit(f: AuditFilters, signal?: AbortSignal) {
  const json = await callRoute(dashboardRoutes.audit, { query: { ...f }, signal });
  return parseResponse(dashboardRoutes.audit.responses[200], json, 'GET /dashboard/audit').data;
}

export const useAudit = (f: AuditFilters) =>
  useQuery({ queryKey: dashboardKeys.audit(f), queryFn: ({ signal }) => getAudit(f, signal), placeholderData: keepPreviousData });

/** GET /api/dashboard/audit/export: the CSV the server streams, saved under the name it gives. */
export async function downloadAudit(f: Omit<AuditFilters, 'page' | 'limit'>) {
  const headers: Record<string, string> = { Accept: 'text/csv', 'Accept-Language': apiLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(buildUrl(dashboardRoutes.auditExport.path, { ...f }), { headers, credentials: 'same-origin' });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => undefined);
    throw ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

/** GET /api/dashboard/audit/people?q=: the audit's person picker (owners). */
export async function findAuditPeople(q: string, signal?: AbortSignal) {
  const json = await callRoute(dashboardRoutes.auditPeople, { query: { q, limit: 8 }, signal });
  return parseResponse(dashboardRoutes.auditPeople.responses[200], json, 'GET /dashboard/audit/people').data.people;
}

export const useAuditPeople = (q: string) =>
  useQuery({
    queryKey: dashboardKeys.auditPeople(q),
    queryFn: ({ signal }) => findAuditPeople(q, signal),
    enabled: q.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
