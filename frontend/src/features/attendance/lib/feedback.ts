import { ApiError } from '../../../lib/api-error';

/** Attendance's success and error messages stay 5 seconds (spec part 2 §9). */
export const ATTENDANCE_TOAST_MS = 5000;

/** The server's message for a refused request (spec part 2 §8), else null (network failure, server fault). */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.hasReadableBody && err.message ? err.message : null;
}

/** A scan that failed because the kiosk is offline (queued for later) rather than refused. */
export const isOffline = (err: unknown) => (err instanceof ApiError && err.kind === 'network') || (typeof navigator !== 'undefined' && !navigator.onLine);
