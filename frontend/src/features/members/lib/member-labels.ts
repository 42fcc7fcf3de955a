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

/** Badge colour: active green, expired red, frozen blue, anything else grey. */
export function statusTone(status: MembershipStatus): 'success' | 'danger' | 'info' | 'neutral' {
  return status === 'active' ? 'success' : status === 'expired' ? 'danger' : status === 'frozen' ? 'info' : 'neutral';
}

/**
 * The spec's client-side filter over the loaded members: search case-insensitive over full name and email, a
 * substring of the phone (also ignoring spaces and dashes); status and membership type exact.
 */
export function matchesFilters(
  m: { fullName: string; user: { email: string; phone: string }; membershipStatus: MembershipStatus; membershipType: string },
  f: { search: string; status: string; type: string },
): boolean {
  if (f.status && m.membershipStatus !== f.status) return false;
  if (f.type && m.membershipType !== f.type) return false;
  const q = f.search.trim().toLowerCase();
  if (!q) return true;
  if (m.fullName.toLowerCase().includes(q) || m.user.email.toLowerCase().includes(q) || m.user.phone.includes(q)) return true;
  const digits = q.replace(/[\s-]/g, '');
  return digits.length > 0 && /^\+?\d+$/.test(digits) && m.user.phone.replace(/[\s-]/g, '').includes(digits);
}

export function initials(first: string, last: string): string {
  const a = Array.from(first.trim())[0] ?? '';
  const b = Array.from(last.trim())[0] ?? '';
  return (a + b).toUpperCase() || '?';
}
