import { z } from 'zod';
import { InventoryCategory, InventoryCondition, InventoryPriority, InventoryStatus, PaymentMethod } from '../enums.ts';
import { GST_RATES_PERCENT, SaleLineKind } from '../events/inventory-sale.ts';
import { Rupees } from './members.ts';
import { Gstin } from './payments.ts';
import { DateWithin, IdParams, IsoDate, IsoDateTime, ok, okMessage, Pagination, Problem, route, Text } from './route.ts';

/**
 * Inventory and point of sale (spec part 2 "Inventory and point of sale", §7 "Inventory"). An item is event-sourced in
 * the inventory service and belongs to ONE location (a chain stocks the same product at each location as an item of
 * that location): its stock is that location's stock, held in batches (quantity, batch number, expiry, unit cost,
 * supplier) sold first-expiring-first. Stock never goes below zero.
 *
 * Money: bodies and replies speak rupees with two decimals (`Rupees`), the service stores integer paise.
 * Roles: viewing is owner/admin/trainer; create, edit, delete, stock and sell are owner/admin; assign is
 * owner/admin/trainer; a member sees only resale items through GET /inventory/shop (name, price, in stock or not).
 * The point of sale (`/pos/...`, routed to this service) is owner/admin; a member buys their own items online.
 */

const STAFF = ['owner', 'admin', 'trainer'] as const;
const DESK = ['owner', 'admin'] as const;

export const GstRatePercent = z
  .number({ message: 'Choose a GST rate' })
  .refine((v) => (GST_RATES_PERCENT as readonly number[]).includes(v), `GST rate must be one of ${GST_RATES_PERCENT.join(', ')} %`);
export const HsnCode = Text('HSN code')
  .trim()
  .regex(/^\d{4,8}$/, 'HSN code must be 4 to 8 digits');
const Quantity = (label: string) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(100_000, `${label} is too large`);
const Name = (label: string, max = 100) => Text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const OptionalText = (label: string, max: number, multiline = false) =>
  Text(label, { multiline }).trim().max(max, `${label} must be at most ${max} characters`).optional();
const ExpiryDate = z.iso
  .date({ error: 'Expiry date must be a date such as 2027-03-31' })
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Expiry date is out of range');
const PastDate = (label: string) => DateWithin(label, '2026-04-01', { yearsBack: 30 });

export const InventoryBatch = z.object({
  _id: z.uuid(),
  batchNo: z.string().nullable(),
  quantity: z.number().int().min(0),
  expiryDate: IsoDate.nullable(),
  /** Rupees per unit. */
  unitCost: z.number().min(0),
  supplier: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  receivedAt: IsoDateTime,
});

export const EquipmentDetails = z.object({
  serialNumber: z.string().nullable(),
  purchaseDate: IsoDate.nullable(),
  warrantyUntil: IsoDate.nullable(),
  /** Days between services; null = no regular service. */
  serviceIntervalDays: z.number().int().min(1).nullable(),
  lastServiceDate: IsoDate.nullable(),
  /** Last service (or purchase) + interval; null without an interval. */
  nextServiceDue: IsoDate.nullable(),
  isMaintenanceDue: z.boolean(),
});

export const Assignment = z.object({
  kind: z.enum(['trainer', 'room']),
  /** The trainer's id (kind trainer), else null. */
  trainerId: z.uuid().nullable(),
  /** The trainer's name or the room's name. */
  name: z.string(),
  assignedAt: IsoDateTime,
});

/** An item as staff see it. */
export const InventoryItem = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: InventoryCategory,
  status: InventoryStatus,
  condition: InventoryCondition,
  priority: InventoryPriority,
  locationId: z.uuid(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  brand: z.string().nullable(),
  unit: z.string(),
  quantity: z.number().int().min(0),
  reorderLevel: z.number().int().min(0),
  isLowStock: z.boolean(),
  /** Sold at the counter and shown to members. */
  isForSale: z.boolean(),
  /** Rupees per unit before GST; null for items not for sale. */
  sellingPrice: z.number().min(0).nullable(),
  /** Rupees per unit: the weighted average of the batches in stock (or the last receipt's when none). Staff only; members never see it. */
  costPrice: z.number().min(0).nullable(),
  hsn: z.string().nullable(),
  gstRate: z.number().min(0).max(40),
  /**
   * The rate the counter charges for it at its location: gstRate where the location is GST-registered (or its GST
   * settings are not known yet), 0 where it is not (a bill of supply: the total is the taxable value).
   */
  chargedGstRate: z.number().min(0).max(40),
  lineKind: SaleLineKind,
  supplier: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  batches: z.array(InventoryBatch),
  /** Equipment only (category equipment), else null. */
  equipment: EquipmentDetails.nullable(),
  assignedTo: Assignment.nullable(),
  archived: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: z.number().int().min(1),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

/** A resale item as a member sees it. */
export const ShopItem = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: InventoryCategory,
  brand: z.string().nullable(),
  locationId: z.uuid(),
  /** Rupees including the GST charged at its location (none where the location is not GST-registered). */
  price: z.number().min(0),
  inStock: z.boolean(),
});
export type ShopItem = z.infer<typeof ShopItem>;

