import type { KitTables } from '@akhada/kit';

/**
 * The dashboard's read model, built only from other services' events. Facts are kept one row per event or entity
 * (keyed by their own ids), so applying them twice or out of order gives the same figures; the counts are read from
 * them at query time.
 */

/** Members and trainers as the search and the cards need them (the latest event wins, by occurred_at). */
export interface PeopleTable {
  id: string;
  kind: 'member' | 'trainer';
  org_id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** members: a MembershipStatus; trainers: a TrainerStatus. */
  status: string;
  membership_type: string | null;
  registered_at: Date;
  updated_at: Date;
}

/** Every status a member or trainer took, when (for "active members one month ago"). */
export interface StatusChangesTable {
  event_id: string;
  org_id: string;
  location_id: string;
  kind: 'member' | 'trainer';
  person_id: string;
  status: string;
  at: Date;
}

export interface CheckInsTable {
  attendance_id: string;
  org_id: string;
  location_id: string;
  person_id: string;
  type: 'member' | 'trainer';
  name: string;
  at: Date;
}

export interface PaymentsTable {
  id: string;
  org_id: string;
  location_id: string;
  member_id: string | null;
  member_name: string;
  invoice_number: string | null;
  /** The total (GST included), integer paise. */
  amount_paise: number;
  refunded_paise: number;
  /** member | trainer | expense | other: revenue counts member and other. */
  category: string;
  status: string;
  created_at: Date;
  /** When it was completed (revenue counts it then); null while not completed. */
  paid_at: Date | null;
  /** When it stopped being pending (completed, failed, cancelled, refunded); null while pending. */
  settled_at: Date | null;
  updated_at: Date;
}

/** Recent Activity lines: one per event worth showing. */
export interface ActivityTable {
  event_id: string;
  org_id: string;
  location_id: string | null;
  kind: 'payment' | 'member' | 'check_in';
  at: Date;
  person_id: string | null;
  name: string;
  amount_paise: number | null;
  detail: string | null;
}

/** The audit trail: one row per event of the organization. */
export interface AuditTable {
  event_id: string;
  org_id: string;
  location_id: string | null;
  area: 'members' | 'trainers' | 'attendance' | 'payments' | 'auth' | 'inventory' | 'scheduling';
  type: string;
  actor_id: string | null;
  subject_id: string;
  occurred_at: Date;
}

/** Names of users who act (owners and admins from auth; members and trainers from their own events). */
export interface ActorsTable {
  user_id: string;
  org_id: string;
  name: string;
}

export interface OrgVersionsTable {
  org_id: string;
  version: string;
}

/** Inventory items as inventory.item_state_changed last told (the Low Stock card and the equipment status). */
export interface InventoryItemsTable {
  item_id: string;
  org_id: string;
  location_id: string;
  category: string;
  status: string;
  condition: string;
  is_low_stock: boolean;
  archived: boolean;
  version: number;
}

/**
 * Classes on the timetable as scheduling's events told them (Today's Classes): one row per class, its counts moved by
 * the booking events (a class's events arrive in order, keyed by class; the inbox applies each once). The one place
 * offered from the waitlist is kept apart: scheduling publishes no event when an offer lapses, so it counts as taken
 * only until `offer_expires_at`.
 */
export interface ClassesTable {
  class_id: string;
  org_id: string;
  location_id: string;
  name: string;
  starts_at: Date;
  ends_at: Date;
  trainer_id: string | null;
  room: string;
  capacity: number;
  booked: number;
  waitlist: number;
  offer_member_id: string | null;
  offer_expires_at: Date | null;
  cancelled: boolean;
}

export interface DashboardDb extends KitTables {
  classes: ClassesTable;
  inventory_items: InventoryItemsTable;
  org_versions: OrgVersionsTable;
  people: PeopleTable;
  status_changes: StatusChangesTable;
  check_ins: CheckInsTable;
  payments: PaymentsTable;
  activity: ActivityTable;
  audit: AuditTable;
  actors: ActorsTable;
}

/** The read-model tables (what a rebuild empties and fills again). */
export const READ_MODEL_TABLES = ['people', 'status_changes', 'check_ins', 'payments', 'activity', 'audit', 'actors', 'inventory_items', 'classes'] as const;
