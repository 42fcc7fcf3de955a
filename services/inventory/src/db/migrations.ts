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
  '0002_inventory_tables': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('examples').ifExists().execute();
      await sql`
        create table items (
          id uuid primary key, org_id uuid not null, location_id uuid not null, name text not null, category text not null,
          status text not null, condition text not null, quantity int not null check (quantity >= 0), reorder_level int not null,
          is_low_stock boolean not null, is_for_sale boolean not null, archived boolean not null, sku text, barcode text,
          supplier_id uuid, selling_price_paise bigint, cost_price_paise bigint, next_service_due date, state jsonb not null,
          version int not null, created_at timestamptz not null, updated_at timestamptz not null
        );
        create index items_org_location_idx on items (org_id, location_id, name);
        create index items_code_idx on items (org_id, barcode);
        create table movements (
          id uuid primary key, org_id uuid not null, location_id uuid not null, item_id uuid not null, item_name text not null,
          kind text not null, quantity_change int not null, quantity_after int not null, value_paise bigint not null default 0,
          supplier_id uuid, details jsonb not null, by_id uuid, by_name text, at timestamptz not null
        );
        create index movements_item_idx on movements (item_id, at desc);
        create index movements_org_idx on movements (org_id, location_id, at desc);
        create index movements_supplier_idx on movements (supplier_id, at desc) where supplier_id is not null;
        create table maintenance_records (
          id uuid primary key, org_id uuid not null, location_id uuid not null, item_id uuid not null, item_name text not null,
          date date not null, work_done text not null, cost_paise bigint not null, vendor text, next_due date,
          recorded_by_id uuid, recorded_by_name text, recorded_at timestamptz not null
        );
        create index maintenance_records_org_idx on maintenance_records (org_id, location_id, date desc);
        create table suppliers (
          id uuid primary key, org_id uuid not null, name text not null, contact_name text, phone text, email text, gstin text,
          address text, notes text, archived_at timestamptz, created_at timestamptz not null
        );
        create unique index suppliers_name_uq on suppliers (org_id, lower(name)) where archived_at is null;
        create unique index suppliers_gstin_uq on suppliers (org_id, gstin) where archived_at is null and gstin is not null;
        create table sales (
          org_id uuid not null, id uuid not null, location_id uuid not null, status text not null, buyer jsonb not null,
          lines jsonb not null, payment_method text not null, taxable_paise bigint not null, discount_paise bigint not null,
          gst_paise bigint not null, total_paise bigint not null, invoice jsonb, online_payment jsonb, sold_by_id uuid not null,
          sold_by_name text not null, created_at timestamptz not null, completed_at timestamptz,
          primary key (org_id, id)
        );
        create index sales_location_idx on sales (org_id, location_id, created_at desc);
        create table people (
          id uuid primary key, org_id uuid not null, kind text not null, location_id uuid not null, name text not null,
          archived boolean not null default false
        );
      `.execute(db);
    },
  },
  '0003_location_tax_and_member_status': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table location_tax (
          location_id uuid primary key, org_id uuid not null, gst_registered boolean not null, gstin text,
          state_code text not null default '', updated_at timestamptz not null
        );
        alter table people add column status text not null default 'active';
      `.execute(db);
    },
  },
};