const EquipmentBody = z.object({
  serialNumber: OptionalText('Serial number', 60),
  purchaseDate: PastDate('Purchase date').optional(),
  warrantyUntil: z.iso
    .date({ error: 'Warranty end must be a date such as 2028-03-31' })
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Warranty end is out of range')
    .optional(),
  serviceIntervalDays: z
    .number({ message: 'Service interval must be a number of days' })
    .int('Service interval must be a whole number of days')
    .min(1, 'Service interval must be at least 1 day')
    .max(3650, 'Service interval must be at most 3650 days')
    .optional(),
  lastServiceDate: PastDate('Last service date').optional(),
});

const ItemFields = {
  name: Name('Item name'),
  description: OptionalText('Description', 1000, true),
  category: InventoryCategory,
  priority: InventoryPriority.default('medium'),
  condition: InventoryCondition.default('good'),
  sku: OptionalText('SKU', 40),
  barcode: Text('Barcode')
    .trim()
    .regex(/^[0-9A-Za-z-]{4,32}$/, 'Barcode must be 4 to 32 letters, digits or dashes')
    .optional(),
  brand: OptionalText('Brand', 60),
  unit: Text('Unit').trim().min(1, 'Unit is required').max(20, 'Unit must be at most 20 characters').default('pcs'),
  reorderLevel: z
    .number({ message: 'Reorder level must be a whole number' })
    .int('Reorder level must be a whole number')
    .min(0, 'Reorder level cannot be negative')
    .max(100_000, 'Reorder level is too large')
    .default(0),
  isForSale: z.boolean().default(false),
  sellingPrice: Rupees.optional(),
  hsn: HsnCode.optional(),
  gstRate: GstRatePercent.default(18),
  lineKind: SaleLineKind.default('goods'),
  supplierId: z.uuid({ message: 'Choose a supplier' }).optional(),
  equipment: EquipmentBody.optional(),
};

const forSaleNeedsPriceAndHsn = (b: { isForSale?: boolean; sellingPrice?: number; hsn?: string }, ctx: z.RefinementCtx) => {
  if (!b.isForSale) return;
  if (b.sellingPrice === undefined) ctx.addIssue({ code: 'custom', path: ['sellingPrice'], message: 'Selling price is required for an item for sale' });
  if (b.hsn === undefined) ctx.addIssue({ code: 'custom', path: ['hsn'], message: 'HSN code is required for an item for sale' });
};

export const CreateInventoryItemBody = z
  .object({
    ...ItemFields,
    locationId: z.uuid({ message: 'Choose a location' }),
    /** Opening stock as a first batch (optional). */
    initialStock: z
      .object({
        quantity: Quantity('Quantity'),
        batchNo: OptionalText('Batch number', 40),
        expiryDate: ExpiryDate.optional(),
        unitCost: Rupees,
      })
      .optional(),
  })
  .superRefine(forSaleNeedsPriceAndHsn);
export type CreateInventoryItemBody = z.infer<typeof CreateInventoryItemBody>;

