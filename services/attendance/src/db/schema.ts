import type { KitTables } from '@akhada/kit';
import type { TermDates } from '../domain/membership/admission.ts';

/** Attendance sessions (projection of the session streams). status: active | completed | late (auto-closed). */
export interface SessionsTable {
  id: string;
  org_id: string;
  location_id: string;
  type: 'member' | 'trainer';
  person_id: string;
  first_name: string;
  last_name: string;
  email: string;
  trainer_id: string | null;
  trainer_first_name: string | null;
  trainer_last_name: string | null;
  trainer_email: string | null;
  check_in_time: Date;
  check_out_time: Date | null;
  duration: number | null;
  workout_type: string;
  status: 'active' | 'completed' | 'late';
  notes: string;
  check_in_method: string;
  check_out_method: string | null;
  auto_closed: boolean;
}

/** This service's copy of each member's state, from the members service's events (newer events win). */
export interface MembersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** active | pending | frozen | expired | cancelled | archived */
  status: string;
  /** The latest term's dates. */
  start_date: string | null;
  end_date: string | null;
  /** Every term (jsonb, oldest first): the current term stays valid until it ends; a renewal adds the next one. */
  terms: TermDates[];
  /** The first frozen day while frozen (the unfreeze moves the terms from it). */
  frozen_from: string | null;
  updated_at: Date;
}

/** Trainers (names and status) from the trainers service's events. */
export interface TrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  updated_at: Date;
}

/** One HMAC key per organization for the members' QR codes, made on first use. */
export interface QrKeysTable {
  org_id: string;
  secret: string;
  created_at: Date;
}

/** Signatures of QR codes already used to check in: a code checks in once. */
export interface QrUsesTable {
  org_id: string;
  signature: string;
  attendance_id: string;
  used_at: Date;
}

/** Low-attendance alerts raised: one per member per absence (keyed by the last visit before it). */
export interface LowAttendanceAlertsTable {
  member_id: string;
  last_visit: Date;
  detected_at: Date;
}

/** Trial passes enquiries issued to leads (enquiries.trial_pass_issued): checked at the desk without asking enquiries. */
export interface TrialPassesTable {
  id: string;
  org_id: string;
  location_id: string;
  lead_id: string;
  name: string;
  phone: string;
  /** "TP-ABCDE-FGHJK" (normalized). */
  code: string;
  valid_from: Date;
  valid_until: Date;
  /** First and last covered days in the location's calendar. */
  first_day: string;
  last_day: string;
}

/** Leads' visits on trial passes (projection of the trial-pass streams). */
export interface TrialVisitsTable {
  id: string;
  pass_id: string;
  org_id: string;
  location_id: string;
  lead_id: string;
  name: string;
  visit_time: Date;
  check_in_method: string;
  visit_number: number;
}

/**
 * A member's payment as payments last told it (payments.payment_* events): unpaid while status is pending or failed.
 * Completed, cancelled and refunded are final here: a late, older event never makes one owed again.
 */
export interface MemberDuesTable {
  payment_id: string;
  org_id: string;
  location_id: string;
  member_id: string;
  /** The payment type (membership_fee, membership_renewal, …). */
  type: string;
  status: string;
  total_paise: number;
  due_date: string | null;
  /** The event's occurredAt: an older event never overwrites a newer one. */
  updated_at: Date;
}

/** A location's entry rule from auth.location_updated: refuse check-in when a payment is overdue by more than N days. */
export interface LocationEntryRulesTable {
  location_id: string;
  org_id: string;
  refuse_overdue_days: number | null;
  updated_at: Date;
}

export interface AttendanceDb extends KitTables {
  member_dues: MemberDuesTable;
  location_entry_rules: LocationEntryRulesTable;
  trial_passes: TrialPassesTable;
  trial_visits: TrialVisitsTable;
  low_attendance_alerts: LowAttendanceAlertsTable;
  sessions: SessionsTable;
  members: MembersTable;
  trainers: TrainersTable;
  qr_keys: QrKeysTable;
  qr_uses: QrUsesTable;
}
