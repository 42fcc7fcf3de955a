import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters, directory) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_attendance': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('person_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('trainer_id', 'uuid')
        .addColumn('trainer_first_name', 'text')
        .addColumn('trainer_last_name', 'text')
        .addColumn('trainer_email', 'text')
        .addColumn('check_in_time', 'timestamptz', (c) => c.notNull())
        .addColumn('check_out_time', 'timestamptz')
        .addColumn('duration', 'integer')
        .addColumn('workout_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('check_in_method', 'text', (c) => c.notNull())
        .addColumn('check_out_method', 'text')
        .addColumn('auto_closed', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await sql`create index sessions_org_time_idx on sessions (org_id, location_id, check_in_time desc, id desc)`.execute(db);
      await sql`create index sessions_person_idx on sessions (person_id, check_in_time desc)`.execute(db);
      await sql`create index sessions_open_idx on sessions (check_in_time) where status = 'active'`.execute(db);
      await db.schema
        .createTable('members')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('start_date', 'date')
        .addColumn('end_date', 'date')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index members_org_idx on members (org_id, status)`.execute(db);
      await db.schema
        .createTable('trainers')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('qr_keys')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('qr_uses')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('attendance_id', 'uuid', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('qr_uses_pkey', ['org_id', 'signature'])
        .execute();
    },
  },
  '0002_low_attendance_alerts': {
    async up(db: Kysely<unknown>) {
      // One alert per member per absence: the key is the last visit the absence began after (epoch when never visited).
      await db.schema
        .createTable('low_attendance_alerts')
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('last_visit', 'timestamptz', (c) => c.notNull())
        .addColumn('detected_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('low_attendance_alerts_pkey', ['member_id', 'last_visit'])
        .execute();
    },
  },
  '0003_member_terms': {
    async up(db: Kysely<unknown>) {
      // Every term of a membership, so an early renewal (its term starting at the current one's end) keeps the current
      // term valid; a row of before keeps the one term its dates describe (termNo 0: not known).
      await sql`alter table members add column terms jsonb not null default '[]'::jsonb, add column frozen_from date`.execute(db);
      await sql`update members set terms = jsonb_build_array(jsonb_build_object('termNo', 0, 'startDate', start_date, 'endDate', end_date))
        where start_date is not null and end_date is not null`.execute(db);
    },
  },
  /** Trial passes from enquiries' events (looked up by code at the desk) and the leads' visits on them. */
  '0004_trial_passes': {
    async up(db: Kysely<unknown>) {
      await sql`create table trial_passes (
        id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        lead_id uuid not null,
        name text not null,
        phone text not null,
        code text not null,
        valid_from timestamptz not null,
        valid_until timestamptz not null,
        first_day date not null,
        last_day date not null,
        constraint trial_passes_org_code unique (org_id, code)
      )`.execute(db);
      await sql`create table trial_visits (
        id uuid primary key,
        pass_id uuid not null,
        org_id uuid not null,
        location_id uuid not null,
        lead_id uuid not null,
        name text not null,
        visit_time timestamptz not null,
        check_in_method text not null,
        visit_number integer not null
      )`.execute(db);
      await sql`create index trial_visits_org_time_idx on trial_visits (org_id, location_id, visit_time desc)`.execute(db);
    },
  },
  /**
   * Dues-aware entry (issue 28): this service's copy of members' membership payments from payments' events (what is
   * still owed and since when), and each location's rule from auth.location_updated (null: never refused for dues).
   */
  '0005_member_dues': {
    async up(db: Kysely<unknown>) {
      await sql`create table member_dues (
        payment_id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        member_id uuid not null,
        type text not null,
        status text not null,
        total_paise bigint not null,
        due_date date,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create index member_dues_open_idx on member_dues (org_id, member_id, due_date) where status in ('pending', 'failed')`.execute(db);
      await sql`create table location_entry_rules (
        location_id uuid primary key,
        org_id uuid not null,
        refuse_overdue_days integer,
        updated_at timestamptz not null
      )`.execute(db);
    },
  },
};