/** Edit: every field of create but location and stock; `version` (optional) refuses a stale edit with 409. */
export const UpdateInventoryItemBody = z
  .object({
    ...ItemFields,
    status: z.enum(['active', 'inactive', 'out_of_service']).optional(),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(forSaleNeedsPriceAndHsn);
export type UpdateInventoryItemBody = z.infer<typeof UpdateInventoryItemBody>;

export const WriteOffReason = z.enum(['expired', 'damaged', 'lost', 'other']);
export type WriteOffReason = z.infer<typeof WriteOffReason>;

/** PATCH /inventory/:id/stock: receive a batch, correct a count, or write units off. */
export const StockChangeBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('receive'),
      quantity: Quantity('Quantity'),
      batchNo: OptionalText('Batch number', 40),
      expiryDate: ExpiryDate.optional(),
      unitCost: Rupees,
      supplierId: z.uuid({ message: 'Choose a supplier' }).optional(),
      note: OptionalText('Note', 200),
    }),
    z.object({
      action: z.literal('adjust'),
      /** The counted quantity on the shelf; the difference is recorded with the reason. */
      countedQuantity: z
        .number({ message: 'Counted quantity must be a whole number' })
        .int('Counted quantity must be a whole number')
        .min(0, 'Counted quantity cannot be negative')
        .max(1_000_000, 'Counted quantity is too large'),
      reason: Name('Reason', 200),
    }),
    z.object({
      action: z.literal('write_off'),
      quantity: Quantity('Quantity'),
      reason: WriteOffReason,
      /** A given batch (e.g. the expired one); else first-expiring-first. */
      batchId: z.uuid({ message: 'Not a valid batch' }).optional(),
      note: OptionalText('Note', 200),
    }),
  ],
  { error: 'Choose receive, adjust or write_off' },
);
export type StockChangeBody = z.infer<typeof StockChangeBody>;

/** PATCH /inventory/:id/assign: to a trainer or a room, or `null` to return it. */
export const AssignItemBody = z.object({
  assignTo: z.union([
    z.object({ kind: z.literal('trainer'), trainerId: z.uuid({ message: 'Choose a trainer' }) }),
    z.object({ kind: z.literal('room'), room: Name('Room', 60) }),
    z.null(),
  ]),
});
export type AssignItemBody = z.infer<typeof AssignItemBody>;

/** POST /inventory/:id/sell: one item over the counter (the POS sells several at once through /pos/sales). */
export const SellItemBody = z.object({
  /** Idempotency key: the same key again answers the first sale and takes no more stock. */
  saleId: z.uuid({ message: 'Not a valid sale id' }),
  quantity: Quantity('Quantity'),
  memberId: z.uuid({ message: 'Choose a member' }).optional(),
  /** Discount on the line, rupees. */
  discount: Rupees.default(0),
  paymentMethod: z.enum(['cash', 'upi', 'card']).default('cash'),
});
export type SellItemBody = z.infer<typeof SellItemBody>;

export const MaintenanceBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('start'), note: OptionalText('Note', 500, true), vendor: OptionalText('Vendor', 100) }),
    z.object({
      action: z.literal('complete'),
      date: PastDate('Service date'),
      workDone: Name('Work done', 500),
      cost: Rupees.default(0),
      vendor: OptionalText('Vendor', 100),
      /** Next service due; default: date + the item's service interval. */
      nextDue: z.iso
        .date({ error: 'Next due must be a date such as 2027-03-31' })
        .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Next due is out of range')
        .optional(),
      condition: InventoryCondition.optional(),
    }),
  ],
  { error: 'Choose start or complete' },
);
export type MaintenanceBody = z.infer<typeof MaintenanceBody>;

export const DisposeItemBody = z.object({ reason: Name('Reason', 200) });

export const MaintenanceRecord = z.object({
  _id: z.uuid(),
  item: z.object({ _id: z.uuid(), name: z.string(), locationId: z.uuid() }),
  date: IsoDate,
  workDone: z.string(),
  cost: z.number().min(0),
  vendor: z.string().nullable(),
  nextDue: IsoDate.nullable(),
  recordedBy: z.object({ _id: z.uuid(), name: z.string() }),
  recordedAt: IsoDateTime,
});

/** One entry of an item's history, from its events. */
export const InventoryMovement = z.object({
  _id: z.uuid(),
  /** created, updated, received, adjusted, sold, sale_cancelled (an unpaid order's units back), written_off, assigned, returned, maintenance_started, maintenance_completed, condition_changed, disposed, archived. */
  kind: z.string(),
  /** Signed change of the quantity (0 when stock did not move). */
  quantityChange: z.number().int(),
  quantityAfter: z.number().int().min(0),
  /** A short human text in English (the screen builds its own from `kind` and `details`). */
  details: z.record(z.string(), z.unknown()),
  by: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  at: IsoDateTime,
});

