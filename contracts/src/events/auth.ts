import { z } from 'zod';
import { PlanId, Role } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

export const OrganizationCreated = defineEvent(
  'auth.organization_created',
  1,
  z.object({ orgId: z.uuid(), name: z.string(), plan: PlanId, trialEndsAt: z.string().nullable(), ownerId: z.uuid() }),
);
export const LocationCreated = defineEvent(
  'auth.location_created',
  1,
  z.object({ locationId: z.uuid(), orgId: z.uuid(), name: z.string(), city: z.string(), timezone: z.string() }),
);
export const UserRegistered = defineEvent(
  'auth.user_registered',
  1,
  z.object({
    userId: z.uuid(),
    orgId: z.uuid(),
    role: Role,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** The phone number given at registration (members keeps it on a join-code member's record). Absent on older events. */
    phone: z.string().optional(),
    locationIds: z.array(z.uuid()),
    /**
     * How the account came to be: `gym_owner` opened a new gym; `join_code` registered with a gym's code (members
     * makes a pending member, trainers a pending trainer); `invitation` was made for a member or trainer added by
     * staff (its id is the member's or trainer's id); `staff` an admin added by the owner. Absent on older events.
     */
    via: z.enum(['gym_owner', 'join_code', 'invitation', 'staff']).optional(),
  }),
);
/** The owner chose a plan (no trial date then); payment for it comes with the payments service. */
export const OrganizationPlanChanged = defineEvent(
  'auth.organization_plan_changed',
  1,
  z.object({ orgId: z.uuid(), plan: PlanId, trialEndsAt: z.string().nullable() }),
);
/** A sign-in invitation mail was queued for a member or trainer added by staff (`userId` = their member/trainer id). */
export const InvitationSent = defineEvent('auth.invitation_sent', 1, z.object({ userId: z.uuid(), role: Role, email: z.string(), expiresAt: z.string() }));
/** No invitation could be made: the email already belongs to another account. Staff see why on the record. */
export const InvitationFailed = defineEvent('auth.invitation_failed', 1, z.object({ userId: z.uuid(), role: Role, reason: z.enum(['email_in_use']) }));
/** The invited person set their password: their account is active. */
export const InvitationAccepted = defineEvent('auth.invitation_accepted', 1, z.object({ userId: z.uuid(), role: Role }));
/** The account can no longer sign in (its member or trainer record was archived); every session ended with it. */
export const UserDeactivated = defineEvent('auth.user_deactivated', 1, z.object({ userId: z.uuid() }));
/** One session ended (logout). Services reject tokens carrying this session id. */
export const SessionRevoked = defineEvent('auth.session_revoked', 1, z.object({ sessionId: z.uuid(), userId: z.uuid(), expiresAt: z.string() }));
/** Every session of a user issued before `before` ended (password change/reset), except `exceptSessionId`. */
export const UserSessionsRevoked = defineEvent(
  'auth.user_sessions_revoked',
  1,
  z.object({ userId: z.uuid(), before: z.string(), exceptSessionId: z.uuid().nullable() }),
);
/**
 * A visitor sent the public contact form. Not tied to a gym: `orgId` is PLATFORM_ORG_ID; the aggregate is the enquiry.
 * Carries what the sales/support team needs to answer; the visitor's IP address and browser stay in the auth service.
 */
export const EnquiryReceived = defineEvent(
  'auth.enquiry_received',
  1,
  z.object({
    enquiryId: z.uuid(),
    topic: z.enum(['sales', 'support', 'other']),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gymName: z.string().nullable(),
    city: z.string().nullable(),
    message: z.string(),
    receivedAt: z.string(),
  }),
);
/** The owner saved the gym settings: the organization's name, brand colour, languages and default timezone. */
export const OrganizationUpdated = defineEvent(
  'auth.organization_updated',
  1,
  z.object({ orgId: z.uuid(), name: z.string(), brandColor: z.string(), languages: z.array(z.string()), timezone: z.string() }),
);
/** A location's details changed (name, city, timezone, opening hours, capacity). */
export const LocationUpdated = defineEvent(
  'auth.location_updated',
  1,
  z.object({
    locationId: z.uuid(),
    orgId: z.uuid(),
    name: z.string(),
    city: z.string(),
    timezone: z.string(),
    openingHours: z.string(),
    capacity: z.number().int().nullable(),
    /**
     * Check-in is refused while a member's membership payment is overdue by more than this many days (1–90); null or
     * absent (events from before the setting): never refused for dues.
     */
    refuseCheckInOverdueDays: z.number().int().min(1).max(90).nullable().optional(),
  }),
);
/** The membership plans the gym sells, as a whole (a plan not listed is withdrawn). Prices in paise. */
export const MembershipPlansChanged = defineEvent(
  'auth.membership_plans_changed',
  1,
  z.object({
    orgId: z.uuid(),
    plans: z.array(
      z.object({
        planId: z.uuid(),
        name: z.string(),
        type: z.enum(['basic', 'premium', 'vip', 'annual']),
        durationMonths: z.number().int(),
        pricePaise: z.number().int(),
        gstInclusive: z.boolean(),
      }),
    ),
  }),
);
/** A person's privacy choices: whether trainers see their phone and email; their marketing choice. */
export const UserPrivacyChanged = defineEvent(
  'auth.user_privacy_changed',
  1,
  z.object({ userId: z.uuid(), contactVisibleToTrainers: z.boolean(), marketingConsent: z.boolean() }),
);
/**
 * A person's profile picture changed: `avatarUrl` is the new address (`/api/auth/avatars/…`, public and unguessable),
 * or null when removed. For services that show people (chat, lists) to keep their copy.
 */
export const UserAvatarChanged = defineEvent('auth.user_avatar_changed', 1, z.object({ userId: z.uuid(), avatarUrl: z.string().nullable() }));
/** The owner changed which locations a staff member works in. */
export const StaffLocationsChanged = defineEvent('auth.staff_locations_changed', 1, z.object({ userId: z.uuid(), locationIds: z.array(z.uuid()) }));
/**
 * Someone signed in to the account from a device it had not used before (a browser and system not seen in its
 * earlier sessions). `place` is the network address (a city is not known without a geolocation database). The
 * notifications service tells the user (in-app, and by email if they want system mails).
 */
export const NewDeviceSignedIn = defineEvent(
  'auth.new_device_signed_in',
  1,
  z.object({ userId: z.uuid(), sessionId: z.uuid(), device: z.string(), place: z.string(), signedInAt: z.string() }),
);

/**
 * An API key was created, rotated or changed (issue 29): what services cache about it (never its secret or hash).
 * The kit drops its cached copy of the key on this event, so a change reaches every service at once.
 */
export const ApiKeyChanged = defineEvent(
  'auth.api_key_changed',
  1,
  z.object({
    keyId: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.string()),
    /** null: every location of the organization. */
    locationIds: z.array(z.uuid()).nullable(),
    expiresAt: z.string().nullable(),
    change: z.enum(['created', 'rotated']),
  }),
);

/** An API key was revoked: every service drops it from its cache at once (and refuses it within 60 s whatever happens). */
export const ApiKeyRevoked = defineEvent('auth.api_key_revoked', 1, z.object({ keyId: z.uuid(), name: z.string(), prefix: z.string() }));
