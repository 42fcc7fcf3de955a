/** Pure identity rules: no I/O, no clock (time comes in as an argument). */
import type { Role } from '@akhada/contracts';

export const TRIAL_DAYS = 14;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session ends after this long without a refresh. */
export const SESSION_IDLE_DAYS = 14;
export const LOGIN_FAILURE_LIMIT = 5;
/**
 * Per network address the limit is higher: a gym's members and staff share one Wi-Fi address, and one person's typos
 * must not lock everyone out, while a guesser trying many accounts from one address is still stopped.
 */
export const LOGIN_FAILURE_LIMIT_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_MS = 60_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_REQUEST_WINDOW_MS = 15 * 60_000;
/** A reset mail the mail server refused is tried again this many times in all, with growing pauses (about 30 minutes). */
export const RESET_MAIL_MAX_ATTEMPTS = 8;
const RESET_MAIL_FIRST_RETRY_MS = 15_000;
/** An invitation link works for this long after it was asked for (staff added the person or asked to resend). */
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** An invitation mail the mail server refused is tried this many times in all (15 s doubling: about 8.5 hours). */
export const INVITATION_MAIL_MAX_ATTEMPTS = 12;
/** The public contact form takes at most this many enquiries per IP address inside the window. */
export const ENQUIRY_LIMIT = 5;
export const ENQUIRY_WINDOW_MS = 60 * 60_000;

const DAY = 86_400_000;

export const trialEndsAt = (now: Date): Date => new Date(now.getTime() + TRIAL_DAYS * DAY);
export const sessionExpiresAt = (now: Date): Date => new Date(now.getTime() + SESSION_IDLE_DAYS * DAY);

/** Sign-in is refused once an account or an address has this many failures inside the window. */
export const isThrottled = (recentFailures: number, limit: number = LOGIN_FAILURE_LIMIT): boolean => recentFailures >= limit;

