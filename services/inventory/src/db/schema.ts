import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';
import type { ItemState } from '../domain/item/decider.ts';

/** The items read table, in step with the item streams (inline projection): the folded state plus columns to filter on. */
export interface ItemsTable {
  id: string;
  org_id: string;
  location_id: string;
  name: string;
  category: string;
  status: string;
  condition: string;
  quantity: number;
  reorder_level: number;
  is_low_stock: boolean;
  is_for_sale: boolean;
  archived: boolean;
  sku: string | null;
  barcode: string | null;
  supplier_id: string | null;
  selling_price_paise: number | null;
  cost_price_paise: number | null;
  next_service_due: string | null;
  state: ItemState;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Every stock or state change of an item, from its events (the movements history, wastage, purchases). */
export interface MovementsTable {
  id: string;
  org_id: string;
  location_id: string;
  item_id: string;
  item_name: string;
  kind: string;
  quantity_change: number;
  quantity_after: number;
  /** Value at cost of the units moved (paise; write-offs, receipts). */
  value_paise: number;
  supplier_id: string | null;
  details: Record<string, unknown>;
  by_id: string | null;
  by_name: string | null;
  at: Date;
}

export interface MaintenanceRecordsTable {
  id: string;
  org_id: string;
  location_id: string;
  item_id: string;
  item_name: string;
  date: string;
  work_done: string;
  cost_paise: number;
  vendor: string | null;
  next_due: string | null;
  recorded_by_id: string | null;
  recorded_by_name: string | null;
  recorded_at: Date;
}

export interface SuppliersTable {
  id: string;
  org_id: string;
  name: string;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  gstin: string | null;
  address: string | null;
  notes: string | null;
  archived_at: Date | null;
  created_at: Date;
}

export interface SaleLineRow {
  itemId: string;
  name: string;
  category: string;
  hsn: string;
  kind: 'goods' | 'service';
  quantity: number;
  unitPricePaise: number;
  discountPaise: number;
  gstRate: number;
  taxablePaise: number;
  gstPaise: number;
  totalPaise: number;
}

/** Counter sales and member orders, keyed (org, saleId): the saleId is the idempotency key. */
export interface SalesTable {
  org_id: string;
  id: string;
  location_id: string;
  status: string;
  buyer: { kind: 'member' | 'walk_in'; memberId: string | null; name: string | null; phone: string | null };
  lines: SaleLineRow[];
  payment_method: string;
  taxable_paise: number;
  discount_paise: number;
  gst_paise: number;
  total_paise: number;
  invoice: { invoiceId: string; number: string; paymentId: string } | null;
  online_payment: { paymentId: string } | null;
  sold_by_id: string;
  sold_by_name: string;
  created_at: Date;
  completed_at: Date | null;
}

/** Members and trainers of the organization (names for sales and assignments), from their services' events. */
export interface PeopleTable {
  id: string;
  org_id: string;
  kind: 'member' | 'trainer';
  location_id: string;
  name: string;
  archived: boolean;
  /** A member's status as members last said (active, frozen, expired, …); trainers stay 'active'. */
  status: Generated<string>;
}

/** A location's GST registration as payments last announced it (`payments.location_tax_settings_changed`). */
export interface LocationTaxTable {
  location_id: string;
  org_id: string;
  gst_registered: boolean;
  gstin: string | null;
  state_code: string;
  updated_at: Date;
}

export interface InventoryDb extends KitTables {
  people: PeopleTable;
  items: ItemsTable;
  movements: MovementsTable;
  maintenance_records: MaintenanceRecordsTable;
  suppliers: SuppliersTable;
  sales: SalesTable;
  location_tax: LocationTaxTable;
}
