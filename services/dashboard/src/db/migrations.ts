import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Lowercase name, email, phone and its digits: what the search matches by substring (trigram index). */
const PEOPLE_SEARCH = `lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))`;
const PAYMENT_SEARCH = `lower(member_name || ' ' || coalesce(invoice_number, '') || ' ' || (amount_paise / 100)::text)`;

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_read_model': {
    async up(db: Kysely<unknown>) {
      await sql`create table people (
        id uuid primary key,
        kind text not null check (kind in ('member', 'trainer')),
        org_id uuid not null,
        location_id uuid not null,
        first_name text not null,
        last_name text not null,
        email text not null,
        phone text not null,
        status text not null,
        membership_type text,
        registered_at timestamptz not null,
        updated_at timestamptz not null,
        search_text text generated always as (${sql.raw(PEOPLE_SEARCH)}) stored,
        search_tsv tsvector generated always as (to_tsvector('simple', first_name || ' ' || last_name || ' ' || email)) stored
      )`.execute(db);
      await sql`create index people_org_kind_idx on people (org_id, kind, location_id, status)`.execute(db);
      await sql`select pg_advisory_xact_lock(hashtext('akhada.extension.pg_trgm'))`.execute(db);
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index people_search_trgm_idx on people using gin (search_text public.gin_trgm_ops)`.execute(db);
      await sql`create index people_search_tsv_idx on people using gin (search_tsv)`.execute(db);

      await sql`create table status_changes (
        event_id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        kind text not null,
        person_id uuid not null,
        status text not null,
        at timestamptz not null
      )`.execute(db);
      await sql`create index status_changes_person_idx on status_changes (org_id, kind, person_id, at desc)`.execute(db);

      await sql`create table check_ins (
        attendance_id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        person_id uuid not null,
        type text not null,
        name text not null,
        at timestamptz not null
      )`.execute(db);
      await sql`create index check_ins_org_loc_at_idx on check_ins (org_id, location_id, at)`.execute(db);

      await sql`create table payments (
        id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        member_id uuid,
        member_name text not null,
        invoice_number text,
        amount_paise integer not null,
        status text not null,
        created_at timestamptz not null,
        paid_at timestamptz,
        settled_at timestamptz,
        updated_at timestamptz not null,
        search_text text generated always as (${sql.raw(PAYMENT_SEARCH)}) stored
      )`.execute(db);
      await sql`create index payments_org_loc_idx on payments (org_id, location_id, paid_at)`.execute(db);
      await sql`create index payments_search_trgm_idx on payments using gin (search_text public.gin_trgm_ops)`.execute(db);

      await sql`create table activity (
        event_id uuid primary key,
        org_id uuid not null,
        location_id uuid,
        kind text not null,
        at timestamptz not null,
        person_id uuid,
        name text not null,
        amount_paise integer,
        detail text
      )`.execute(db);
      await sql`create index activity_org_kind_at_idx on activity (org_id, kind, at desc)`.execute(db);

      await sql`create table audit (
        event_id uuid primary key,
        org_id uuid not null,
        location_id uuid,
        area text not null,
        type text not null,
        actor_id uuid,
        subject_id text not null,
        occurred_at timestamptz not null
      )`.execute(db);
      await sql`create index audit_org_at_idx on audit (org_id, occurred_at desc, event_id)`.execute(db);

      await sql`create table actors (user_id uuid primary key, org_id uuid not null, name text not null)`.execute(db);
      // Bumped in every consumer transaction that changes an organization's figures: a cached overview is served only
      // while its organization's version is unchanged.
      await sql`create table org_versions (org_id uuid primary key, version bigint not null)`.execute(db);
    },
  },
  '0002_payment_category_refunds': {
    async up(db: Kysely<unknown>) {
      // Revenue is what members paid (category member or other; trainer salaries and expenses go out), less refunds.
      await sql`alter table payments add column category text not null default 'member', add column refunded_paise integer not null default 0`.execute(db);
    },
  },
  '0003_search_knn': {
    async up(db: Kysely<unknown>) {
      // Search ranks by trigram distance through a GiST index (k-nearest-neighbour: the best few matches come straight
      // from the index, however many rows match a common surname), and matches every word as a substring, so the
      // full-text column and the GIN indexes it replaces go.
      await sql`create index people_search_gist_idx on people using gist (search_text public.gist_trgm_ops)`.execute(db);
      await sql`create index payments_search_gist_idx on payments using gist (search_text public.gist_trgm_ops)`.execute(db);
      await sql`drop index people_search_trgm_idx, people_search_tsv_idx, payments_search_trgm_idx`.execute(db);
      await sql`alter table people drop column search_tsv`.execute(db);
    },
  },
  '0004_inventory_items': {
    async up(db: Kysely<unknown>) {
      await sql`create table inventory_items (
        item_id uuid primary key, org_id uuid not null, location_id uuid not null, category text not null, status text not null,
        condition text not null, is_low_stock boolean not null, archived boolean not null, version int not null
      )`.execute(db);
      await sql`create index inventory_items_org_idx on inventory_items (org_id, location_id)`.execute(db);
    },
  },
  '0005_search_signature': {
    async up(db: Kysely<unknown>) {
      // A row's search text holds 60-80 trigrams: the default GiST signature (12 bytes) is saturated at the inner pages,
      // so the scan could not skip subtrees without the words and read ~450 pages a search. 64 bytes lets it skip them:
      // on the 20,000-member bench the searches read about half the pages (e.g. a surname 438 → 198, an email 302 → 30).
      await sql`drop index people_search_gist_idx, payments_search_gist_idx`.execute(db);
      await sql`create index people_search_gist_idx on people using gist (search_text public.gist_trgm_ops(siglen = 64))`.execute(db);
      await sql`create index payments_search_gist_idx on payments using gist (search_text public.gist_trgm_ops(siglen = 64))`.execute(db);
    },
  },
  '0006_classes': {
    async up(db: Kysely<unknown>) {
      await sql`create table classes (
        class_id uuid primary key, org_id uuid not null, location_id uuid not null, name text not null,
        starts_at timestamptz not null, ends_at timestamptz not null, trainer_id uuid, room text not null,
        capacity int not null, booked int not null default 0, waitlist int not null default 0,
        offer_member_id uuid, offer_expires_at timestamptz, cancelled boolean not null default false
      )`.execute(db);
      await sql`create index classes_org_loc_start_idx on classes (org_id, location_id, starts_at)`.execute(db);
    },
  },
};
