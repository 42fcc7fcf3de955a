import { describe, expect, it } from 'vitest';
import { decodeJwtExp, isExpired, REFRESH_WINDOW_MS, shouldRefresh } from './jwt';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: unknown) => `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url(payload)}.signature`;

describe('token expiry', () => {
  it('reads exp in milliseconds', () => {
    expect(decodeJwtExp(token({ sub: 'u1', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });
  it('returns null for garbage', () => {
    expect(decodeJwtExp('not-a-jwt')).toBeNull();
    expect(decodeJwtExp('a.b.c')).toBeNull();
    expect(decodeJwtExp(token({ sub: 'no exp' }))).toBeNull();
  });
  it('refreshes when fewer than 5 minutes are left', () => {
    const now = 1_000_000_000;
    expect(shouldRefresh(now + REFRESH_WINDOW_MS + 1, now)).toBe(false);
    expect(shouldRefresh(now + REFRESH_WINDOW_MS - 1, now)).toBe(true);
    expect(shouldRefresh(now + 15 * 60_000, now)).toBe(false);
    expect(shouldRefresh(null, now)).toBe(false);
  });
  it('knows an expired token', () => {
    expect(isExpired(1000, 1000)).toBe(true);
    expect(isExpired(1001, 1000)).toBe(false);
    expect(isExpired(null, 1000)).toBe(false);
  });
});
