import type { InventoryItem, ShopItem } from '@akhada/contracts';
import { saleLineTaxPaise } from '@akhada/contracts';
import { paiseToRupees as rupees } from '@akhada/kit';
import type { ItemsTable } from '../db/schema.ts';
import { chargedRate, costPricePaise, fefo, isLowStock, nextServiceDue, quantityOf } from '../domain/item/decider.ts';

/** An item as staff see it; `today` (location time zone) decides whether maintenance is due. */
export const toItem = (row: Pick<ItemsTable, 'state' | 'version'>, today: string, chargesGst = true): InventoryItem => {
  const s = row.state;
  const d = s.details;
  const due = nextServiceDue(d.equipment);
  const cost = costPricePaise(s);
  return {
    _id: s.itemId,
    name: d.name,
    description: d.description,
    category: d.category,
    status: s.status,
    condition: s.condition,
    priority: d.priority,
    locationId: s.locationId,
    sku: d.sku,
    barcode: d.barcode,
    brand: d.brand,
    unit: d.unit,
    quantity: quantityOf(s),
    reorderLevel: d.reorderLevel,
    isLowStock: isLowStock(s),
    isForSale: d.isForSale,
    sellingPrice: d.sellingPricePaise === null ? null : rupees(d.sellingPricePaise),
    costPrice: cost === null ? null : rupees(cost),
    hsn: d.hsn,
    gstRate: d.gstRate,
    chargedGstRate: chargedRate(d.gstRate, chargesGst),
    lineKind: d.lineKind,
    supplier: d.supplier ? { _id: d.supplier.id, name: d.supplier.name } : null,
    batches: fefo(s.batches).map((b) => ({
      _id: b.id,
      batchNo: b.batchNo,
      quantity: b.quantity,
      expiryDate: b.expiryDate,
      unitCost: rupees(b.unitCostPaise),
      supplier: b.supplier ? { _id: b.supplier.id, name: b.supplier.name } : null,
      receivedAt: new Date(b.receivedAt).toISOString(),
    })),
    equipment:
      d.category === 'equipment' || d.equipment
        ? {
            serialNumber: d.equipment?.serialNumber ?? null,
            purchaseDate: d.equipment?.purchaseDate ?? null,
            warrantyUntil: d.equipment?.warrantyUntil ?? null,
            serviceIntervalDays: d.equipment?.serviceIntervalDays ?? null,
            lastServiceDate: d.equipment?.lastServiceDate ?? null,
            nextServiceDue: due,
            isMaintenanceDue: due !== null && due <= today && s.status !== 'disposed',
          }
        : null,
    assignedTo: s.assignedTo ? { ...s.assignedTo, assignedAt: new Date(s.assignedTo.assignedAt).toISOString() } : null,
    archived: s.archived,
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt || s.createdAt).toISOString(),
    version: row.version,
  };
};

/** A resale item as a member sees it: price with the GST its location charges, in stock or not; never the cost. */
export const toShopItem = (row: Pick<ItemsTable, 'state'>, chargesGst = true): ShopItem => {
  const s = row.state;
  const price = s.details.sellingPricePaise ?? 0;
  return {
    _id: s.itemId,
    name: s.details.name,
    description: s.details.description,
    category: s.details.category,
    brand: s.details.brand,
    locationId: s.locationId,
    price: rupees(price + saleLineTaxPaise(price, chargedRate(s.details.gstRate, chargesGst))),
    inStock: quantityOf(s) > 0,
  };
};
