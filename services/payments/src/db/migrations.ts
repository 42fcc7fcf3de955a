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
};
