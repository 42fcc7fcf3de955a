import type { AccountStatus, MembershipStatus, MembershipType, PaymentFrequency, PaymentMethod, Specialization, TrainerStatus } from '@akhada/contracts';
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
  /** The current (latest) term's type, frequency, fee, method and dates; a pending member's: sign-up day, fee 0. */
  membership_type: MembershipType;
  /** The stored status; "expired by date" is decided at query time from end_date and today until the expiry job ran. */
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
  frozen_from: string | null;
  account_status: AccountStatus;
  joined_with_code: boolean;
  trainer_id: string | null;
  payment_method: PaymentMethod | null;
  archived_at: Date | null;
  /** Their profile picture's address from auth.user_avatar_changed (not from the membership stream: kept across a rebuild). */
  avatar_url: string | null;
  /**
   * Visits, from attendance's attendance.checked_in (not from the membership stream: kept across a rebuild): the
   * latest check-in's time and how many check-ins there were.
   */
  last_check_in: Date | null;
  total_workouts: number;
  /** Where the member came from (a lead source; a converted lead's), set at registration. */
  acquisition_source: string | null;
  /** The enquiries lead this member was converted from, set at registration. */
  enquiry_id: string | null;
  // search_text (generated: name, email, phone and its digits, lowercase) is read by the search through sql`search_text`.
}

/** One term of a membership (history kept), projected from MemberRegistered / MembershipRenewed / MembershipUnfrozen. */
export interface MembershipTermsTable {
  member_id: string;
  term_no: number;
  org_id: string;
  membership_type: MembershipType;
  payment_frequency: PaymentFrequency;
  payment_method: PaymentMethod | null;
  fee_paise: number;
  start_date: string;
  end_date: string;
  days_frozen: number;
  created_at: Date;
}

/** Body measurements (not event-sourced: a measurement is a record, not a state of the membership). */
export interface MeasurementsTable {
  id: string;
  org_id: string;
  member_id: string;
  measured_on: string;
  /** numeric columns come back as strings from pg. */
  weight_kg: number | string | null;
  body_fat_percent: number | string | null;
  chest_cm: number | string | null;
  waist_cm: number | string | null;
  arms_cm: number | string | null;
  notes: string | null;
  recorded_by_id: string;
  recorded_by_name: string;
  created_at: Date;
}

/** The trainers this service may assign, projected from the trainers service's events. */
export interface TrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  specialization: Specialization[];
  max_clients: number;
  is_available: boolean;
  status: TrainerStatus;
  /** occurredAt of the last event applied; older events change nothing. */
  updated_at: Date;
}

/** Membership payments of the payments service that became a term here (de-dup by payment id). */
export interface PaymentTermsTable {
  payment_id: string;
  org_id: string;
  member_id: string;
  created_at: Date;
}

export interface MembersDb extends KitTables {
  /** Whether trainers see a member's phone and email (auth.user_privacy_changed); no row: they do. */
  member_privacy: { member_id: string; contact_visible: boolean };
  /** The membership plans the gym sells (auth.membership_plans_changed, the whole list each time). */
  gym_plans: {
    id: string;
    org_id: string;
    name: string;
    type: MembershipType;
    duration_months: number;
    price_paise: string | number;
    gst_inclusive: boolean;
    position: number;
  };
  payment_terms: PaymentTermsTable;
  members: MembersTable;
  membership_terms: MembershipTermsTable;
  measurements: MeasurementsTable;
  trainers: TrainersTable;
  /** Each member's referral code (derived from their id, stored the first time they ask for it, so it can be looked up). */
  /** The rewards a member's referrals earned (ReferralRewarded), one per referred lead. */
  referral_rewards: {
    lead_id: string;
    org_id: string;
    member_id: string;
    referred_member_id: string;
    days: number;
    end_date: string;
    rewarded_at: Date;
  };
  /** The credits a member's referrals earned (ReferralCreditGranted), one per referred lead; payments spends them. */
  referral_credits: { lead_id: string; org_id: string; member_id: string; referred_member_id: string; credit_paise: number; granted_at: Date };
  /**
   * The gym's referral reward when a referred lead joins: free days added to the referrer's term and/or a credit off
   * their next membership payment (no row or 0: off).
   */
  referral_settings: { org_id: string; reward_days: number; reward_credit_paise: number; updated_at: Date };
}
