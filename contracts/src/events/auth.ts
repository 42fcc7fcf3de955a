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
    locationIds: z.array(z.uuid()),
  }),
);
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
