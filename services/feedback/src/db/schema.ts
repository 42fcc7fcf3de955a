import type { KitTables } from '@akhada/kit';

/** This service's copy of each member (from the members service's events; newer events win). */
export interface MembersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  membership_type: string;
  trainer_id: string | null;
  status: string;
  updated_at: Date;
}

/** This service's copy of each trainer (from the trainers service's events). */
export interface TrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  status: string;
  updated_at: Date;
}

/** Owners and admins (from auth.user_registered): whom a ticket may be assigned to and who responded. */
export interface StaffTable {
  id: string;
  org_id: string;
  role: 'owner' | 'admin';
  first_name: string;
  last_name: string;
}

/** The organization's secret for authors' keyed hashes (made with its first ticket or survey answer). */
export interface AuthorSecretsTable {
  org_id: string;
  secret: string;
}

export interface ResponseJson {
  message: string;
  byId: string;
  byName: string;
  at: string;
}

/**
 * The tickets read table (projection of the ticket streams). `author_id` and `author_name` are null for anonymous
 * tickets; `author_key` (a keyed hash) finds the author's own tickets and counts them for the rate limit.
 */
export interface FeedbackTable {
  id: string;
  org_id: string;
  location_id: string;
  type: string;
  rating: number;
  title: string;
  description: string;
  complaint_category: string | null;
  priority: string | null;
  is_anonymous: boolean;
  emoji: string | null;
  tags: string[];
  status: string;
  author_id: string | null;
  author_name: string | null;
  author_key: string;
  trainer_id: string | null;
  assigned_to: string | null;
  responses: ResponseJson[];
  first_responded_at: Date | null;
  settled_at: Date | null;
  resolved_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The latest rating figure published per trainer (its version grows with each publication). */
export interface TrainerRatingsTable {
  trainer_id: string;
  org_id: string;
  version: number;
}

export interface SurveysTable {
  id: string;
  org_id: string;
  title: string;
  description: string;
  type: string;
  questions: unknown;
  audience: unknown;
  starts_on: string;
  ends_on: string;
  is_anonymous: boolean;
  is_active: boolean;
  total_responses: number;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** One member's answers; `respondent_key` (keyed hash) is unique per survey, `member_id` is null for anonymous surveys. */
export interface SurveyResponsesTable {
  id: string;
  org_id: string;
  survey_id: string;
  respondent_key: string;
  member_id: string | null;
  answers: unknown;
  submitted_at: Date;
}

export interface FeedbackDb extends KitTables {
  members: MembersTable;
  trainers: TrainersTable;
  staff: StaffTable;
  author_secrets: AuthorSecretsTable;
  feedback: FeedbackTable;
  trainer_ratings: TrainerRatingsTable;
  surveys: SurveysTable;
  survey_responses: SurveyResponsesTable;
}
