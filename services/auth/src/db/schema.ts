import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';
import type { ContactBody, PlanId, Role } from '@akhada/contracts';
import type { DataRightsTables } from './data-rights-schema.ts';

/**
 * active: signs in normally. invited: made for a member or trainer added by staff, no password until the invitation
 * is accepted. pending: a trainer who registered with the join code, awaiting approval (tokens carry `pending: true`).
 * deactivated: the member or trainer record was archived; cannot sign in.
 */
export type UserStatus = 'active' | 'invited' | 'pending' | 'deactivated';

export interface AuthDb extends KitTables, DataRightsTables {
  organizations: {
    id: string;
    name: string;
    plan: PlanId;
    trial_ends_at: Date | null;
    join_code: string;
    created_at: Generated<Date>;
    /** A small image as a data URL (gym settings). */
    logo: Generated<string | null>;
    brand_color: Generated<string>;
    languages: Generated<unknown>;
    timezone: Generated<string>;
    /** Admins and trainers must sign in with two-factor (off by default). */
    require_staff_two_factor: Generated<boolean>;
    /** The owner lets admins create, rotate and revoke API keys (off by default). */
    admins_manage_api_keys: Generated<boolean>;
  };
  /** API keys (issue 29): the secret is never stored, only its SHA-256 (hex); `prefix` is its visible start. */
  api_keys: {
    id: string;
    org_id: string;
    name: string;
    prefix: string;
    secret_hash: string;
    /** The secret before the last rotation, valid until previous_valid_until (its grace period). */
    previous_secret_hash: string | null;
    previous_valid_until: Date | null;
    /** jsonb: ApiScope[]. */
    scopes: unknown;
    /** jsonb: string[] of location ids, or null for every location. */
    location_ids: unknown;
    expires_at: Date | null;
    revoked_at: Date | null;
    rotated_at: Date | null;
    last_used_at: Date | null;
    created_at: Date;
    created_by: string;
    created_by_name: string;
  };
  /** An API key's requests (let through) and 429s per UTC day, added to by the gateways (issue 29). */
  api_key_usage: {
    key_id: string;
    /** date (UTC day). */
    day: string;
    requests: Generated<number>;
    limited: Generated<number>;
  };
  locations: {
    id: string;
    org_id: string;
    name: string;
    city: string;
    timezone: string;
    created_at: Generated<Date>;
    opening_hours: Generated<string>;
    capacity: Generated<number | null>;
    /** Refuse check-in while a membership payment is overdue by more than this many days; null: off. */
    refuse_check_in_overdue_days: Generated<number | null>;
  };
  /** The membership plans the gym sells; a withdrawn plan stays for history. */
  membership_plans: {
    id: string;
    org_id: string;
    name: string;
    type: 'basic' | 'premium' | 'vip' | 'annual';
    duration_months: number;
    price_paise: string | number;
    gst_inclusive: boolean;
    position: number;
    withdrawn_at: Date | null;
  };
  /** A user's profile picture (no row: none). `version` is random and names the picture in its address. */
  profile_pictures: { user_id: string; org_id: string; version: string; storage_key: string; updated_at: Date };
  /** Appearance and privacy choices of a user (defaults when there is no row). */
  user_preferences: {
    user_id: string;
    theme: Generated<'light' | 'dark' | 'system'>;
    language: Generated<'en' | 'hi'>;
    density: Generated<'comfortable' | 'compact'>;
    contact_visible_to_trainers: Generated<boolean>;
    marketing_consent: Generated<boolean>;
    updated_at: Generated<Date>;
  };
  users: {
    id: string;
    org_id: string;
    email: string;
    /** null while the account is invited (no password set yet). */
    password_hash: string | null;
    first_name: string;
    last_name: string;
    phone: string;
    role: Role;
    date_of_birth: string | null;
    gender: 'male' | 'female' | 'other' | null;
    address: unknown;
    emergency_contact: unknown;
    status: Generated<UserStatus>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  user_locations: { user_id: string; location_id: string };
  two_factor: { user_id: string; secret: string | null; pending_secret: string | null; enabled_at: Date | null; last_step: Generated<string> };
  recovery_codes: { user_id: string; code_hash: string; used_at: Date | null };
  /** SMS as a second step: the phone the codes go to (verified by a code when enrolled). */
  sms_two_factor: { user_id: string; phone: string; enabled_at: Date };
  /** One-time SMS codes (hashed), for enrolment or sign-in; a code expires, works once and takes a few guesses. */
  sms_codes: {
    id: string;
    user_id: string;
    purpose: 'enrol' | 'sign-in';
    phone: string;
    code_hash: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    attempts: Generated<number>;
  };
  /** A Google sign-in under way: its state, nonce and PKCE verifier; after the callback, the account it found. */
  oidc_flows: {
    id: string;
    state: string;
    nonce: string;
    code_verifier: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    user_id: string | null;
  };
  /** An account's Google identity (the id_token's subject), linked at its first Google sign-in. */
  user_identities: { id: Generated<string>; provider: string; subject: string; user_id: string; email: string; created_at: Date };
  /** A Google callback that found a password account it is not linked to: the password confirms the link (10 minutes, once). */
  google_link_tickets: {
    token_hash: string;
    user_id: string;
    provider: string;
    subject: string;
    email: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  sessions: {
    id: string;
    user_id: string;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
    user_agent: string | null;
    ip: string | null;
  };
  password_resets: { token_hash: string; user_id: string; created_at: Generated<Date>; expires_at: Date; used_at: Date | null };
  password_reset_mails: {
    id: string;
    user_id: string;
    requested_at: Date;
    attempts: Generated<number>;
    next_attempt_at: Date;
    sent_at: Date | null;
    /** Set when the mail had all its attempts and was given up. */
    failed_at: Date | null;
    last_error: string | null;
  };
  /** Single-use invitation links: only the token's hash, stored once the mail left. */
  invitations: {
    token_hash: string;
    user_id: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    /** Set when a newer link replaced it, or the account was deactivated. */
    revoked_at: Date | null;
  };
  /** Invitation mails waiting to be sent (an outbox for mail, like password_reset_mails). */
  invitation_mails: {
    id: string;
    user_id: string;
    requested_at: Date;
    /** When the link this mail carries stops working (7 days from the request). */
    expires_at: Date;
    attempts: Generated<number>;
    next_attempt_at: Date;
    sent_at: Date | null;
    failed_at: Date | null;
    /** Set when a newer invitation replaced it before it was sent, or the account stopped being invited. */
    cancelled_at: Date | null;
    last_error: string | null;
  };
  login_failures: { id: Generated<number>; key: string; at: Generated<Date> };
  signing_keys: { kid: string; private_jwk: unknown; public_jwk: unknown; created_at: Generated<Date> };
  enquiries: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    gym_name: string | null;
    city: string | null;
    topic: ContactBody['topic'];
    message: string;
    ip: string;
    user_agent: string | null;
    created_at: Generated<Date>;
  };
}
