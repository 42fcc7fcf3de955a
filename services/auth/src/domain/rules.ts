/** Pure identity rules: no I/O, no clock (time comes in as an argument). */

export const TRIAL_DAYS = 14;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session ends after this long without a refresh. */
export const SESSION_IDLE_DAYS = 14;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 60_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_REQUEST_WINDOW_MS = 15 * 60_000;
/** The public contact form takes at most this many enquiries per IP address inside the window. */
export const ENQUIRY_LIMIT = 5;
export const ENQUIRY_WINDOW_MS = 60 * 60_000;

const DAY = 86_400_000;

export const trialEndsAt = (now: Date): Date => new Date(now.getTime() + TRIAL_DAYS * DAY);
export const sessionExpiresAt = (now: Date): Date => new Date(now.getTime() + SESSION_IDLE_DAYS * DAY);

/** Sign-in is refused once an account or an address has this many failures inside the window. */
export const isThrottled = (recentFailures: number): boolean => recentFailures >= LOGIN_FAILURE_LIMIT;

/** Join codes avoid look-alike characters (0/O, 1/I/L) so they can be read out at a front desk. */
const JOIN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const joinCodeFrom = (randomBytes: Uint8Array, length = 6): string =>
  Array.from(randomBytes.slice(0, length), (b) => JOIN_ALPHABET[b % JOIN_ALPHABET.length]).join('');

/** Tokens issued in the same second as a revocation stay valid (iat has second precision). */
export const revocationCutoff = (now: Date): Date => new Date(Math.floor(now.getTime() / 1000) * 1000);

export const defaultGymName = (firstName: string): string => `${firstName}'s Gym`;

/** The next enquiry from an address is refused once it sent this many inside the window. */
export const isEnquiryThrottled = (recentEnquiries: number): boolean => recentEnquiries >= ENQUIRY_LIMIT;

/**
 * Whole minutes until an address that reached the enquiry limit may send again: when its oldest enquiry inside the
 * window leaves it. At least 1.
 */
export const enquiryRetryMinutes = (oldestInWindow: Date, now: Date): number =>
  Math.max(1, Math.ceil((oldestInWindow.getTime() + ENQUIRY_WINDOW_MS - now.getTime()) / 60_000));
