import type { Executor } from '@akhada/kit';
import { sql } from 'kysely';
import type { PaymentsDb, TaxLocationSettingsTable } from './schema.ts';

type Db = Executor<PaymentsDb>;

// ── tax settings ─────────────────────────────────────────────────────────────────────────────────────────────────

export const findOrgTaxSettings = (db: Db, orgId: string) => db.selectFrom('tax_org_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();

export const findLocationTaxSettings = (db: Db, orgId: string, locationId: string) =>
  db.selectFrom('tax_location_settings').selectAll().where('org_id', '=', orgId).where('location_id', '=', locationId).executeTakeFirst();

export const listLocationTaxSettings = (db: Db, orgId: string) => db.selectFrom('tax_location_settings').selectAll().where('org_id', '=', orgId).execute();

export const upsertOrgTaxSettings = (db: Db, row: { org_id: string; sac_code: string; hindi_invoices: boolean; updated_by_id: string }) =>
  db
    .insertInto('tax_org_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({ sac_code: row.sac_code, hindi_invoices: row.hindi_invoices, updated_by_id: row.updated_by_id, updated_at: sql`now()` }),
    )
    .execute();

export const upsertLocationTaxSettings = (db: Db, row: Omit<TaxLocationSettingsTable, 'updated_at'>) =>
  db
    .insertInto('tax_location_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('location_id').doUpdateSet({
        gst_registered: row.gst_registered,
        gstin: row.gstin,
        state_code: row.state_code,
        legal_name: row.legal_name,
        address: row.address,
        invoice_prefix: row.invoice_prefix,
        updated_at: sql`now()`,
      }),
    )
    .execute();

/** The organization's locations as the kit's directory knows them. */
export const locationsOf = (db: Db, orgId: string) =>
  db.selectFrom('kit_locations').select(['location_id', 'name', 'timezone']).where('org_id', '=', orgId).orderBy('name').execute();

export const locationOf = (db: Db, orgId: string, locationId: string) =>
  db
    .selectFrom('kit_locations')
    .select(['location_id', 'name', 'city', 'timezone'])
    .where('org_id', '=', orgId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