export const InventoryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  category: InventoryCategory.optional(),
  status: InventoryStatus.optional(),
  condition: InventoryCondition.optional(),
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  isLowStock: z.enum(['true', 'false']).optional(),
  isForSale: z.enum(['true', 'false']).optional(),
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  /** Exact barcode or SKU (the POS scanner). */
  code: Text('Code').trim().max(40, 'Code must be at most 40 characters').optional(),
  sort: z.enum(['name', 'quantity', 'updatedAt']).default('name'),
});
export const InventoryList = z.object({ success: z.literal(true), data: z.array(InventoryItem), totalCount: z.number().int(), pagination: Pagination });

export const ShopQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  category: InventoryCategory.optional(),
});
export const ShopList = z.object({ success: z.literal(true), data: z.array(ShopItem), totalCount: z.number().int(), pagination: Pagination });

export const InventoryDashboard = z.object({
  totalItems: z.number().int(),
  /** Rupees at cost of everything in stock. */
  stockValueAtCost: z.number(),
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
  expiringCount: z.number().int(),
  maintenanceDueCount: z.number().int(),
  /** Equipment in working order (not maintenance/out of service, condition not needs_repair) in percent; null without equipment. */
  equipmentStatusPercent: z.number().min(0).max(100).nullable(),
  byCategory: z.array(z.object({ category: InventoryCategory, items: z.number().int(), quantity: z.number().int(), valueAtCost: z.number() })),
  /** Today's counter sales (location time zone). */
  salesToday: z.object({ count: z.number().int(), total: z.number() }),
  recentMovements: z.array(InventoryMovement.extend({ item: z.object({ _id: z.uuid(), name: z.string() }) })),
});

export const InventoryAnalyticsQuery = z.object({
  period: z.enum(['7d', '30d', '90d', '12m']).default('30d'),
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
});
const ItemSales = z.object({ itemId: z.uuid(), name: z.string(), category: InventoryCategory, quantity: z.number().int(), revenue: z.number() });
export const InventoryAnalytics = z.object({
  period: z.object({ from: IsoDate, to: IsoDate }),
  stockValue: z.object({ atCost: z.number(), atSalePrice: z.number() }),
  salesByItem: z.array(ItemSales),
  salesByCategory: z.array(z.object({ category: InventoryCategory, quantity: z.number().int(), revenue: z.number() })),
  /** Per day (≤ 90 days) or per month (12m): date is the first day. */
  salesOverTime: z.array(z.object({ date: IsoDate, quantity: z.number().int(), revenue: z.number() })),
  fastMovers: z.array(ItemSales),
  /** For sale, in stock, and sold least (none at all first). */
  slowMovers: z.array(ItemSales),
  wastage: z.object({
    quantity: z.number().int(),
    valueAtCost: z.number(),
    byReason: z.array(z.object({ reason: WriteOffReason, quantity: z.number().int(), valueAtCost: z.number() })),
  }),
});

export const ExpiringQuery = z.object({ days: z.coerce.number().int().min(0).max(365).default(30), locationId: z.uuid().optional() });
export const ExpiringBatch = z.object({
  item: z.object({ _id: z.uuid(), name: z.string(), locationId: z.uuid() }),
  batch: InventoryBatch,
  /** 0 = today, negative = already expired. */
  daysLeft: z.number().int(),
});
export const MaintenanceDueItem = z.object({
  item: z.object({ _id: z.uuid(), name: z.string(), locationId: z.uuid(), status: InventoryStatus, condition: InventoryCondition }),
  dueDate: IsoDate,
  daysOverdue: z.number().int(),
});
export const AlertsQuery = z.object({ locationId: z.uuid({ message: 'Not a valid location' }).optional() });

// ---- Suppliers -------------------------------------------------------------------------------------------------------

