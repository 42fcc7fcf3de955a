import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
/** Unique: a trainer's salary once per month; a member reminded once per day. */
export const SALARY_UNIQUE = 'payments_salary_month_uq';
export const REMINDER_UNIQUE = 'reminders_member_day_uq';
/** Unique: a Razorpay payment id belongs to one payment (of one organization). */
export const RAZORPAY_PAYMENT_UNIQUE = 'payments_razorpay_payment_uq';

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
  '0002_payments': {
    // The payments read table (projected inline from the payment streams), refunds, reminders, this service's copies
    // of members and trainers (from their events), Razorpay keys (encrypted), orders and webhook de-dup.
    async up(db: Kysely<unknown>) {
      await sql`create table payments (
        id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        category text not null check (category in ('member', 'trainer', 'expense', 'other')),
        type text not null,
        status text not null check (status in ('pending', 'completed', 'failed', 'refunded', 'cancelled', 'partially_refunded')),
        member_id uuid,
        trainer_id uuid,
        member_name text not null default '',
        trainer_name text not null default '',
        amount_paise bigint not null check (amount_paise >= 0),
        gst_paise bigint not null check (gst_paise >= 0),
        total_paise bigint not null check (total_paise >= 0),
        refunded_paise bigint not null default 0 check (refunded_paise >= 0),
        method text not null,
        description text not null,
        notes text not null default '',
        membership_type text,
        period_start date,
        period_end date,
        payment_frequency text,
        salary_month integer,
        salary_year integer,
        due_date date,
        paid_at timestamptz,
        source text not null,
        source_id text,
        razorpay_order_id text,
        razorpay_payment_id text,
        razorpay_link_id text,
        razorpay_link_url text,
        invoice_id uuid,
        invoice_number text,
        history jsonb not null default '[]',
        created_by_id uuid,
        created_by_name text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null,
        search_text text generated always as (lower(member_name || chr(1) || trainer_name || chr(1) || description || chr(1) || notes)) stored
      )`.execute(db);
      await sql`create index payments_org_created_idx on payments (org_id, created_at desc, id desc)`.execute(db);
      await sql`create index payments_org_paid_idx on payments (org_id, paid_at) where paid_at is not null`.execute(db);
      await sql`create index payments_member_idx on payments (member_id, created_at desc) where member_id is not null`.execute(db);
      await sql`create index payments_trainer_idx on payments (trainer_id, created_at desc) where trainer_id is not null`.execute(db);
      await sql`create index payments_pending_idx on payments (org_id, due_date) where status in ('pending', 'failed')`.execute(db);
      await sql`create unique index payments_source_uq on payments (org_id, source, source_id) where source_id is not null`.execute(db);
      // A trainer's salary once per month (cancelled ones do not count).
      await sql`create unique index ${sql.id(SALARY_UNIQUE)} on payments (trainer_id, salary_year, salary_month)
        where type = 'salary' and status <> 'cancelled'`.execute(db);
      await sql`select pg_advisory_xact_lock(hashtext('akhada.extension.pg_trgm'))`.execute(db);
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index payments_search_trgm_idx on payments using gin (search_text public.gin_trgm_ops)`.execute(db);

      await sql`create table refunds (
        id text primary key,
        org_id uuid not null,
        payment_id uuid not null,
        amount_paise bigint not null check (amount_paise > 0),
        reason text not null,
        status text not null,
        razorpay_refund_id text,
        created_by_id uuid,
        created_at timestamptz not null
      )`.execute(db);
      await sql`create index refunds_org_created_idx on refunds (org_id, created_at)`.execute(db);

      await sql`create table reminders (
        id uuid primary key,
        org_id uuid not null,
        payment_id uuid not null,
        member_id uuid not null,
        day date not null,
        sent_at timestamptz not null,
        sent_by_id uuid,
        payment_link_url text
      )`.execute(db);
      await sql`create unique index ${sql.id(REMINDER_UNIQUE)} on reminders (org_id, member_id, day)`.execute(db);

      await sql`create table pay_members (
        id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        first_name text not null,
        last_name text not null,
        email text not null,
        phone text not null,
        membership_type text not null,
        payment_frequency text not null,
        fee_paise bigint not null,
        start_date date not null,
        end_date date not null,
        status text not null,
        trainer_id uuid,
        locale text,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create index pay_members_org_end_idx on pay_members (org_id, end_date)`.execute(db);

      await sql`create table pay_trainers (
        id uuid primary key,
        org_id uuid not null,
        location_id uuid not null,
        first_name text not null,
        last_name text not null,
        email text not null,
        phone text not null,
        hourly_rate_paise bigint not null,
        status text not null,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create index pay_trainers_org_idx on pay_trainers (org_id)`.execute(db);

      await sql`create table razorpay_keys (
        org_id uuid primary key,
        key_id text not null,
        key_secret_enc text not null,
        key_secret_last4 text not null,
        webhook_secret_enc text,
        updated_by_id uuid not null,
        updated_at timestamptz not null
      )`.execute(db);
      await sql`create table razorpay_orders (
        order_id text primary key,
        org_id uuid not null,
        payment_id uuid not null,
        amount_paise bigint not null,
        link_id text,
        created_at timestamptz not null
      )`.execute(db);
      await sql`create index razorpay_orders_payment_idx on razorpay_orders (payment_id)`.execute(db);
      await sql`create unique index razorpay_orders_link_idx on razorpay_orders (link_id) where link_id is not null`.execute(db);
      await sql`create table razorpay_webhook_events (
        event_id text primary key,
        event text not null,
        org_id uuid,
        received_at timestamptz not null
      )`.execute(db);
      await sql`create index razorpay_webhook_events_received_idx on razorpay_webhook_events (received_at)`.execute(db);
    },
  },
  // ── Invoices (the invoices part of the service; sorted after the payments' own migrations) ──────────────────────
  '1001_invoices_tax_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tax_org_settings')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('sac_code', 'text', (c) => c.notNull())
        .addColumn('hindi_invoices', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('updated_by_id', 'uuid')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('tax_location_settings')
        .addColumn('location_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('gst_registered', 'boolean', (c) => c.notNull())
        .addColumn('gstin', 'text')
        .addColumn('state_code', 'text', (c) => c.notNull())
        .addColumn('legal_name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('invoice_prefix', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('tax_location_settings_org_idx').on('tax_location_settings').column('org_id').execute();
    },
  },
  '1002_invoices_invoices': {
    async up(db: Kysely<unknown>) {
      // One counter row per series (a GSTIN, or an unregistered location), financial year and document kind; the
      // issuing transaction increments it and inserts the invoice, so a rolled-back issue leaves no gap.
      await db.schema
        .createTable('invoice_counters')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('last_serial', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_counters_pk', ['org_id', 'series', 'financial_year', 'doc'])
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('serial', 'integer', (c) => c.notNull())
        .addColumn('issue_date', 'date', (c) => c.notNull())
        .addColumn('payment_id', 'uuid', (c) => c.notNull())
        .addColumn('refund_id', 'text')
        .addColumn('original_invoice_id', 'uuid')
        .addColumn('original_number', 'text')
        .addColumn('member_id', 'uuid')
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('recipient_gstin', 'text')
        .addColumn('recipient_address', 'text')
        .addColumn('supplier', 'jsonb', (c) => c.notNull())
        .addColumn('place_of_supply', 'jsonb', (c) => c.notNull())
        .addColumn('lines', 'jsonb', (c) => c.notNull())
        .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
        .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
        .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
        .addColumn('igst_paise', 'bigint', (c) => c.notNull())
        .addColumn('total_paise', 'bigint', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('search_text', 'text', (c) => c.generatedAlwaysAs(sql`lower(number || ' ' || recipient_name)`).stored())
        .execute();
      await sql`create unique index invoices_payment_uq on invoices (org_id, payment_id) where kind <> 'credit_note'`.execute(db);
      await sql`create unique index invoices_refund_uq on invoices (org_id, refund_id) where kind = 'credit_note'`.execute(db);
      await sql`create unique index invoices_number_uq on invoices (org_id, series, financial_year, number)`.execute(db);
      await sql`create index invoices_org_created_idx on invoices (org_id, created_at desc, id)`.execute(db);
      await sql`create index invoices_org_member_idx on invoices (org_id, member_id)`.execute(db);
    },
  },
  '0003_platform_billing': {
    async up(db: Kysely<unknown>) {
      // The organization's subscription to Akhada: orders on the PLATFORM Razorpay account, and once captured the tax
      // invoice from Akhada to the gym (its own series, numbered per financial year).
      await db.schema
        .createTable('subscription_orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
        .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
        .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
        .addColumn('igst_paise', 'bigint', (c) => c.notNull())
        .addColumn('total_paise', 'bigint', (c) => c.notNull())
        .addColumn('supplier_gstin', 'text', (c) => c.notNull())
        .addColumn('recipient_gstin', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('razorpay_payment_id', 'text')
        .addColumn('invoice_number', 'text', (c) => c.unique())
        .addColumn('created_by_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('captured_at', 'timestamptz')
        .execute();
      await sql`create index subscription_orders_org_idx on subscription_orders (org_id, captured_at desc)`.execute(db);
      await db.schema
        .createTable('subscription_invoice_counters')
        .addColumn('financial_year', 'text', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '1003_payments_billing': {
    async up(db: Kysely<unknown>) {
      await sql`alter table payments add column if not exists billing jsonb`.execute(db);
    },
  },
  '1004_payments_razorpay_payment_uq': {
    // A Razorpay payment id sits on one payment only. Payments that share one already (the webhook's fallback could
    // not tell them apart) keep it on the earliest captured; the others lose it and are listed in
    // razorpay_payment_conflicts for staff to look into, so the unique index can be built.
    async up(db: Kysely<unknown>) {
      await sql`create table razorpay_payment_conflicts (
        payment_id uuid primary key,
        org_id uuid not null,
        razorpay_payment_id text not null,
        kept_on_payment_id uuid not null,
        found_at timestamptz not null default now()
      )`.execute(db);
      await sql`with ranked as (
          select id, org_id, razorpay_payment_id,
                 first_value(id) over (partition by razorpay_payment_id order by paid_at nulls last, created_at, id) as kept,
                 row_number() over (partition by razorpay_payment_id order by paid_at nulls last, created_at, id) as n
          from payments where razorpay_payment_id is not null
        ), moved as (
          insert into razorpay_payment_conflicts (payment_id, org_id, razorpay_payment_id, kept_on_payment_id)
          select id, org_id, razorpay_payment_id, kept from ranked where n > 1
          returning payment_id
        )
        update payments set razorpay_payment_id = null where id in (select payment_id from moved)`.execute(db);
      await sql`create unique index ${sql.id(RAZORPAY_PAYMENT_UNIQUE)} on payments (razorpay_payment_id) where razorpay_payment_id is not null`.execute(db);
    },
  },
  '1005_payments_gst_split': {
    // The GST split decided when a payment is recorded (rate, supply, CGST, SGST, IGST): the one figure the invoice,
    // the exports and the reports read. Null on older payments (their invoices keep the earlier rule).
    async up(db: Kysely<unknown>) {
      await sql`alter table payments add column if not exists gst_split jsonb`.execute(db);
    },
  },
  '1006_payments_purchase_refunds': {
    // Refunds of scheduling purchases paid online, asked by scheduling.purchase_refund_requested: the consumer only
    // records the request (in its inbox transaction); a job asks Razorpay outside any transaction, with one idempotency
    // key per payment, and records the refund after — so a retry never refunds twice.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('purchase_refunds')
        .addColumn('payment_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('purchase_id', 'uuid', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'uuid')
        .addColumn('causation', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('done_at', 'timestamptz')
        .execute();
      await sql`create index purchase_refunds_open_idx on purchase_refunds (requested_at) where status = 'requested'`.execute(db);
    },
  },
  '1007_payments_autopay': {
    // Autopay (issue 28): the gym's plans as auth announces them (pay_plans), which of them staff turned autopay on for
    // with their Razorpay plan (autopay_plans), and each member's subscription, projected from its stream
    // (autopay_subscriptions; one Razorpay subscription id once, any organization: Razorpay's ids are global).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pay_plans')
        .addColumn('plan_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('membership_type', 'text', (c) => c.notNull())
        .addColumn('duration_months', 'integer', (c) => c.notNull())
        .addColumn('price_paise', 'bigint', (c) => c.notNull())
        .addColumn('gst_inclusive', 'boolean', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index pay_plans_org_idx on pay_plans (org_id)`.execute(db);
      await db.schema
        .createTable('autopay_plans')
        .addColumn('plan_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull())
        .addColumn('razorpay_plan_id', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('period_months', 'integer', (c) => c.notNull())
        .addColumn('updated_by_id', 'uuid')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index autopay_plans_org_idx on autopay_plans (org_id)`.execute(db);
      await db.schema
        .createTable('autopay_subscriptions')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('member_name', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'uuid', (c) => c.notNull())
        .addColumn('plan_name', 'text', (c) => c.notNull())
        .addColumn('membership_type', 'text', (c) => c.notNull())
        .addColumn('period_months', 'integer', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('razorpay_subscription_id', 'text', (c) => c.notNull())
        .addColumn('razorpay_plan_id', 'text', (c) => c.notNull())
        .addColumn('short_url', 'text')
        .addColumn('start_date', 'date', (c) => c.notNull())
        .addColumn('total_count', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('charges', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_through', 'date')
        .addColumn('last_charge_at', 'timestamptz')
        .addColumn('last_charge_paise', 'bigint')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_failure_at', 'timestamptz')
        .addColumn('cancel_requested', 'text')
        .addColumn('created_by_id', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`create unique index autopay_subscriptions_rzp_uq on autopay_subscriptions (razorpay_subscription_id)`.execute(db);
      await sql`create index autopay_subscriptions_member_idx on autopay_subscriptions (org_id, member_id)`.execute(db);
      await sql`create index autopay_subscriptions_org_status_idx on autopay_subscriptions (org_id, status)`.execute(db);
    },
  },
  '1008_payments_autopay_actions': {
    // A member's freeze pauses their autopay and the unfreeze resumes it: the members consumer only records the
    // request (in its inbox transaction); a job asks Razorpay outside any transaction and marks it done, so a retry
    // never races the consumer and a redelivered freeze asks once (one row per member event).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('autopay_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('autopay_id', 'uuid', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('done_at', 'timestamptz')
        .execute();
      await sql`create index autopay_actions_open_idx on autopay_actions (requested_at) where status = 'requested'`.execute(db);
    },
  },
  '1009_payments_autopay_notices': {
    // The pre-debit notices announced (payments.autopay_charge_due): one per autopay and charge number.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('autopay_notices')
        .addColumn('autopay_id', 'uuid', (c) => c.notNull())
        .addColumn('charge_no', 'integer', (c) => c.notNull())
        .addColumn('due_date', 'date', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('autopay_notices_pk', ['autopay_id', 'charge_no'])
        .execute();
    },
  },
  '1010_payments_tally_ledgers': {
    // The Tally ledger names an organization maps once (issue 29): the export reads them, defaults until set.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tally_ledgers')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('ledgers', 'jsonb', (c) => c.notNull())
        .addColumn('updated_by_id', 'uuid')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '1011_payments_referral_credits': {
    // Referral credits (issue 27): members grants one per referred lead who joined; it is taken off the member's next
    // membership payments (the uses say how much went to which payment, so a cancelled one gives it back).
    async up(db: Kysely<unknown>) {
      await sql`create table referral_credits (
        lead_id uuid primary key,
        org_id uuid not null,
        member_id uuid not null,
        credit_paise integer not null check (credit_paise > 0),
        remaining_paise integer not null check (remaining_paise >= 0),
        granted_at timestamptz not null
      )`.execute(db);
      await sql`create index referral_credits_member_idx on referral_credits (org_id, member_id, granted_at)`.execute(db);
      await sql`create table referral_credit_uses (
        payment_id uuid not null,
        lead_id uuid not null references referral_credits (lead_id),
        org_id uuid not null,
        paise integer not null check (paise > 0),
        primary key (payment_id, lead_id)
      )`.execute(db);
      await sql`alter table payments add column referral_credit_paise integer not null default 0`.execute(db);
      await sql`alter table invoices add column referral_credit_paise integer not null default 0`.execute(db);
    },
  },
  '1012_payments_autopay_method': {
    // The autopay's payment method (issue 28): upi, card or emandate, from its webhooks' payment; null until one names it.
    async up(db: Kysely<unknown>) {
      await sql`alter table autopay_subscriptions add column method text`.execute(db);
    },
  },
  '1013_payments_autopay_replacement': {
    // A member changes the autopay's method (issue 28): the new subscription waiting for authorisation, and the ones
    // replaced (their late webhooks still find the autopay).
    async up(db: Kysely<unknown>) {
      await sql`alter table autopay_subscriptions add column replacement_subscription_id text`.execute(db);
      await sql`alter table autopay_subscriptions add column replacement_from date`.execute(db);
      await sql`alter table autopay_subscriptions add column previous_subscription_ids text[] not null default '{}'`.execute(db);
      await sql`create index autopay_subscriptions_replacement_idx on autopay_subscriptions (replacement_subscription_id) where replacement_subscription_id is not null`.execute(
        db,
      );
      await sql`create index autopay_subscriptions_previous_idx on autopay_subscriptions using gin (previous_subscription_ids)`.execute(db);
    },
  },
};
