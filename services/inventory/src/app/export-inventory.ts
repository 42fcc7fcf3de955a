import type { InventoryExportQuery } from '@akhada/contracts';
import { exportFile, keysetPages, type ExportColumn, type RequestContext } from '@akhada/kit';
import type { Batch } from '../domain/item/decider.ts';
import type { ItemsTable, SalesTable, SuppliersTable } from '../db/schema.ts';
import { rupees, type InventoryDeps } from './deps.ts';
import { SALE_COLUMNS } from './sales-list.ts';

type Deps = Pick<InventoryDeps, 'db'>;

const PAGE = 500;
const money = (paise: number | null) => (paise === null ? null : rupees(paise));

const ITEM_COLUMNS: ExportColumn<ItemsTable>[] = [
  { header: 'itemId', value: (r) => r.id },
  { header: 'locationId', value: (r) => r.location_id },
  { header: 'name', value: (r) => r.name },
  { header: 'category', value: (r) => r.category },
  { header: 'status', value: (r) => r.status },
  { header: 'condition', value: (r) => r.condition },
  { header: 'sku', value: (r) => r.sku },
  { header: 'barcode', value: (r) => r.barcode },
  { header: 'quantity', value: (r) => r.quantity },
  { header: 'unit', value: (r) => r.state.details.unit },
  { header: 'reorderLevel', value: (r) => r.reorder_level },
  { header: 'isLowStock', value: (r) => r.is_low_stock },
  { header: 'isForSale', value: (r) => r.is_for_sale },
  { header: 'sellingPrice', value: (r) => money(r.selling_price_paise) },
  { header: 'costPrice', value: (r) => money(r.cost_price_paise) },
  { header: 'hsn', value: (r) => r.state.details.hsn },
  { header: 'gstRate', value: (r) => r.state.details.gstRate },
  { header: 'supplierId', value: (r) => r.supplier_id },
  { header: 'nextServiceDue', value: (r) => r.next_service_due },
  { header: 'archived', value: (r) => r.archived },
  { header: 'createdAt', value: (r) => new Date(r.created_at).toISOString() },
  { header: 'updatedAt', value: (r) => new Date(r.updated_at).toISOString() },
];

type BatchRow = Batch & { itemId: string; itemName: string; locationId: string };
const BATCH_COLUMNS: ExportColumn<BatchRow>[] = [
  { header: 'batchId', value: (r) => r.id },
  { header: 'itemId', value: (r) => r.itemId },
  { header: 'itemName', value: (r) => r.itemName },
  { header: 'locationId', value: (r) => r.locationId },
  { header: 'batchNo', value: (r) => r.batchNo },
  { header: 'quantity', value: (r) => r.quantity },
  { header: 'expiryDate', value: (r) => r.expiryDate },
  { header: 'unitCost', value: (r) => rupees(r.unitCostPaise) },
  { header: 'supplierId', value: (r) => r.supplier?.id ?? null },
  { header: 'supplierName', value: (r) => r.supplier?.name ?? null },
  { header: 'receivedAt', value: (r) => r.receivedAt },
];

const SUPPLIER_COLUMNS: ExportColumn<SuppliersTable>[] = [
  { header: 'supplierId', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'contactName', value: (r) => r.contact_name },
  { header: 'phone', value: (r) => r.phone },
  { header: 'email', value: (r) => r.email },
  { header: 'gstin', value: (r) => r.gstin },
  { header: 'address', value: (r) => r.address },
  { header: 'notes', value: (r) => r.notes },
  { header: 'archived', value: (r) => r.archived_at !== null },
  { header: 'createdAt', value: (r) => new Date(r.created_at).toISOString() },
];

/**
 * GET /inventory/export?part=…: one part of the inventory of the caller's locations (suppliers are the
 * organization's), streamed a page at a time by keyset. Archived items are in it (marked), as a full record should be.
 * Owners and admins only (the route's roles): it carries cost prices.
 */
export const exportInventory = (deps: Deps, ctx: RequestContext, q: InventoryExportQuery) => {
  const locations = ctx.locationIds;
  const items = () =>
    keysetPages<ItemsTable>(async (after) => {
      if (locations.length === 0) return [];
      let page = deps.db.selectFrom('items').selectAll().where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
      if (after) page = page.where('id', '>', after.id);
      return (await page.orderBy('id').limit(PAGE).execute()) as ItemsTable[];
    }, PAGE);
  switch (q.part) {
    case 'items':
      return exportFile(items(), ITEM_COLUMNS, q.format, 'inventory-items');
    case 'batches': {
      const batches = (async function* () {
        for await (const item of items())
          for (const b of item.state.batches) yield { ...b, itemId: item.id, itemName: item.name, locationId: item.location_id };
      })();
      return exportFile(batches, BATCH_COLUMNS, q.format, 'inventory-batches');
    }
    case 'suppliers': {
      const rows = keysetPages<SuppliersTable>(async (after) => {
        let page = deps.db.selectFrom('suppliers').selectAll().where('org_id', '=', ctx.orgId);
        if (after) page = page.where('id', '>', after.id);
        return (await page.orderBy('id').limit(PAGE).execute()) as SuppliersTable[];
      }, PAGE);
      return exportFile(rows, SUPPLIER_COLUMNS, q.format, 'inventory-suppliers');
    }
    case 'sales': {
      const rows = keysetPages<SalesTable>(async (after) => {
        if (locations.length === 0) return [];
        let page = deps.db.selectFrom('sales').selectAll().where('org_id', '=', ctx.orgId).where('location_id', 'in', locations);
        if (after) page = page.where('id', '>', after.id);
        return (await page.orderBy('id').limit(PAGE).execute()) as SalesTable[];
      }, PAGE);
      return exportFile(rows, SALE_COLUMNS, q.format, 'inventory-sales');
    }
  }
};
