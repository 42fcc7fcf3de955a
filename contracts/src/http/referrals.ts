import { z } from 'zod';
import { IsoDate, IsoDateTime, ok, Problem, route } from './route.ts';

/** At most this many free days a referral earns (a year). */
export const MAX_REFERRAL_REWARD_DAYS = 365;
/** At most this credit (rupees) a referral earns. */
export const MAX_REFERRAL_CREDIT = 100_000;

/**
 * A member's referral code: 8 letters and digits without look-alikes (Crockford's base 32: no I, L, O, U). Given in
 * any case, with spaces or dashes; kept upper case without them. Anything else is no code.
 */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
export const normalizeReferralCode = (raw: string | null | undefined): string | null => {
  const code = (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
};

/** One reward a member's referral earned: the free days and the end date they moved the membership to. */
export const ReferralReward = z.object({ days: z.number().int().min(1), endDate: IsoDate, rewardedAt: IsoDateTime });
/** One credit a member's referral earned (rupees), taken off their next membership payment. */
export const ReferralCredit = z.object({ credit: z.number().min(0), grantedAt: IsoDateTime });
export const MyReferral = z.object({
  code: z.string(),
  /** The free days the gym gives for a referred friend who joins now; 0: the gym gives no free days. */
  rewardDays: z.number().int().min(0),
  /** The credit (rupees) the gym gives for a referred friend who joins now, off the next membership payment; 0: none. */
  rewardCredit: z.number().min(0).optional(),
  /** Newest first. */
  rewards: z.array(ReferralReward),
  /** Credits earned, newest first (each one shows as "Referral credit" on the membership payment it went to). */
  credits: z.array(ReferralCredit).optional(),
});
export type MyReferral = z.infer<typeof MyReferral>;

export const ReferralSettings = z.object({
  rewardDays: z.number().int().min(0).max(MAX_REFERRAL_REWARD_DAYS),
  /** Rupees taken off the referrer's next membership payment (0: none). Both rewards may be given at once. */
  rewardCredit: z.number().min(0).max(MAX_REFERRAL_CREDIT).optional(),
});
export type ReferralSettings = z.infer<typeof ReferralSettings>;
export const ReferralSettingsBody = z
  .object({
    rewardDays: z
      .number({ message: 'Reward days must be a number' })
      .int('Reward days is a whole number')
      .min(0, `Reward days is 0 to ${MAX_REFERRAL_REWARD_DAYS}`)
      .max(MAX_REFERRAL_REWARD_DAYS, `Reward days is 0 to ${MAX_REFERRAL_REWARD_DAYS}`),
    /** Absent: the credit stays as it is. */
    rewardCredit: z
      .number({ message: 'Referral credit must be a number' })
      .min(0, 'Referral credit is ₹0 to ₹1,00,000')
      .max(MAX_REFERRAL_CREDIT, 'Referral credit is ₹0 to ₹1,00,000')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals')
      .optional(),
  })
  .strict();
export type ReferralSettingsBody = z.infer<typeof ReferralSettingsBody>;

export const memberReferralRoutes = {
  mine: route({
    method: 'GET',
    path: '/members/me/referral',
    responses: { 200: ok(MyReferral), 404: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The caller’s referral code, the gym’s reward and the rewards their referrals earned (role member).',
    description: 'The link to share is the location’s public enquiry form with ?ref=<code>; a referred lead who joins earns the reward once.',
  }),
  settings: route({
    method: 'GET',
    path: '/members/referral-settings',
    responses: { 200: ok(ReferralSettings), 403: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary:
      'The gym’s referral reward: free days added to the referrer’s membership and/or a credit off their next membership payment, when a referred lead joins.',
  }),
  putSettings: route({
    method: 'PUT',
    path: '/members/referral-settings',
    body: ReferralSettingsBody,
    responses: { 200: ok(ReferralSettings), 400: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: 'Sets the gym’s referral reward: free days and/or a credit in rupees (0 turns either off); applies to leads who join from now on.',
  }),
};
