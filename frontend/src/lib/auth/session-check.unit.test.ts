import { describe, expect, it } from 'vitest';
import { ApiError, parseRetryAfter } from '../api-error';
import { sessionProblemOf, sessionRetryDelay } from './session-check';

describe('session retry policy', () => {
  it('backs off 2, 4, 8 … seconds, at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => sessionRetryDelay(n, null))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
  it('waits as long as the server asked, within 1 s and a minute', () => {
    expect(sessionRetryDelay(1, 5000)).toBe(5000);
    expect(sessionRetryDelay(4, 0)).toBe(1000);
    expect(sessionRetryDelay(1, 3_600_000)).toBe(60000);
  });
  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:12 GMT', now)).toBe(12000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
  it('names what went wrong', () => {
    const http = (status: number) => ApiError.fromResponse(status, { success: false, message: 'x', error: 'x', code: 'X' }, '7');
    expect(sessionProblemOf(http(429))).toEqual({ problem: 'rate-limited', retryAfterMs: 7000 });
    expect(sessionProblemOf(http(503)).problem).toBe('unavailable');
    expect(sessionProblemOf(http(500)).problem).toBe('failed');
    expect(sessionProblemOf(new ApiError({ kind: 'network', message: 'Failed to fetch' })).problem).toBe('offline');
    expect(sessionProblemOf(new TypeError('Failed to fetch dynamically imported module')).problem).toBe('offline');
  });
});
