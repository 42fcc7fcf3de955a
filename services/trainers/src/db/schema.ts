import type { AccountStatus, Specialization, TrainerStatus } from '@akhada/contracts';
import type { KitTables } from '@akhada/kit';
import type { ColumnType } from 'kysely';
import type { WeeklySlot } from '../domain/trainer/schedule.ts';

/** The trainers read table: one row per trainer, projected inline from the trainer streams (account_status from auth's events). */
export interface TrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  specialization: Specialization[];
  experience: number;
  /** Integer paise per hour. */
  hourly_rate_paise: number;
  max_clients: number;
  is_available: boolean;
  bio: string;
  status: TrainerStatus;
  account_status: AccountStatus;
  joined_with_code: boolean;
  /** jsonb: written as a JSON string. */
  weekly_slots: ColumnType<WeeklySlot[], string, string>;
  created_at: Date;
  /** Stream version this row reflects; projections only move it forward. */
  version: number;
  /** Their profile picture's address from auth.user_avatar_changed (not from the trainer stream: kept across a rebuild). */
  avatar_url: string | null;
}

export interface TrainerCertificationsTable {
  id: string;
  trainer_id: string;
  org_id: string;
  name: string;
  issuing_organization: string;
  /** 'YYYY-MM-DD'. */
  issue_date: string;
  expiry_date: string | null;
}

/** The trainer's personal-training appointments, from scheduling's appointment events (the newest event wins). */
export interface TrainerAppointmentsTable {
  id: string;
  org_id: string;
  trainer_id: string;
  member_id: string;
  location_id: string;
  starts_at: Date;
  ends_at: Date;
  /** The start's day in the location's calendar ('YYYY-MM-DD'): earnings count delivered sessions by it. */
  local_date: string;
  /** booked | cancelled | attended | no_show */
  status: string;
  updated_at: Date;
}

/** The members service's members as trainers needs them (client lists and counts), from members' events. */
export interface TrainerClientsTable {
  member_id: string;
  org_id: string;
  location_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  membership_status: string;
  membership_end_date: string | null;
  trainer_id: string | null;
  assigned_at: Date | null;
  archived: boolean;
}

/** One row per certification and expiry date already announced: the scheduled job raises each once, on any instance. */
export interface CertificationExpiryNoticesTable {
  certification_id: string;
  expiry_date: string;
  trainer_id: string;
  noticed_at: Date;
}

/** What a trainer was paid (from payments.payment_completed / payment_refunded), integer paise net of refunds. */
export interface TrainerEarningsTable {
  payment_id: string;
  org_id: string;
  trainer_id: string;
  type: string;
  amount_paise: number | string;
  paid_on: string;
  updated_at: Date;
}

/** Each trainer's rating as the feedback service last published it (feedback.trainer_rating_changed; the newest version wins). */
export interface TrainerRatingsTable {
  trainer_id: string;
  org_id: string;
  average: number;
  count: number;
  as_of_version: number;
}

export interface TrainersDb extends KitTables {
  trainer_earnings: TrainerEarningsTable;
  trainer_ratings: TrainerRatingsTable;
  trainers: TrainersTable;
  trainer_certifications: TrainerCertificationsTable;
  trainer_appointments: TrainerAppointmentsTable;
  trainer_clients: TrainerClientsTable;
  certification_expiry_notices: CertificationExpiryNoticesTable;
}
