import { createHash } from 'node:crypto';

/** Crockford's base 32 (no I, L, O, U: nothing to misread when a code is read out or typed). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A member's referral code: 8 characters derived from their id, so it is the same every time it is asked for and
 * wherever it is made — members (who resolves a code to its referrer) and notifications (a template's referral link)
 * share this one rule instead of passing the code around.
 */
export const referralCodeOf = (memberId: string): string =>
  [...createHash('sha256').update(`referral:${memberId}`).digest().subarray(0, 8)].map((b) => ALPHABET[b % 32]).join('');