/** Whole seconds until the oldest failure inside the window leaves it, so that one more attempt is allowed. At least 1. */
export const throttleRetryAfterSeconds = (oldestInWindow: Date, now: Date): number =>
  Math.max(1, Math.ceil((oldestInWindow.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));

/**
 * When a reset mail that failed `attempts` times is tried next: 15 s, 30 s, 1 min … doubling; null once it has had
 * all its attempts (a link that arrives hours later would only confuse).
 */
export const resetMailRetryAt = (attempts: number, now: Date): Date | null =>
  attempts >= RESET_MAIL_MAX_ATTEMPTS ? null : new Date(now.getTime() + RESET_MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** When an invitation mail that failed `attempts` times is tried next: 15 s doubling; null once it had all its attempts. */
export const invitationMailRetryAt = (attempts: number, now: Date): Date | null =>
  attempts >= INVITATION_MAIL_MAX_ATTEMPTS ? null : new Date(now.getTime() + RESET_MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export const invitationExpiresAt = (requestedAt: Date): Date => new Date(requestedAt.getTime() + INVITATION_TTL_MS);

/**
 * The invitation mail of a member or trainer added by staff. Users have no language setting in auth yet, so the
 * mail is in English with the essentials in Hindi below it (the app itself switches language after sign-in).
 */
export const invitationMail = ({
  to,
  firstName,
  gymName,
  role,
  link,
  expiresAt,
}: {
  to: string;
  firstName: string;
  gymName: string;
  role: 'member' | 'trainer';
  link: string;
  expiresAt: Date;
}) => {
  const until = expiresAt.toISOString().slice(0, 10);
  const as = role === 'trainer' ? 'a trainer' : 'a member';
  const asHi = role === 'trainer' ? 'ट्रेनर' : 'सदस्य';
  return {
    to,
    subject: `${gymName} invited you to Akhada`,
    text:
      `Hello ${firstName},\n\n${gymName} added you to Akhada as ${as}. Open this link to set your password and sign in:\n\n${link}\n\n` +
      `The link works once, until ${until}. If it has expired, ask ${gymName} to send a new one.\n\n` +
      `नमस्ते ${firstName}, ${gymName} ने आपको अखाड़ा पर ${asHi} के रूप में जोड़ा है। अपना पासवर्ड सेट करने और साइन इन करने के लिए ऊपर दिया गया लिंक खोलें (${until} तक मान्य)।\n\n— Akhada`,
  };
};

/** The password reset mail: a link valid for the token's lifetime. */
export const resetMail = ({ to, firstName, link }: { to: string; firstName: string; link: string }) => ({
  to,
  subject: 'Reset your Akhada password',
  text: `Hello ${firstName},\n\nSomeone asked to reset the password of your Akhada account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n\n— Akhada`,
});

/** Join codes avoid look-alike characters (0/O, 1/I/L) so they can be read out at a front desk. */
const JOIN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const joinCodeFrom = (randomBytes: Uint8Array, length = 6): string =>
  Array.from(randomBytes.slice(0, length), (b) => JOIN_ALPHABET[b % JOIN_ALPHABET.length]).join('');

/** Tokens issued in the same second as a revocation stay valid (iat has second precision). */
export const revocationCutoff = (now: Date): Date => new Date(Math.floor(now.getTime() / 1000) * 1000);

/**
 * An account that ends (deactivated) keeps no session at all, so every token issued up to the end of this second is
 * refused too (a refresh in the same second as the deactivation would otherwise survive for its 15 minutes).
 */
export const deactivationCutoff = (now: Date): Date => new Date(revocationCutoff(now).getTime() + 1000);

export const defaultGymName = (firstName: string): string => `${firstName}'s Gym`;

/** The next enquiry from an address is refused once it sent this many inside the window. */
export const isEnquiryThrottled = (recentEnquiries: number): boolean => recentEnquiries >= ENQUIRY_LIMIT;

/**
 * Whole minutes until an address that reached the enquiry limit may send again: when its oldest enquiry inside the
 * window leaves it. At least 1.
 */
export const enquiryRetryMinutes = (oldestInWindow: Date, now: Date): number =>
  Math.max(1, Math.ceil((oldestInWindow.getTime() + ENQUIRY_WINDOW_MS - now.getTime()) / 60_000));

/** Staff whom an organization can require to sign in with two-factor (owners are asked, members are not). */
export const isRequirableStaff = (role: Role): boolean => role === 'admin' || role === 'trainer';

/**
 * What the app asks of a user about two-factor sign-in: staff of an organization that requires it must enrol before
 * anything else ("required"); an owner without it is asked after every sign-in ("suggested"); nothing otherwise.
 */
export const twoFactorEnrolment = (u: { role: Role; enrolled: boolean; requiredForStaff: boolean }): 'required' | 'suggested' | null => {
  if (u.enrolled) return null;
  if (u.role === 'owner') return 'suggested';
  if (u.requiredForStaff && isRequirableStaff(u.role)) return 'required';
  return null;
};

/** A sign-in comes from a new device when the account has signed in before, never from this one (its "browser on system"). */
export const isNewDevice = (device: string, earlierDevices: readonly string[]): boolean => earlierDevices.length > 0 && !earlierDevices.includes(device);

/** SMS codes (two-factor): 6 digits, good for 5 minutes and once, 5 guesses each; one a minute, 5 an hour. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_RESEND_COOLDOWN_MS = 60_000;
export const SMS_SENDS_PER_HOUR = 5;

/**
 * Whole seconds until another SMS code may be sent (0: now), from the sends of the last hour, newest first: the
 * cooldown after the last send of the same purpose (a resend), and the hourly cap (every purpose) until the oldest
 * leaves the hour.
 */
export const smsRetryAfterSeconds = (sentInLastHour: { at: Date; samePurpose: boolean }[], now: Date): number => {
  const wait = (until: number) => Math.max(0, Math.ceil((until - now.getTime()) / 1000));
  const newest = sentInLastHour.find((s) => s.samePurpose);
  const cooldown = newest ? wait(newest.at.getTime() + SMS_RESEND_COOLDOWN_MS) : 0;
  const oldest = sentInLastHour[sentInLastHour.length - 1];
  const cap = sentInLastHour.length >= SMS_SENDS_PER_HOUR && oldest ? Math.max(1, wait(oldest.at.getTime() + 60 * 60_000)) : 0;
  return Math.max(cooldown, cap);
};

/** A phone shown back without giving it away: the last 3 digits (+91 ••••• ••210). */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return `•••••••${digits.slice(-3)}`;
};
