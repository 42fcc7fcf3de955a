import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Unique per organization among trainers not archived, whatever the case; the constraint name is how the app recognises it. */
export const TRAINER_EMAIL_UNIQUE = 'trainers_org_email_uq';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_trainers_read_tables': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trainers')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('specialization', sql`text[]`, (c) => c.notNull())
        .addColumn('experience', 'integer', (c) => c.notNull().check(sql`experience >= 0`))
        .addColumn('hourly_rate_paise', 'bigint', (c) => c.notNull().check(sql`hourly_rate_paise >= 0`))
        .addColumn('max_clients', 'integer', (c) => c.notNull().check(sql`max_clients between 1 and 50`))
        .addColumn('is_available', 'boolean', (c) => c.notNull())
        .addColumn('bio', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'pending', 'archived')`))
        .addColumn('account_status', 'text', (c) => c.notNull().check(sql`account_status in ('invited', 'active', 'failed', 'none')`))
        .addColumn('joined_with_code', 'boolean', (c) => c.notNull())
        .addColumn('weekly_slots', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`create unique index ${sql.id(TRAINER_EMAIL_UNIQUE)} on trainers (org_id, lower(email)) where status <> 'archived'`.execute(db);
      await sql`create index trainers_org_location_idx on trainers (org_id, location_id, created_at desc, id desc)`.execute(db);

      await db.schema
        .createTable('trainer_certifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('trainer_id', 'uuid', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('issuing_organization', 'text', (c) => c.notNull())
        .addColumn('issue_date', 'date', (c) => c.notNull())
        .addColumn('expiry_date', 'date')
        .execute();
      await db.schema.createIndex('trainer_certifications_trainer_idx').on('trainer_certifications').column('trainer_id').execute();
      await sql`create index trainer_certifications_expiry_idx on trainer_certifications (expiry_date) where expiry_date is not null`.execute(db);

      await db.schema
        .createTable('trainer_sessions')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('trainer_id', 'uuid', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('member_name', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .addColumn('notes', 'text')
        .execute();
      await db.schema.createIndex('trainer_sessions_trainer_idx').on('trainer_sessions').columns(['trainer_id', 'starts_at']).execute();

      await db.schema
        .createTable('trainer_clients')
        .addColumn('member_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('membership_status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('membership_end_date', 'date')
        .addColumn('trainer_id', 'uuid')
        .addColumn('assigned_at', 'timestamptz')
        .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await sql`create index trainer_clients_trainer_idx on trainer_clients (trainer_id, assigned_at desc) where trainer_id is not null and not archived`.execute(
        db,
      );

      await db.schema
        .createTable('certification_expiry_notices')
        .addColumn('certification_id', 'uuid', (c) => c.notNull())
        .addColumn('expiry_date', 'date', (c) => c.notNull())
        .addColumn('trainer_id', 'uuid', (c) => c.notNull())
        .addColumn('noticed_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('certification_expiry_notices_pk', ['certification_id', 'expiry_date'])
        .execute();
    },
  },
  '0002_trainer_earnings': {
    // Payments to trainers (salary, commission, bonus, incentive) from the payments service's events, net of refunds.
    async up(db: Kysely<unknown>) {
      await sql`create table trainer_earnings (
        payment_id uuid primary key,
        org_id uuid not null,
        trainer_id uuid not null,
        type text not null,
        amount_paise bigint not null,
        paid_on date not null,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create index trainer_earnings_trainer_idx on trainer_earnings (trainer_id, paid_on)`.execute(db);
    },
  },
  '0003_trainer_ratings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trainer_ratings')
        .addColumn('trainer_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('average', 'double precision', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('as_of_version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  /** The trainer's profile picture (auth.user_avatar_changed), shown in the lists and on the record. */
  '0004_trainer_avatar': {
    async up(db: Kysely<unknown>) {
      await sql`alter table trainers add column avatar_url text`.execute(db);
    },
  },
  /**
   * Personal training moved to scheduling: the trainer's appointments as scheduling's events tell them (the schedule's
   * sessions and the earnings' delivered sessions), replacing the sessions this service used to book itself.
   */
  '0005_trainer_appointments': {
    async up(db: Kysely<unknown>) {
      await sql`drop table trainer_sessions`.execute(db);
      await sql`create table trainer_appointments (
        id uuid primary key,
        org_id uuid not null,
        trainer_id uuid not null,
        member_id uuid not null,
        location_id uuid not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        local_date date not null,
        status text not null,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create index trainer_appointments_trainer_idx on trainer_appointments (trainer_id, starts_at)`.execute(db);
      await sql`create index trainer_appointments_delivered_idx on trainer_appointments (trainer_id, local_date) where status = 'attended'`.execute(db);
    },
  },
};
