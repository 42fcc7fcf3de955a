import type { MembershipStatus, MembershipType, PaymentFrequency } from '@akhada/contracts';
import type { KitTables } from '@akhada/kit';

/** The members read table: one row per member, projected inline from the membership streams. */
export interface MembersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  membership_type: MembershipType;
  /** The stored status; "expired by date" is decided at query time from end_date and today. */
  membership_status: MembershipStatus;
  payment_frequency: PaymentFrequency;
  /** Integer paise. */
  fee_paise: number;
  /** Calendar dates 'YYYY-MM-DD' (the kit reads `date` columns as strings). */
  start_date: string;
  end_date: string;
  date_of_birth: string | null;
  gender: 'male' | 'female' | 'other' | null;
  registered_at: Date;
  /** Stream version of the membership this row reflects; upserts only move it forward. */
  version: number;
}

export interface MembersDb extends KitTables {
  members: MembersTable;
}