export const Supplier = z.object({
  _id: z.uuid(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  /** Items currently supplied (items whose supplier this is). */
  itemCount: z.number().int(),
  archived: z.boolean(),
  createdAt: IsoDateTime,
});
export const SupplierDetail = Supplier.extend({
  items: z.array(z.object({ _id: z.uuid(), name: z.string(), locationId: z.uuid() })),
  /** Stock received from this supplier, newest first (up to 100). */
  purchases: z.array(
    z.object({
      item: z.object({ _id: z.uuid(), name: z.string() }),
      quantity: z.number().int(),
      unitCost: z.number(),
      total: z.number(),
      batchNo: z.string().nullable(),
      receivedAt: IsoDateTime,
    }),
  ),
  totalPurchased: z.number(),
});
export const SupplierBody = z.object({
  name: Name('Supplier name'),
  contactName: OptionalText('Contact name', 100),
  phone: Text('Phone')
    .trim()
    .regex(/^\+?[0-9 -]{7,20}$/, 'Enter a valid phone number')
    .optional(),
  email: z.email({ message: 'Enter a valid email address' }).max(254).optional(),
  gstin: Gstin.optional(),
  address: OptionalText('Address', 300, true),
  notes: OptionalText('Notes', 500, true),
});
export type SupplierBody = z.infer<typeof SupplierBody>;
export const SupplierListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
});
export const SupplierList = z.object({ success: z.literal(true), data: z.array(Supplier), totalCount: z.number().int(), pagination: Pagination });

// ---- Point of sale ---------------------------------------------------------------------------------------------------

export const SaleStatus = z.enum(['awaiting_payment', 'completed', 'cancelled']);
export type SaleStatus = z.infer<typeof SaleStatus>;

export const PosSaleBody = z.object({
  /** Idempotency key made by the screen once per checkout: a retried request answers the first sale, takes no more stock. */
  saleId: z.uuid({ message: 'Not a valid sale id' }),
  locationId: z.uuid({ message: 'Choose a location' }),
  buyer: z.union([
    z.object({ kind: z.literal('member'), memberId: z.uuid({ message: 'Choose a member' }) }),
    z.object({
      kind: z.literal('walk_in'),
      name: OptionalText('Name', 100),
      phone: Text('Phone')
        .trim()
        .regex(/^\+?[0-9 -]{7,20}$/, 'Enter a valid phone number')
        .optional(),
    }),
  ]),
  lines: z
    .array(z.object({ itemId: z.uuid({ message: 'Not a valid item' }), quantity: Quantity('Quantity') }))
    .min(1, 'Add at least one item')
    .max(50, 'A sale has at most 50 lines'),
  /** Discount on the whole sale before GST, rupees; spread over the lines in proportion to their value. */
  discount: Rupees.default(0),
  /** cash/upi/card complete at once; razorpay waits for the online payment (status awaiting_payment). */
  paymentMethod: z.enum(['cash', 'upi', 'card', 'razorpay']).default('cash'),
});
export type PosSaleBody = z.infer<typeof PosSaleBody>;

/** A member's own purchase (resale items, paid online, picked up at the desk of their location). */
export const ShopOrderBody = z.object({
  saleId: z.uuid({ message: 'Not a valid sale id' }),
  lines: z
    .array(z.object({ itemId: z.uuid({ message: 'Not a valid item' }), quantity: Quantity('Quantity') }))
    .min(1, 'Add at least one item')
    .max(20, 'An order has at most 20 lines'),
});

export const PosSaleLine = z.object({
  itemId: z.uuid(),
  name: z.string(),
  hsn: z.string(),
  kind: SaleLineKind,
  quantity: z.number().int(),
  unitPrice: z.number(),
  discount: z.number(),
  gstRate: z.number(),
  taxable: z.number(),
  gst: z.number(),
  total: z.number(),
});
export const PosSale = z.object({
  _id: z.uuid(),
  locationId: z.uuid(),
  status: SaleStatus,
  buyer: z.object({ kind: z.enum(['member', 'walk_in']), memberId: z.uuid().nullable(), name: z.string().nullable(), phone: z.string().nullable() }),
  lines: z.array(PosSaleLine),
  paymentMethod: PaymentMethod,
  totals: z.object({ taxable: z.number(), discount: z.number(), gst: z.number(), total: z.number() }),
  /** Filled when the payments service has issued the tax invoice (payments.sale_invoiced); poll until then. */
  invoice: z.object({ invoiceId: z.uuid(), number: z.string(), paymentId: z.uuid() }).nullable(),
  /**
   * Online sales (razorpay at the counter, a member's own order): the pending payment the payments service made for it,
   * paid through the payments screens (Pay now); null otherwise or until it exists.
   */
  onlinePayment: z.object({ paymentId: z.uuid() }).nullable(),
  soldBy: z.object({ _id: z.uuid(), name: z.string() }),
  createdAt: IsoDateTime,
  completedAt: IsoDateTime.nullable(),
});
export type PosSale = z.infer<typeof PosSale>;
/** How a sale was paid: cash, UPI and card at the desk; razorpay online (a member's order, or a link at the counter). */
export const SalePaymentMethod = z.enum(['cash', 'upi', 'card', 'razorpay']);
export type SalePaymentMethod = z.infer<typeof SalePaymentMethod>;

