import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';

/** Class types of an organization (a plain table: no other service needs their history). */
export interface ClassTypesTable {
  id: string;
  org_id: string;
  name: string;
  description: string;
  category: string;
  duration_minutes: number;
  default_capacity: number;
  default_trainer_id: string | null;
  colour: string;
  /** Membership types that may book ([] = every plan), jsonb. */
  plans: string[];
  drop_in_price_paise: number | null;
  archived_at: Date | null;
  updated_at: Date;
}

/** A location's booking rules (a row once staff change the defaults). */
export interface SettingsTable {
  location_id: string;
  org_id: string;
  opens_days_before: number;
  closes_minutes_before: number;
  late_cancel_minutes: number;
  confirm_minutes: number;
  no_show_limit: number;
  no_show_pause_days: number;
  /** { basic: 8, vip: null, … } jsonb; a plan left out is unlimited. */
  allowances: Record<string, number | null>;
  updated_at: Date;
  /** Personal training (0004): members may book any trainer of the location, not only their assigned one. */
  pt_any_trainer: Generated<boolean>;
  /** Session packs (0005): a late cancel / a no-show uses one of the member's credits. */
  pack_late_cancel_uses: Generated<boolean>;
  pack_no_show_uses: Generated<boolean>;
}

/** A recurring class as staff made it; its classes are streams of their own (class-<id>). */
export interface SeriesTable {
  id: string;
  org_id: string;
  location_id: string;
  class_type_id: string;
  weekdays: number[];
  start_time: string;
  from_date: string;
  until_date: string;
  created_at: Date;
}

/** Read table of the class occurrences (projected inline from their streams). */
export interface ClassesTable {
  id: string;
  org_id: string;
  location_id: string;
  class_type_id: string;
  class_name: string;
  series_id: string | null;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  trainer_id: string | null;
  room: string;
  status: string;
  booked: number;
  waitlisted: number;
  version: number;
}

/** Read table of each member's place in each class (projected inline). */
export interface BookingsTable {
  class_id: string;
  member_id: string;
  org_id: string;
  location_id: string;
  starts_at: Date;
  status: string;
  /** Order of joining the waitlist: the global position of the event that put them there. */
  seq: string;
  offer_expires_at: Date | null;
  late: boolean;
  since: Date;
}

/** This service's copy of members (from the members topic; read through to members on a miss). */
/** A member's calendar feed (0003): the SHA-256 of the token in their private link. */
export interface CalendarFeedsTable {
  member_id: string;
  org_id: string;
  token_hash: string;
  created_at: Date;
}

export interface MembersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  status: string;
  membership_type: string;
  end_date: string | null;
  /** Their assigned trainer (0004), from members' trainer events. */
  trainer_id: Generated<string | null>;
  updated_at: Date;
}

/** This service's copy of trainers (from the trainers topic; read through to trainers on a miss). */
export interface TrainersTable {
  id: string;
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  status: string;
  updated_at: Date;
}

/** Read table of the one-off events (0006, projected inline from their streams; `events` is the kit's event store). */
export interface GymEventsTable {
  id: string;
  org_id: string;
  location_id: string;
  title: string;
  description: string;
  kind: string;
  online_url: string | null;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  price_paise: number;
  status: string;
  cancel_reason: string | null;
  /** Places held: pending, confirmed and attended tickets. */
  taken: number;
  version: number;
}

/** Read table of each member's ticket for each event (0006, projected inline). */
export interface EventTicketsTable {
  event_id: string;
  member_id: string;
  org_id: string;
  location_id: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  price_paise: number;
  hold_until: Date | null;
  /** none | due | refunded */
  refund: string;
  taken_at: Date;
  attended_at: Date | null;
  /** A paid ticket's purchase and its payment (0007). */
  purchase_id: Generated<string | null>;
  payment_id: Generated<string | null>;
}

/**
 * A paid ticket's purchase (0007): requested (sent to payments), pending (its payment made, unpaid), paid,
 * cancelled (unpaid, given up), refund_requested, refunded.
 */
export interface TicketPurchasesTable {
  id: string;
  org_id: string;
  location_id: string;
  event_id: string;
  member_id: string;
  price_paise: number;
  status: string;
  payment_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Each trainer's weekly working hours (0004, from trainers.schedule_changed; the newest event wins). */
export interface TrainerHoursTable {
  trainer_id: string;
  org_id: string;
  location_id: string;
  /** [{ dayOfWeek 0 = Sunday … 6, startTime 'HH:MM', endTime 'HH:MM' }] in the location's time zone, jsonb. */
  weekly_slots: { dayOfWeek: number; startTime: string; endTime: string }[];
  updated_at: Date;
}

/** Read table of the personal-training appointments (0004, projected inline from their streams). */
export interface AppointmentsTable {
  id: string;
  org_id: string;
  location_id: string;
  member_id: string;
  trainer_id: string;
  starts_at: Date;
  ends_at: Date;
  /** booked | cancelled | attended | no_show */
  status: string;
  late: boolean;
  booked_by: string;
  cancelled_by: string | null;
  version: number;
}

export interface SchedulingDb extends KitTables {
  trainer_hours: TrainerHoursTable;
  appointments: AppointmentsTable;
  trainers: TrainersTable;
  class_types: ClassTypesTable;
  settings: SettingsTable;
  series: SeriesTable;
  classes: ClassesTable;
  bookings: BookingsTable;
  members: MembersTable;
  calendar_feeds: CalendarFeedsTable;
  gym_events: GymEventsTable;
  event_tickets: EventTicketsTable;
  ticket_purchases: TicketPurchasesTable;
  pack_types: PackTypesTable;
  pack_purchases: PackPurchasesTable;
  pack_credits: PackCreditsTable;
  pack_usages: PackUsagesTable;
}

/** Session packs (0005). Money integer paise. */
export interface PackTypesTable {
  id: string;
  org_id: string;
  name: string;
  sessions: number;
  validity_days: number;
  price_paise: number;
  archived_at: Date | null;
  updated_at: Date;
}
export interface PackPurchasesTable {
  id: string;
  org_id: string;
  location_id: string;
  member_id: string;
  pack_type_id: string;
  name: string;
  sessions: number;
  validity_days: number;
  price_paise: number;
  method: string;
  /** pending (online, unpaid), paid, cancelled, refunded. */
  status: string;
  payment_id: string | null;
  requested_by: string;
  created_at: Date;
  paid_at: Date | null;
}
export interface PackCreditsTable {
  purchase_id: string;
  org_id: string;
  location_id: string;
  member_id: string;
  name: string;
  sessions: number;
  used: Generated<number>;
  granted_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}
export interface PackUsagesTable {
  appointment_id: string;
  org_id: string;
  member_id: string;
  /** null: no credit was left (the session went ahead uncovered). */
  purchase_id: string | null;
  reason: string;
  at: Date;
}
