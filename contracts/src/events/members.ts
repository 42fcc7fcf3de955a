import { z } from 'zod';
import { Gender, MembershipType, PaymentFrequency, PaymentMethod } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the members service (topic akhada.members.events; aggregate = the member, whose id is also
 * the id of their sign-in account in auth). Consumers: auth (invitations, account deactivation), trainers (client
 * lists and counts), notifications, dashboard, payments (renewal fees) as they land.
 */

/** One term of a membership: its own dates, fee, frequency and how it is paid. */
export const MembershipTerm = z.object({
  termNo: z.number().int().min(1),
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  /** Integer paise. */
  feePaise: z.number().int().min(0),
  paymentMethod: PaymentMethod.nullable(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
});
export type MembershipTerm = z.infer<typeof MembershipTerm>;

/** Staff added a member (with their first term). Auth invites them to sign in (role member, user id = memberId). */
export const MemberRegistered = defineEvent(
  'members.member_registered',
  1,
  z.object({
    memberId: z.uuid(),
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    membershipType: MembershipType,
    paymentFrequency: PaymentFrequency,
    /** Integer paise. */
    feePaise: z.number().int().min(0),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    /** The enquiries lead this member was converted from (enquiries marks it joined, if it is the organization's). */
    enquiryId: z.uuid().optional(),
    /** Where the member came from (a lead source such as walk_in, instagram). */
    acquisitionSource: z.string().optional(),
    /** As recorded at registration (absent in events published before these were added). */
    dateOfBirth: z.iso.date().nullable().optional(),
    gender: Gender.nullable().optional(),
  }),
);

/**
 * Someone registered with the gym's join code as a member (auth.user_registered, via join_code): the member record
 * exists, awaiting a plan (status pending). Notifications tells the location's staff.
 */
export const MemberSignedUp = defineEvent(
  'members.member_signed_up',
  1,
  z.object({ memberId: z.uuid(), locationId: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
);

/** A new term: the first of a member who was pending, or a renewal (before or after expiry). */
export const MembershipRenewed = defineEvent(
  'members.membership_renewed',
  1,
  z.object({
    memberId: z.uuid(),
    locationId: z.uuid(),
    term: MembershipTerm,
    renewedAt: z.iso.datetime({ offset: true }),
    /** Set when the term was made from a payments' membership payment (payments.payment_completed): payments counted it already. */
    paymentId: z.uuid().nullable().optional(),
  }),
);

export const MembershipFrozen = defineEvent(
  'members.membership_frozen',
  1,
  z.object({ memberId: z.uuid(), frozenFrom: z.iso.date(), reason: z.string().nullable() }),
);
/** The freeze ended; the frozen days moved the end date to `endDate`. */
export const MembershipUnfrozen = defineEvent(
  'members.membership_unfrozen',
  1,
  z.object({ memberId: z.uuid(), daysFrozen: z.number().int().min(0), endDate: z.iso.date() }),
);
/**
 * A member's referral brought a lead who joined (enquiries.lead_joined with their code): the gym's reward of `days`
 * free days moved the member's end date to `endDate`. Once per referred lead (`leadId`).
 */
export const ReferralRewarded = defineEvent(
  'members.referral_rewarded',
  1,
  z.object({ memberId: z.uuid(), leadId: z.uuid(), referredMemberId: z.uuid(), days: z.number().int().min(1), endDate: z.iso.date() }),
);
/**
 * A member's referral brought a lead who joined, and the gym rewards referrals with a credit: `creditPaise` is taken
 * off the member's next membership payment (payments keeps the balance). Once per referred lead (`leadId`).
 */
export const ReferralCreditGranted = defineEvent(
  'members.referral_credit_granted',
  1,
  z.object({ memberId: z.uuid(), leadId: z.uuid(), referredMemberId: z.uuid(), creditPaise: z.number().int().min(1) }),
);
/** The end date passed (at the end of that day in the location's timezone). */
export const MembershipExpired = defineEvent('members.membership_expired', 1, z.object({ memberId: z.uuid(), endDate: z.iso.date() }));
export const MembershipCancelled = defineEvent(
  'members.membership_cancelled',
  1,
  z.object({ memberId: z.uuid(), cancelledOn: z.iso.date(), reason: z.string().nullable() }),
);

export const MemberTrainerAssigned = defineEvent(
  'members.trainer_assigned',
  1,
  z.object({ memberId: z.uuid(), trainerId: z.uuid(), previousTrainerId: z.uuid().nullable() }),
);
export const MemberTrainerUnassigned = defineEvent(
  'members.trainer_unassigned',
  1,
  z.object({ memberId: z.uuid(), trainerId: z.uuid(), reason: z.enum(['staff', 'trainer_archived', 'member_archived']) }),
);

/** The member's personal details as they now are (the whole set, so a consumer needs no earlier state). */
export const MemberProfileChanged = defineEvent(
  'members.member_profile_changed',
  1,
  z.object({
    memberId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    dateOfBirth: z.iso.date().nullable(),
    gender: Gender.nullable(),
  }),
);

/** Removed from the lists; history and payments stay. Auth ends the member's sign-in; trainers drop the client. */
export const MemberArchived = defineEvent('members.member_archived', 1, z.object({ memberId: z.uuid() }));

/** Staff asked for the sign-in invitation to be sent again (auth makes a new link; the old one stops working). */
export const MemberInvitationResendRequested = defineEvent(
  'members.invitation_resend_requested',
  1,
  z.object({ memberId: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
);
