import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';
import type { ContactBody, PlanId, Role } from '@akhada/contracts';

export interface AuthDb extends KitTables {
  organizations: { id: string; name: string; plan: PlanId; trial_ends_at: Date | null; join_code: string; created_at: Generated<Date> };
  locations: { id: string; org_id: string; name: string; city: string; timezone: string; created_at: Generated<Date> };
  users: {
    id: string;
    org_id: string;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    phone: string;
    role: Role;
    date_of_birth: string | null;
    gender: 'male' | 'female' | 'other' | null;
    address: unknown;
    emergency_contact: unknown;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  user_locations: { user_id: string; location_id: string };
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
