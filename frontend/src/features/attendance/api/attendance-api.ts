import { attendanceRoutes, type CheckInBody, type CheckOutBody, type ScanQrBody, type TrialCheckInBody } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { apiLanguage } from '../../../lib/api-language';
import { buildUrl, callRoute, parseResponse } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth/token-store';
import { attendanceKeys, type AttendanceListParams } from '../../../lib/query-keys/attendance';

/** Attendance records are loaded 20 at a time (spec part 2 §9). */
export const ATTENDANCE_PAGE_SIZE = 20;

/** GET /api/attendance/overview: the dashboard's cards, peak hours and quick stats. */
export async function getOverview(signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.overview, { signal });
  return parseResponse(attendanceRoutes.overview.responses[200], json, 'GET /attendance/overview').data;
}
export const overviewQueryOptions = () => queryOptions({ queryKey: attendanceKeys.overview, queryFn: ({ signal }) => getOverview(signal) });
export const useOverview = () => useQuery(overviewQueryOptions());

/** GET /api/attendance/today: who is in the gym now. */
export async function getToday(signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.today, { signal });
  return parseResponse(attendanceRoutes.today.responses[200], json, 'GET /attendance/today').data;
}
export const todayQueryOptions = () => queryOptions({ queryKey: attendanceKeys.today, queryFn: ({ signal }) => getToday(signal) });
export const useToday = () => useQuery(todayQueryOptions());

/** GET /api/attendance?page&limit&type&status&startDate&endDate&search */
export async function getAttendance(p: AttendanceListParams, signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.list, { query: { ...p }, signal });
  return parseResponse(attendanceRoutes.list.responses[200], json, 'GET /attendance');
}
export const attendanceListQueryOptions = (p: AttendanceListParams) =>
  queryOptions({ queryKey: attendanceKeys.list(p), queryFn: ({ signal }) => getAttendance(p, signal) });
export const useAttendanceList = (p: AttendanceListParams) => useQuery({ ...attendanceListQueryOptions(p), placeholderData: keepPreviousData });

/** GET /api/attendance/streaks/:id */
export async function getStreaks(id: string, signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.streaks, { params: { id }, signal });
  return parseResponse(attendanceRoutes.streaks.responses[200], json, 'GET /attendance/streaks/:id').data;
}
export const useStreaks = (id: string) => useQuery({ queryKey: attendanceKeys.streaks(id), queryFn: ({ signal }) => getStreaks(id, signal) });

/** GET /api/attendance/my-qr: the signed-in member's signed QR payload. */
export async function getMyQr(signal?: AbortSignal) {
  const json = await callRoute(attendanceRoutes.myQr, { signal });
  return parseResponse(attendanceRoutes.myQr.responses[200], json, 'GET /attendance/my-qr').data;
}
export const myQrQueryOptions = () => queryOptions({ queryKey: attendanceKeys.myQr, queryFn: ({ signal }) => getMyQr(signal) });

export async function checkIn(body: CheckInBody) {
  const json = await callRoute(attendanceRoutes.checkIn, { body });
  return parseResponse(attendanceRoutes.checkIn.responses[201], json, 'POST /attendance/check-in').data;
}
export async function checkOut(body: CheckOutBody) {
  const json = await callRoute(attendanceRoutes.checkOut, { body });
  return parseResponse(attendanceRoutes.checkOut.responses[200], json, 'POST /attendance/check-out').data;
}
export async function scanQr(body: Partial<ScanQrBody> & { qrCode: string }) {
  const json = await callRoute(attendanceRoutes.scanQr, { body });
  return parseResponse(attendanceRoutes.scanQr.responses[201], json, 'POST /attendance/scan-qr').data;
}

/** A lead's visit by their trial pass code (typed at the desk). */
export async function trialCheckIn(body: Partial<TrialCheckInBody> & { passCode: string }) {
  const json = await callRoute(attendanceRoutes.trialCheckIn, { body });
  return parseResponse(attendanceRoutes.trialCheckIn.responses[201], json, 'POST /attendance/trial-check-in').data;
}

/** Check-in, check-out, scan and trial check-in mutations; each refreshes everything attendance shows. */
export function useAttendanceMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
  return {
    checkIn: useMutation({ mutationFn: checkIn, onSuccess }),
    checkOut: useMutation({ mutationFn: checkOut, onSuccess }),
    scan: useMutation({ mutationFn: scanQr, onSuccess }),
    trial: useMutation({ mutationFn: trialCheckIn, onSuccess }),
  };
}

/**
 * GET /api/attendance/export?format=csv&…: the file the server streams, saved under the name it gives
 * (Content-Disposition). A plain fetch: the answer is a file, not JSON.
 */
export async function downloadExport(query: { startDate?: string; endDate?: string; type?: 'member' | 'trainer' }) {
  const headers: Record<string, string> = { Accept: 'text/csv', 'Accept-Language': apiLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(buildUrl(attendanceRoutes.export.path, { format: 'csv', ...query }), { headers, credentials: 'same-origin' });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => undefined);
    throw ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'attendance.csv';
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
