import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { attendanceKeys } from '../../../lib/query-keys/attendance';

/** While no live pushes arrive, the dashboard reads the counters again this often. */
export const POLL_WHEN_NOT_LIVE_MS = 10_000;

/**
 * Keeps the attendance dashboard's "in the gym now" and counters current without reload.
 *
 * INTEGRATION POINT (presence): when the `presence` branch's `useLocationPresence` (lib/realtime) is merged, every
 * `attendance:checked_in` / `checked_out` push and every resync invalidates attendanceKeys.overview and .today here,
 * and polling runs only while `live` is false. Until then the counters are read again every POLL_WHEN_NOT_LIVE_MS.
 */
export function useLiveAttendance(): { live: boolean } {
  const qc = useQueryClient();
  const live = false;
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      void qc.invalidateQueries({ queryKey: attendanceKeys.overview });
      void qc.invalidateQueries({ queryKey: attendanceKeys.today });
    }, POLL_WHEN_NOT_LIVE_MS);
    return () => clearInterval(timer);
  }, [qc, live]);
  return { live };
}