const saleRangeOk = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;

/**
 * The filters of the sales list (and of its CSV): days are the location's calendar days (its time zone; India when
 * several locations are shown). `search` matches the buyer's name or phone and the invoice number.
 */
const SaleDay = (label: string) => DateWithin(label, '2026-11-01', { yearsBack: 10, yearsAhead: 1 });
export const PosSaleFilters = z.object({
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  /** One day (kept for the counter's "today"); from/to for a period. */
  date: SaleDay('Date').optional(),
  from: SaleDay('Start date').optional(),
  to: SaleDay('End date').optional(),
  status: SaleStatus.optional(),
  paymentMethod: SalePaymentMethod.optional(),
  buyerKind: z.enum(['member', 'walk_in']).optional(),
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
});
export const PosSaleListQuery = PosSaleFilters.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
}).refine(saleRangeOk, { message: 'The start date must be on or before the end date', path: ['to'] });
export type PosSaleListQuery = z.infer<typeof PosSaleListQuery>;
export const PosSaleExportQuery = PosSaleFilters.extend({ format: z.enum(['csv']).default('csv') }).refine(saleRangeOk, {
  message: 'The start date must be on or before the end date',
  path: ['to'],
});
export type PosSaleExportQuery = z.infer<typeof PosSaleExportQuery>;
/** Totals of every sale the filters match (not only the page): count of all, money of the completed ones (rupees). */
export const PosSalesSummary = z.object({
  count: z.number().int(),
  completed: z.object({ count: z.number().int(), taxable: z.number(), gst: z.number(), total: z.number() }),
});
export type PosSalesSummary = z.infer<typeof PosSalesSummary>;
export const PosSaleList = z.object({
  success: z.literal(true),
  data: z.array(PosSale),
  totalCount: z.number().int(),
  pagination: Pagination,
  summary: PosSalesSummary,
});
export const SaleIdParams = z.object({ saleId: z.uuid({ message: 'Not a valid sale id' }) });

const SupplierIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/** The parts of the inventory export (Settings → Data management): one file each; the gateway zips them. */
export const InventoryExportPart = z.enum(['items', 'batches', 'suppliers', 'sales']);
export type InventoryExportPart = z.infer<typeof InventoryExportPart>;
export const InventoryExportQuery = z.object({ format: z.enum(['csv', 'json']).default('csv'), part: InventoryExportPart.default('items') });
export type InventoryExportQuery = z.infer<typeof InventoryExportQuery>;

