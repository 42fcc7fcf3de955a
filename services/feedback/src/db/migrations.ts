import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_examples': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('examples')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('examples_org_idx').on('examples').column('org_id').execute();
    },
  },
  '0002_feedback_tables': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('examples').ifExists().execute();
      await sql`
        create table members (
          id uuid primary key, org_id uuid not null, location_id uuid not null, first_name text not null, last_name text not null,
          membership_type text not null default 'basic', trainer_id uuid, status text not null, updated_at timestamptz not null
        );
        create index members_org_idx on members (org_id, location_id);
        create table trainers (
          id uuid primary key, org_id uuid not null, location_id uuid not null, first_name text not null, last_name text not null,
          status text not null, updated_at timestamptz not null
        );
        create index trainers_org_idx on trainers (org_id);
        create table staff (id uuid primary key, org_id uuid not null, role text not null, first_name text not null, last_name text not null);
        create index staff_org_idx on staff (org_id);
        create table author_secrets (org_id uuid primary key, secret text not null);
        create table feedback (
          id uuid primary key, org_id uuid not null, location_id uuid not null, type text not null, rating int not null,
          title text not null, description text not null, complaint_category text, priority text, is_anonymous boolean not null,
          emoji text, tags jsonb not null default '[]', status text not null, author_id uuid, author_name text, author_key text not null,
          trainer_id uuid, assigned_to uuid, responses jsonb not null default '[]', first_responded_at timestamptz,
          settled_at timestamptz, resolved_at timestamptz, archived_at timestamptz, created_at timestamptz not null,
          updated_at timestamptz not null, version int not null,
          constraint feedback_anonymous_has_no_author check (not is_anonymous or (author_id is null and author_name is null))
        );
        create index feedback_org_created_idx on feedback (org_id, created_at desc);
        create index feedback_author_idx on feedback (author_key, created_at desc);
        create index feedback_trainer_idx on feedback (trainer_id) where trainer_id is not null;
        create table trainer_ratings (trainer_id uuid primary key, org_id uuid not null, version int not null);
        create table surveys (
          id uuid primary key, org_id uuid not null, title text not null, description text not null, type text not null,
          questions jsonb not null, audience jsonb not null, starts_on date not null, ends_on date not null,
          is_anonymous boolean not null, is_active boolean not null, total_responses int not null default 0,
          archived_at timestamptz, created_at timestamptz not null, updated_at timestamptz not null
        );
        create index surveys_org_idx on surveys (org_id, created_at desc);
        create table survey_responses (
          id uuid primary key, org_id uuid not null, survey_id uuid not null references surveys (id), respondent_key text not null,
          member_id uuid, answers jsonb not null, submitted_at timestamptz not null,
          constraint survey_responses_once unique (survey_id, respondent_key)
        );
      `.execute(db);
    },
  },
};
