import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';

/** One lead as staff see it (the projection of its stream, lead-<id>). */
export interface LeadsTable {
  id: string;
  org_id: string;
  location_id: string;
  name: string;
  phone: string;
  /** The number duplicates are found by (91 + 10 digits for an Indian mobile); unique within the organization. */
  phone_key: string;
  email: string | null;
  interest: string;
  source: string;
  preferred_time: string;
  notes: string;
  stage: string;
  lost_reason: string | null;
  owner_id: string | null;
  enquiries: number;
  consent_text: string | null;
  consent_at: Date | null;
  /** The latest offers-and-news consent given with an enquiry (its text) and when; null when never given. */
  marketing_consent_text: string | null;
  marketing_consent_at: Date | null;
  /** The member the lead became (members' member.created naming it). */
  member_id: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** A lead's timeline: one row per event of its stream. */
export interface LeadTimelineTable {
  lead_id: string;
  seq: number;
  at: Date;
  type: string;
  actor_id: string | null;
  stage: string | null;
  reason: string | null;
  source: string | null;
  owner_id: string | null;
  text: string | null;
}

export interface LeadFollowUpsTable {
  id: string;
  lead_id: string;
  org_id: string;
  kind: string;
  due_at: Date;
  note: string;
  assignee_id: string | null;
  done_at: Date | null;
  outcome: string | null;
}

/** A lead's trial passes (TrialPassIssued), with the visits attendance recorded on each. */
export interface LeadTrialPassesTable {
  id: string;
  lead_id: string;
  org_id: string;
  code: string;
  days: number;
  valid_from: Date;
  valid_until: Date;
  /** The last covered day in the location's calendar (YYYY-MM-DD). */
  last_day: string;
  issued_at: Date;
  visits: number;
}

/** A location's public enquiry form code (the link /enquire/<code>), kept by this service. */
export interface FormCodesTable {
  location_id: string;
  org_id: string;
  code: string;
  created_at: Date;
  /** enquiries.form_link_made was enqueued for it (in the transaction that set this). */
  announced: Generated<boolean>;
}

/** Public enquiries received, by address: the throttle's memory (5 an hour per address). */
export interface PublicEnquiriesTable {
  ip: string;
  received_at: Date;
}

/** The organization's staff (owners, admins, trainers) by name, from auth.user_registered: whom leads are given to. */
export interface StaffTable {
  id: string;
  org_id: string;
  first_name: string;
  last_name: string;
}

export interface EnquiriesDb extends KitTables {
  leads: LeadsTable;
  lead_timeline: LeadTimelineTable;
  lead_follow_ups: LeadFollowUpsTable;
  lead_trial_passes: LeadTrialPassesTable;
  form_codes: FormCodesTable;
  public_enquiries: PublicEnquiriesTable;
  staff: StaffTable;
}