export const inventoryRoutes = {
  export: route({
    method: 'GET',
    path: '/inventory/export',
    query: InventoryExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: DESK,
    summary: 'One part of the organization’s inventory, streamed as CSV or JSON: items with their stock, batches, suppliers or sales.',
    description:
      'Owners and admins, scoped to their locations (suppliers are the organization’s). Cost prices are in it, so trainers and members are refused (403). Amounts in rupees.',
  }),
  dashboard: route({
    method: 'GET',
    path: '/inventory/dashboard',
    query: AlertsQuery,
    responses: { 200: ok(InventoryDashboard), 400: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary:
      'Totals for the inventory screen: items, stock value at cost, low-stock, expiring and maintenance-due counts, by category, today’s sales, recent movements.',
  }),
  analytics: route({
    method: 'GET',
    path: '/inventory/analytics',
    query: InventoryAnalyticsQuery,
    responses: { 200: ok(InventoryAnalytics), 400: Problem, 403: Problem },
    auth: true,
    roles: DESK,
    summary: 'Stock value at cost and at sale price, sales by item, category and over time, fast and slow movers, wastage from write-offs.',
  }),
  list: route({
    method: 'GET',
    path: '/inventory',
    query: InventoryListQuery,
    responses: { 200: InventoryList, 400: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'inventory', access: 'read' },
    summary: 'Items of the caller’s locations (archived left out) with filters (category, status, condition, location, isLowStock, search, code) and paging.',
  }),
  shop: route({
    method: 'GET',
    path: '/inventory/shop',
    query: ShopQuery,
    responses: { 200: ShopList, 400: Problem },
    auth: true,
    roles: ['member', 'owner', 'admin', 'trainer'],
    summary: 'Resale items of the caller’s location as a member sees them: name, price with GST, in stock or not.',
  }),
  lowStock: route({
    method: 'GET',
    path: '/inventory/alerts/low-stock',
    query: AlertsQuery,
    responses: { 200: ok(z.array(InventoryItem)), 400: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Items at or below their reorder level, emptiest first.',
  }),
  expiring: route({
    method: 'GET',
    path: '/inventory/alerts/expiring',
    query: ExpiringQuery,
    responses: { 200: ok(z.array(ExpiringBatch)), 400: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Batches in stock expiring within `days` (default 30) or already expired, soonest first.',
  }),
  maintenanceDue: route({
    method: 'GET',
    path: '/inventory/alerts/maintenance-due',
    query: AlertsQuery,
    responses: { 200: ok(z.array(MaintenanceDueItem)), 400: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Equipment whose service is due (next service date today or past), most overdue first.',
  }),
  maintenanceRecords: route({
    method: 'GET',
    path: '/inventory/maintenance',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      locationId: z.uuid({ message: 'Not a valid location' }).optional(),
      itemId: z.uuid({ message: 'Not a valid item' }).optional(),
    }),
    responses: {
      200: z.object({ success: z.literal(true), data: z.array(MaintenanceRecord), totalCount: z.number().int(), pagination: Pagination }),
      400: Problem,
      403: Problem,
    },
    auth: true,
    roles: STAFF,
    summary: 'Maintenance records of the caller’s locations, newest first.',
  }),
  listSuppliers: route({
    method: 'GET',
    path: '/inventory/suppliers',
    query: SupplierListQuery,
    responses: { 200: SupplierList, 400: Problem, 403: Problem },
    auth: true,
    roles: DESK,
    summary: 'The organization’s suppliers (archived left out), by name.',
  }),
  createSupplier: route({
    method: 'POST',
    path: '/inventory/suppliers',
    body: SupplierBody,
    responses: { 201: ok(Supplier), 400: Problem, 402: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Add a supplier.',
    description: '409 SUPPLIER_EXISTS when the organization has a supplier of that name or GSTIN.',
  }),
  getSupplier: route({
    method: 'GET',
    path: '/inventory/suppliers/:id',
    params: SupplierIdParams,
    responses: { 200: ok(SupplierDetail), 404: Problem, 403: Problem },
    auth: true,
    roles: DESK,
    summary: 'A supplier with the items they supply and the purchase history (stock received from them).',
  }),
  updateSupplier: route({
    method: 'PUT',
    path: '/inventory/suppliers/:id',
    params: SupplierIdParams,
    body: SupplierBody,
    responses: { 200: ok(Supplier), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Edit a supplier.',
  }),
  deleteSupplier: route({
    method: 'DELETE',
    path: '/inventory/suppliers/:id',
    params: SupplierIdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: DESK,
    summary: 'Archive a supplier (history kept).',
  }),
  get: route({
    method: 'GET',
    path: '/inventory/:id',
    params: IdParams,
    responses: { 200: ok(InventoryItem), 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'inventory', access: 'read' },
    summary: 'One item of the caller’s locations with its batches, equipment details and assignment.',
  }),
  movements: route({
    method: 'GET',
    path: '/inventory/:id/movements',
    params: IdParams,
    query: z.object({ page: z.coerce.number().int().min(1).max(100000).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) }),
    responses: {
      200: z.object({ success: z.literal(true), data: z.array(InventoryMovement), totalCount: z.number().int(), pagination: Pagination }),
      403: Problem,
      404: Problem,
    },
    auth: true,
    roles: STAFF,
    summary: 'The item’s history of every movement, from its events, newest first.',
  }),
  create: route({
    method: 'POST',
    path: '/inventory',
    body: CreateInventoryItemBody,
    responses: { 201: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: DESK,
    summary: 'Add an item at a location of the caller’s, with optional opening stock.',
    description: '404 for a location or supplier not in the caller’s organization/locations.',
  }),
  update: route({
    method: 'PUT',
    path: '/inventory/:id',
    params: IdParams,
    body: UpdateInventoryItemBody,
    responses: { 200: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Edit an item (not its stock); a changed condition or status is recorded as its own event.',
    description: '409 STALE_VERSION when `version` is not the current one.',
  }),
  remove: route({
    method: 'DELETE',
    path: '/inventory/:id',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: DESK,
    summary: 'Archive an item (its history stays; it leaves lists, alerts and the counter).',
  }),
  changeStock: route({
    method: 'PATCH',
    path: '/inventory/:id/stock',
    params: IdParams,
    body: StockChangeBody,
    responses: { 200: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    apiScope: { area: 'inventory', access: 'write' },
    summary: 'Receive a batch, correct a count (with reason) or write units off (expired, damaged, lost).',
    description: '409 INSUFFICIENT_STOCK when a write-off is more than is there (or than the batch holds).',
  }),
  assign: route({
    method: 'PATCH',
    path: '/inventory/:id/assign',
    params: IdParams,
    body: AssignItemBody,
    responses: { 200: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Assign an item to a trainer or a room, or return it (assignTo null).',
  }),
  maintenance: route({
    method: 'POST',
    path: '/inventory/:id/maintenance',
    params: IdParams,
    body: MaintenanceBody,
    responses: { 200: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Send equipment to maintenance (status maintenance) or bring it back with the work done, cost, vendor and next due.',
  }),
  dispose: route({
    method: 'POST',
    path: '/inventory/:id/dispose',
    params: IdParams,
    body: DisposeItemBody,
    responses: { 200: ok(InventoryItem), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Dispose of an item (status disposed; remaining stock written off).',
  }),
  sell: route({
    method: 'POST',
    path: '/inventory/:id/sell',
    params: IdParams,
    body: SellItemBody,
    responses: { 200: ok(PosSale), 201: ok(PosSale), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    summary: 'Sell units of one item over the counter (a one-line POS sale; the tax invoice follows from payments).',
    description: '409 INSUFFICIENT_STOCK ("Only N left in stock") or NOT_FOR_SALE. The same saleId again answers 200 with the first sale.',
  }),
  posCreateSale: route({
    method: 'POST',
    path: '/pos/sales',
    body: PosSaleBody,
    responses: { 200: ok(PosSale), 201: ok(PosSale), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: DESK,
    apiScope: { area: 'inventory', access: 'write' },
    summary:
      'Check out a cart at the counter: takes the stock of every line at once (first-expiring batches first) and publishes the sale for its tax invoice.',
    description:
      '409 INSUFFICIENT_STOCK names the item and what is left; nothing is taken then. The same saleId again answers 200 with the first sale (a retried request sells once).',
  }),
  posListSales: route({
    method: 'GET',
    path: '/pos/sales',
    query: PosSaleListQuery,
    responses: { 200: PosSaleList, 400: Problem, 403: Problem },
    auth: true,
    // Viewing is owner/admin/trainer (spec: "viewing everything is admin and trainer"); selling stays owner/admin.
    roles: STAFF,
    apiScope: { area: 'inventory', access: 'read' },
    summary: 'Sales of the caller’s locations (counter and members’ orders), newest first, with the totals of the filtered set.',
    description:
      'Filters: period (from/to or one date, the location’s days), location (403 when not the caller’s), status, payment method, buyer kind, search (buyer name or phone, invoice number).',
  }),
  posExportSales: route({
    method: 'GET',
    path: '/pos/sales/export',
    query: PosSaleExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: 'The filtered sales as a CSV file download, streamed (one row per sale; amounts in rupees).',
    description: 'Content-Type text/csv; charset=utf-8 with Content-Disposition attachment; filename="sales-<from>-<to>.csv".',
  }),
  posGetSale: route({
    method: 'GET',
    path: '/pos/sales/:saleId',
    params: SaleIdParams,
    responses: { 200: ok(PosSale), 403: Problem, 404: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: 'One sale with its invoice once issued: staff of its location, or the member who bought.',
  }),
  shopOrder: route({
    method: 'POST',
    path: '/pos/orders',
    body: ShopOrderBody,
    responses: { 200: ok(PosSale), 201: ok(PosSale), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: ['member'],
    summary: 'A member orders resale items of their location, to pay online and pick up at the desk (status awaiting_payment until paid).',
  }),
} as const;
