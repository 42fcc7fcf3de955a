/** Filters of the attendance management page (GET /attendance). */
export interface AttendanceListParams {
  page: number;
  limit: number;
  type: 'member' | 'trainer';
  status?: 'active' | 'completed' | 'late';
  startDate?: string;
  endDate?: string;
  search?: string;
  memberId?: string;
}

/**
 * The attendance feature's cache keys, the one factory for them (in `lib`: the member detail's visits tab reads them
 * too). Everything is under ['attendance'], so a check-in or a live event refreshes the dashboard, lists and visits.
 */
export const attendanceKeys = {
  all: ['attendance'] as const,
  overview: ['attendance', 'overview'] as const,
  today: ['attendance', 'today'] as const,
  lists: ['attendance', 'list'] as const,
  list: (p: AttendanceListParams) => ['attendance', 'list', p] as const,
  memberHistory: (id: string, page: number) => ['attendance', 'member', id, page] as const,
  streaks: (id: string) => ['attendance', 'streaks', id] as const,
  myQr: ['attendance', 'my-qr'] as const,
};
