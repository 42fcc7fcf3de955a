import { ApiError } from '../../../lib/api-error';
import type { Translate } from '../../../lib/relative-time';

/**
 * The scheduling service words every refusal of a booking in English (expired, frozen, allowance used, paused, the
 * window…). English shows it as it is; Hindi maps each known wording to its translation (keeping the dates and numbers
 * it names), and an unknown one falls back to a text for its code. Null when the error is not such an answer.
 */
const PATTERNS: readonly [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/membership expired on (.+?)\. Renew/, 'expiredOn', (m) => ({ date: m[1]! })],
  [/membership has expired/, 'expired', () => ({})],
  [/membership is frozen/, 'frozen', () => ({})],
  [/no active plan yet/, 'pending', () => ({})],
  [/membership is not active/, 'inactive', () => ({})],
  [/membership ends on (.+?), before this class/, 'endsBefore', (m) => ({ date: m[1]! })],
  [/is open to the .+ plans?; yours is/, 'plan', () => ({})],
  [/plan includes (\d+) class(?:es)? a month/, 'allowance', (m) => ({ count: m[1]! })],
  [/Booking is paused until (.+?) after/, 'paused', (m) => ({ date: m[1]! })],
  [/Booking opens (\d+) days?/, 'opens', (m) => ({ count: m[1]! })],
  [/Booking closes (\d+) minutes/, 'closes', (m) => ({ count: m[1]! })],
  [/has started; booking is closed/, 'started', () => ({})],
  [/booked into this class already/, 'alreadyBooked', () => ({})],
  [/on the waitlist of this class already/, 'alreadyWaiting', () => ({})],
  [/waiting for your confirmation\./, 'alreadyOffered', () => ({})],
  [/class was cancelled/, 'classCancelled', () => ({})],
  [/class has ended/, 'classEnded', () => ({})],
  [/time to confirm this place has passed/, 'offerPassed', () => ({})],
  [/no place waiting for your confirmation/, 'noOffer', () => ({})],
  [/booking can no longer be cancelled/, 'cannotCancel', () => ({})],
];

export function refusalText(error: unknown, t: Translate, lang: string): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status !== 409) return null;
  if (lang === 'en' && error.message) return error.message;
  for (const [re, key, params] of PATTERNS) {
    const m = re.exec(error.message);
    if (m) return t(`scheduling:refusal.${key}`, params(m));
  }
  if (error.code === 'MEMBERSHIP_INACTIVE') return t('scheduling:refusal.membershipInactive');
  if (error.code === 'BOOKING_NOT_ALLOWED') return t('scheduling:refusal.notAllowed');
  return null;
}

/** The organization's plan does not include scheduling (402 PLAN_UPGRADE_REQUIRED, or any 402 on these routes). */
export const isUpgradeRequired = (error: unknown): boolean => error instanceof ApiError && error.kind === 'http' && error.status === 402;
