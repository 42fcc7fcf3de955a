import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import type { ServiceName } from '../topics.ts';

/**
 * The Digital Personal Data Protection Act's erasure, across services. Auth (which owns the person's identity and the
 * data-rights desk) publishes `auth.person_erasure_requested` when staff approve an erasure; every service that keeps
 * personal data removes or pseudonymizes it in the consumer's transaction and answers `<service>.person_erased`.
 * Auth marks the request done once every service in ERASING_SERVICES has answered.
 *
 * `userId` is the person's account; `memberId` / `trainerId` the record of them (for a member it is the same id).
 */
export const PersonErasureData = z.object({
  requestId: z.uuid(),
  organizationId: z.uuid(),
  userId: z.uuid(),
  memberId: z.uuid().nullable(),
  trainerId: z.uuid().nullable(),
});
export type PersonErasureData = z.infer<typeof PersonErasureData>;

export const PersonErasureRequested = defineEvent('auth.person_erasure_requested', 1, PersonErasureData);

/** The services that hold personal data and answer an erasure (auth erases its own tables when all have answered). */
export const ERASING_SERVICES = [
  'members',
  'trainers',
  'attendance',
  'payments',
  'inventory',
  'chat',
  'feedback',
  'notifications',
  'dashboard',
  'enquiries',
] as const;
export type ErasingService = (typeof ERASING_SERVICES)[number] & ServiceName;

export const PersonErasedData = z.object({ requestId: z.uuid(), organizationId: z.uuid(), userId: z.uuid(), service: z.enum(ERASING_SERVICES) });
export type PersonErasedData = z.infer<typeof PersonErasedData>;
const erased = <S extends ErasingService>(s: S) => defineEvent(`${s}.person_erased` as `${S}.person_erased`, 1, PersonErasedData);

/** `<service>.person_erased`: that service no longer holds the person's name, email, phone, address or birth date. */
export const PersonErased = {
  members: erased('members'),
  trainers: erased('trainers'),
  attendance: erased('attendance'),
  payments: erased('payments'),
  inventory: erased('inventory'),
  chat: erased('chat'),
  feedback: erased('feedback'),
  notifications: erased('notifications'),
  dashboard: erased('dashboard'),
  enquiries: erased('enquiries'),
} as const;

/** What a service writes instead of an erased name (a stable, non-identifying label). */
export const ERASED_NAME = 'Erased';
export const erasedEmail = (userId: string): string => `erased-${userId}@erased.invalid`;

/** A data-rights request was made, decided or completed: the member is told at each step (notifications' rules). */
export const DataRequestChanged = defineEvent(
  'auth.data_request_changed',
  1,
  z.object({
    requestId: z.uuid(),
    userId: z.uuid(),
    type: z.enum(['access', 'correction', 'erasure']),
    status: z.enum(['open', 'erasing', 'completed', 'rejected']),
    note: z.string().nullable(),
  }),
);

/**
 * A person gave or withdrew consent to WhatsApp/SMS messages in notifications (which enforces it); auth's consent
 * ledger records it. `channel` is how: their own settings page, or staff on the member's behalf.
 */
export const MessagingConsentChanged = defineEvent(
  'notifications.messaging_consent_changed',
  1,
  z.object({ userId: z.uuid(), granted: z.boolean(), channel: z.enum(['settings', 'staff']) }),
);
