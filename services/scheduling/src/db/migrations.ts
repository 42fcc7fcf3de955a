import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters, directory) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_scheduling': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('class_types')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .addColumn('default_capacity', 'integer', (c) => c.notNull())
        .addColumn('default_trainer_id', 'uuid')
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('plans', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('drop_in_price_paise', 'integer')
        .addColumn('archived_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create unique index class_types_name_key on class_types (org_id, lower(name)) where archived_at is null`.execute(db);

      await db.schema
        .createTable('settings')
        .addColumn('location_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('opens_days_before', 'integer', (c) => c.notNull())
        .addColumn('closes_minutes_before', 'integer', (c) => c.notNull())
        .addColumn('late_cancel_minutes', 'integer', (c) => c.notNull())
        .addColumn('confirm_minutes', 'integer', (c) => c.notNull())
        .addColumn('no_show_limit', 'integer', (c) => c.notNull())
        .addColumn('no_show_pause_days', 'integer', (c) => c.notNull())
        .addColumn('allowances', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('series')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('class_type_id', 'uuid', (c) => c.notNull())
        .addColumn('weekdays', 'jsonb', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('until_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('classes')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('class_type_id', 'uuid', (c) => c.notNull())
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('series_id', 'uuid')
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('trainer_id', 'uuid')
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('waitlisted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('classes_location_start_idx').on('classes').columns(['location_id', 'starts_at']).execute();
      await db.schema.createIndex('classes_series_start_idx').on('classes').columns(['series_id', 'starts_at']).execute();
      await sql`create index classes_open_end_idx on classes (ends_at) where status = 'scheduled'`.execute(db);

      await db.schema
        .createTable('bookings')
        .addColumn('class_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('offer_expires_at', 'timestamptz')
        .addColumn('late', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('since', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('bookings_pkey', ['class_id', 'member_id'])
        .execute();
      await db.schema.createIndex('bookings_member_start_idx').on('bookings').columns(['member_id', 'starts_at']).execute();
      await sql`create index bookings_offers_idx on bookings (offer_expires_at) where status = 'offered'`.execute(db);

      await db.schema
        .createTable('members')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('membership_type', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0002_trainers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trainers')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0003_calendar_feeds': {
    /** A member's private calendar link: the hash of its token (the token itself is shown once, never kept). */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('member_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0004_appointments': {
    /**
     * Personal training: each trainer's weekly hours (from trainers.schedule_changed), the appointments read table
     * (streams appointment-<id>, projected inline), whether a location lets members book any of its trainers, and
     * each member's assigned trainer in this service's copy of members.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trainer_hours')
        .addColumn('trainer_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('weekly_slots', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('appointments')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('trainer_id', 'uuid', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('late', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('booked_by', 'uuid', (c) => c.notNull())
        .addColumn('cancelled_by', 'uuid')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('appointments_trainer_start_idx').on('appointments').columns(['trainer_id', 'starts_at']).execute();
      await db.schema.createIndex('appointments_member_start_idx').on('appointments').columns(['member_id', 'starts_at']).execute();
      await db.schema.createIndex('appointments_location_start_idx').on('appointments').columns(['location_id', 'starts_at']).execute();
      await sql`create index appointments_open_end_idx on appointments (ends_at) where status = 'booked'`.execute(db);

      await sql`alter table settings add column pt_any_trainer boolean not null default false`.execute(db);
      await sql`alter table members add column trainer_id uuid`.execute(db);
    },
  },
  '0005_packs': {
    /**
     * Session packs: the organization's pack types; each purchase (sold at the desk or bought online through the
     * purchase pipeline); each member's credits per paid pack (sessions, used, expiry, revoked on a refund) and the
     * sessions that used them (one row per appointment: counted once); and whether a late cancel or a no-show uses a
     * credit at a location (default: both do).
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pack_types')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sessions', 'integer', (c) => c.notNull())
        .addColumn('validity_days', 'integer', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('archived_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create unique index pack_types_name_key on pack_types (org_id, lower(name))`.execute(db);

      await db.schema
        .createTable('pack_purchases')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('pack_type_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sessions', 'integer', (c) => c.notNull())
        .addColumn('validity_days', 'integer', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'uuid')
        .addColumn('requested_by', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('paid_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('pack_purchases_member_idx').on('pack_purchases').columns(['member_id', 'created_at']).execute();

      await db.schema
        .createTable('pack_credits')
        .addColumn('purchase_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sessions', 'integer', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('pack_credits_member_idx').on('pack_credits').columns(['member_id', 'expires_at']).execute();

      await db.schema
        .createTable('pack_usages')
        .addColumn('appointment_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('purchase_id', 'uuid')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pack_usages_member_idx').on('pack_usages').columns(['member_id', 'at']).execute();

      await sql`alter table settings add column pack_late_cancel_uses boolean not null default true`.execute(db);
      await sql`alter table settings add column pack_no_show_uses boolean not null default true`.execute(db);
    },
  },
  '0006_events': {
    /** One-off events (streams event-<id>) and their tickets: read tables projected inline. `events` is the kit's event store, hence gym_events. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gym_events')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('online_url', 'text')
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cancel_reason', 'text')
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gym_events_org_start_idx').on('gym_events').columns(['org_id', 'starts_at']).execute();
      await sql`create index gym_events_open_end_idx on gym_events (ends_at) where status = 'published'`.execute(db);

      await db.schema
        .createTable('event_tickets')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('hold_until', 'timestamptz')
        .addColumn('refund', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
        .addColumn('attended_at', 'timestamptz')
        .addPrimaryKeyConstraint('event_tickets_pkey', ['event_id', 'member_id'])
        .execute();
      await db.schema.createIndex('event_tickets_member_start_idx').on('event_tickets').columns(['member_id', 'starts_at']).execute();
      await sql`create index event_tickets_holds_idx on event_tickets (hold_until) where status = 'pending'`.execute(db);
    },
  },
  '0007_ticket_purchases': {
    /**
     * Paid tickets through the purchase pipeline: a purchase per paid ticket taken (projected from the event's stream;
     * its payment and money learnt from payments' events), and on the ticket the purchase and payment it is paid with.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ticket_purchases')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ticket_purchases_event_member_idx').on('ticket_purchases').columns(['event_id', 'member_id']).execute();
      await db.schema.alterTable('event_tickets').addColumn('purchase_id', 'uuid').addColumn('payment_id', 'uuid').execute();
      await sql`create index event_tickets_purchase_idx on event_tickets (purchase_id) where purchase_id is not null`.execute(db);
      await sql`create index pack_purchases_open_idx on pack_purchases (created_at) where status in ('requested', 'pending') and method = 'online'`.execute(db);
    },
  },
};
