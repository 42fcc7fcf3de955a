import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { attendanceKeys } from '../../../lib/query-keys/attendance';
import { useLocationPresence } from '../../../lib/realtime/use-location-presence';
import { applyPresence } from './presence-cache';

/** While no live pushes arrive (the hub's socket is down), the dashboard reads the counters again this often. */
export const POLL_WHEN_NOT_LIVE_MS = 10_000;

/**
 * Keeps the attendance dashboard's counters and "in the gym now" current without reload: every
 * `attendance:checked_in` / `attendance:checked_out` push of the caller's locations (the dashboard shows all of them)
 * is applied to the cached list and counts as it comes (applyPresence: the pushed session itself, no request); a
 * reconnect reads both again. While the socket is not live they are polled.
 */
export function useLiveAttendance(): { live: boolean } {
  const qc = useQueryClient();
  const { live } = useLocationPresence((e) => applyPresence(qc, e));
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
