import type { Role } from '@akhada/contracts';

/** The one page an account awaiting the gym's approval sees. */
export const PENDING_PATH = '/dashboard/pending';

/** The one page of staff whose gym requires two-factor sign-in until they set it up. */
export const ENROL_TWO_FACTOR_PATH = '/dashboard/two-factor-setup';

/** Where each role starts: a member on their own membership, everyone else on the dashboard. */
export const homeOf = (role: Role): string => (role === 'member' ? '/dashboard/me' : '/dashboard');

/** Screens of the signed-in area anyone may open: their own account, notifications, chat, feedback, settings. */
const EVERYONE = ['/dashboard/profile', '/dashboard/notifications', '/dashboard/chat', '/dashboard/feedback', '/dashboard/settings'];
/** A member's own pages. */
const MEMBER = ['/dashboard/me'];
/**
 * What a trainer opens besides everyone's screens: the dashboard, their clients and schedule, their classes (today's
 * list and a class's roster) and appointments, members and their colleagues (read only), and inventory (view and assign; its desk-only pages send them back to the list).
 * Attendance is the front desk's (owner and admin); the server refuses trainers its lists.
 */
const TRAINER = [
  '/dashboard/my-clients',
  '/dashboard/my-schedule',
  '/dashboard/my-classes',
  '/dashboard/my-appointments',
  '/dashboard/classes',
  '/dashboard/members',
  '/dashboard/enquiries',
  '/dashboard/trainers',
  '/dashboard/inventory',
];

const under = (pathname: string, prefixes: readonly string[]) => prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Where the signed-in area sends a user who opened `pathname`, or null when they may stay. An account awaiting
 * approval sees only the pending page (and leaves it once approved); staff who must set up two-factor sign-in see
 * only the enrolment page; a member or a trainer who opens a staff-only
 * screen goes to their home. The server refuses what a role may not do whatever the app shows.
 */
export function redirectFor(
  user: { role: Role; pending?: boolean | undefined; twoFactorEnrolment?: 'required' | 'suggested' | null | undefined },
  pathname: string,
): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (user.pending) return path === PENDING_PATH ? null : PENDING_PATH;
  if (path === PENDING_PATH) return homeOf(user.role);
  // Staff whose gym requires two-factor sign-in set it up before anything else (the server refuses the rest).
  if (user.twoFactorEnrolment === 'required') return path === ENROL_TWO_FACTOR_PATH ? null : ENROL_TWO_FACTOR_PATH;
  if (path === ENROL_TWO_FACTOR_PATH) return homeOf(user.role);
  if (user.role === 'owner' || user.role === 'admin') return null;
  if (under(path, EVERYONE)) return null;
  if (user.role === 'member') return under(path, MEMBER) ? null : homeOf('member');
  // A trainer.
  return path === '/dashboard' || under(path, TRAINER) ? null : homeOf('trainer');
}
