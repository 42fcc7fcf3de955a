import type { MembershipStatus } from '@akhada/contracts';

export type MembershipTime = { kind: 'expired' } | { kind: 'daysLeft'; count: number };

/** "{n} days left", or "Expired" when daysRemaining is 0 or less. */
export function membershipTime(daysRemaining: number): MembershipTime {
  return daysRemaining <= 0 ? { kind: 'expired' } : { kind: 'daysLeft', count: Math.floor(daysRemaining) };
}

export type LastVisit = { kind: 'never' } | { kind: 'justNow' } | { kind: 'hours'; count: number } | { kind: 'days'; count: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Never / Just now (under an hour) / {n} hours ago (under a day) / {n} days ago. */
export function lastVisit(lastCheckIn: string | null, nowMs: number): LastVisit {
  if (!lastCheckIn) return { kind: 'never' };
  const diff = nowMs - new Date(lastCheckIn).getTime();
  if (!Number.isFinite(diff)) return { kind: 'never' };
  if (diff < HOUR_MS) return { kind: 'justNow' };
  if (diff < DAY_MS) return { kind: 'hours', count: Math.floor(diff / HOUR_MS) };
  return { kind: 'days', count: Math.floor(diff / DAY_MS) };
}

/** Badge colour: active green, expired red, anything else grey. */
export function statusTone(status: MembershipStatus): 'success' | 'danger' | 'neutral' {
  return status === 'active' ? 'success' : status === 'expired' ? 'danger' : 'neutral';
}

export function initials(first: string, last: string): string {
  const a = Array.from(first.trim())[0] ?? '';
  const b = Array.from(last.trim())[0] ?? '';
  return (a + b).toUpperCase() || '?';
}
