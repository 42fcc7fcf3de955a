// The demo chain's stock, seeded through the public API: suppliers with GSTINs, resale stock at both branches
// (supplements at HSN 2106 / 18 %, drinks, accessories) with batches and expiry dates, equipment with service
// intervals and a maintenance history, a few low-stock and expiring items, an expired batch written off, and counter
// sales (so the analytics have data). Idempotent: when the organization has suppliers, nothing is added.
import { randomUUID } from 'node:crypto';
import { inventoryRoutes } from '@akhada/contracts';
import { apiCall, must, todayInIndia, daysFromToday } from './seed-api.ts';

const SUPPLIERS = [
  { name: 'NutriSource Distributors', contactName: 'Rahul Mehta', phone: '+91 98220 41001', gstin: '27AAPFU0939F1ZV', address: 'Baner Road, Pune 411045' },
  { name: 'FitGear India', contactName: 'Sneha Kulkarni', phone: '+91 98450 52002', gstin: '29AAGCF4321K1Z5', address: 'HSR Layout, Bengaluru 560102' },
  { name: 'HydroPlus Beverages', contactName: 'Imran Shaikh', phone: '+91 90110 63003', address: 'Hadapsar, Pune 411028' },
] as const;

interface Stock {
  name: string;
  category: 'supplement' | 'accessory' | 'consumable';
  brand: string;
  hsn: string;
  gstRate: number;
  price: number;
  cost: number;
  reorderLevel: number;
  supplier: number;
  /** Per batch: quantity and days until expiry (null: none). */
  batches: [number, number | null][];
}

const STOCK: Stock[] = [
  {
    name: 'Whey Protein 1 kg (Chocolate)',
    category: 'supplement',
    brand: 'MuscleBlaze',
    hsn: '2106',
    gstRate: 18,
    price: 2499,
    cost: 1650,
    reorderLevel: 5,
    supplier: 0,
    batches: [
      [4, 20],
      [12, 240],
    ],
  },
  {
    name: 'Creatine Monohydrate 250 g',
    category: 'supplement',
    brand: 'AS-IT-IS',
    hsn: '2106',
    gstRate: 18,
    price: 799,
    cost: 480,
    reorderLevel: 4,
    supplier: 0,
    batches: [[3, 300]],
  },
  {
    name: 'BCAA 250 g (Watermelon)',
    category: 'supplement',
    brand: 'Scivation',
    hsn: '2106',
    gstRate: 18,
    price: 1599,
    cost: 1050,
    reorderLevel: 3,
    supplier: 0,
    batches: [[6, 12]],
  },
  {
    name: 'Protein Bar 60 g',
    category: 'supplement',
    brand: 'RiteBite Max',
    hsn: '1806',
    gstRate: 18,
    price: 99,
    cost: 62,
    reorderLevel: 12,
    supplier: 0,
    batches: [
      [30, 45],
      [24, 9],
    ],
  },
  {
    name: 'Electrolyte Drink 500 ml',
    category: 'consumable',
    brand: 'Fast&Up',
    hsn: '2202',
    gstRate: 40,
    price: 60,
    cost: 32,
    reorderLevel: 24,
    supplier: 2,
    batches: [
      [48, 90],
      [6, -3],
    ],
  },
  {
    name: 'Packaged Water 1 l',
    category: 'consumable',
    brand: 'Bisleri',
    hsn: '2201',
    gstRate: 18,
    price: 20,
    cost: 11,
    reorderLevel: 24,
    supplier: 2,
    batches: [[60, 365]],
  },
  {
    name: 'Shaker Bottle 700 ml',
    category: 'accessory',
    brand: 'Boldfit',
    hsn: '3924',
    gstRate: 18,
    price: 299,
    cost: 140,
    reorderLevel: 5,
    supplier: 1,
    batches: [[14, null]],
  },
  {
    name: 'Gym Gloves (M)',
    category: 'accessory',
    brand: 'Kobo',
    hsn: '4203',
    gstRate: 18,
    price: 449,
    cost: 230,
    reorderLevel: 4,
    supplier: 1,
    batches: [[2, null]],
  },
  {
    name: 'Resistance Band Set',
    category: 'accessory',
    brand: 'Strauss',
    hsn: '9506',
    gstRate: 18,
    price: 699,
    cost: 380,
    reorderLevel: 3,
    supplier: 1,
    batches: [[8, null]],
  },
  {
    name: 'Gym Towel',
    category: 'accessory',
    brand: 'Akhada',
    hsn: '6302',
    gstRate: 5,
    price: 249,
    cost: 120,
    reorderLevel: 6,
    supplier: 1,
    batches: [[20, null]],
  },
];

const EQUIPMENT = [
  {
    name: 'Treadmill T-900',
    serial: 'TM900-2291',
    purchased: 540,
    interval: 90,
    service: [
      [200, 'Belt alignment and lubrication', 2500],
      [110, 'Motor brush replacement', 4200],
    ],
    condition: 'good',
  },
  { name: 'Spin Bike SB-20', serial: 'SB20-1180', purchased: 400, interval: 60, service: [[75, 'Brake pads replaced', 1200]], condition: 'fair' },
  {
    name: 'Cable Crossover Station',
    serial: 'CC-5521',
    purchased: 700,
    interval: 180,
    service: [[150, 'Cables and pulleys replaced', 6800]],
    condition: 'good',
  },
  { name: 'Rowing Machine R-3', serial: 'RW3-0042', purchased: 300, interval: 120, service: [], condition: 'needs_repair' },
] as const;

export async function seedInventory(base: string, token: string, o: { pune: string; blr: string; log?: (s: string) => void }): Promise<void> {
  const log = o.log ?? console.error;
  const call = apiCall(base, token);
  const existing = inventoryRoutes.listSuppliers.responses[200].parse(await must('suppliers', call('GET', '/inventory/suppliers?limit=1')));
  if (existing.totalCount > 0) return;
  log('[seed] inventory');

  const suppliers: string[] = [];
  for (const s of SUPPLIERS)
    suppliers.push(inventoryRoutes.createSupplier.responses[201].parse(await must(`supplier ${s.name}`, call('POST', '/inventory/suppliers', s))).data._id);

  for (const [branch, locationId] of [o.pune, o.blr].entries()) {
    const items: { id: string; name: string; quantity: number }[] = [];
    for (const s of STOCK) {
      const created = inventoryRoutes.create.responses[201].parse(
        await must(
          `item ${s.name}`,
          call('POST', '/inventory', {
            name: s.name,
            category: s.category,
            brand: s.brand,
            locationId,
            isForSale: true,
            sellingPrice: s.price,
            hsn: s.hsn,
            gstRate: s.gstRate,
            reorderLevel: s.reorderLevel,
            supplierId: suppliers[s.supplier],
            sku: `AKH-${s.hsn}-${s.name
              .replace(/[^A-Za-z]/g, '')
              .slice(0, 6)
              .toUpperCase()}`,
          }),
        ),
      ).data;
      // The Bengaluru branch carries a little less of everything.
      for (const [i, [quantity, days]] of s.batches.entries())
        await must(
          `stock ${s.name}`,
          call('PATCH', `/inventory/${created._id}/stock`, {
            action: 'receive',
            quantity: Math.max(1, quantity - branch * Math.floor(quantity / 3)),
            unitCost: s.cost,
            supplierId: suppliers[s.supplier],
            batchNo: `B${branch + 1}-${i + 1}${s.hsn}`,
            ...(days === null ? {} : { expiryDate: daysFromToday(days) }),
          }),
        );
      items.push({ id: created._id, name: s.name, quantity: s.batches.reduce((n, [q]) => n + q, 0) });
    }
    // The expired electrolyte batch is written off (wastage in the analytics).
    const drink = items.find((i) => i.name.startsWith('Electrolyte'))!;
    const got = inventoryRoutes.get.responses[200].parse(await must('electrolyte', call('GET', `/inventory/${drink.id}`)));
    const expired = got.data.batches.find((b) => b.expiryDate !== null && b.expiryDate < todayInIndia());
    if (expired)
      await must(
        'write-off',
        call('PATCH', `/inventory/${drink.id}/stock`, { action: 'write_off', quantity: expired.quantity, reason: 'expired', batchId: expired._id }),
      );

    // Counter sales of the day: water, bars, a shaker, whey.
    const pick = (prefix: string) => items.find((i) => i.name.startsWith(prefix))!.id;
    const carts: [string, number][][] = [
      [
        ['Packaged Water', 4],
        ['Protein Bar', 2],
      ],
      [
        ['Whey Protein', 1],
        ['Shaker Bottle', 1],
      ],
      [['Electrolyte Drink', 3]],
      [
        ['Protein Bar', 6],
        ['Gym Towel', 1],
      ],
      [['Creatine', 1]],
    ];
    for (const [n, cart] of carts.entries())
      await must(
        'sale',
        call('POST', '/pos/sales', {
          saleId: randomUUID(),
          locationId,
          buyer: { kind: 'walk_in', name: ['Rohit', 'Kavya', 'Arjun', 'Meera', 'Vikas'][n] },
          lines: cart.map(([prefix, quantity]) => ({ itemId: pick(prefix), quantity })),
          discount: n === 1 ? 100 : 0,
          paymentMethod: (['cash', 'upi', 'card', 'upi', 'cash'] as const)[n],
        }),
      );

    // Equipment with service intervals and a maintenance history (one overdue, one needing repair).
    for (const e of EQUIPMENT) {
      const created = inventoryRoutes.create.responses[201].parse(
        await must(
          `equipment ${e.name}`,
          call('POST', '/inventory', {
            name: e.name,
            category: 'equipment',
            locationId,
            priority: e.condition === 'needs_repair' ? 'high' : 'medium',
            condition: e.condition,
            supplierId: suppliers[1],
            equipment: {
              serialNumber: `${e.serial}-${branch + 1}`,
              purchaseDate: daysFromToday(-e.purchased),
              warrantyUntil: daysFromToday(-e.purchased + 730),
              serviceIntervalDays: e.interval,
            },
            initialStock: { quantity: 1, unitCost: 85000 },
          }),
        ),
      ).data;
      for (const [ago, workDone, cost] of e.service)
        await must(
          `service ${e.name}`,
          call('POST', `/inventory/${created._id}/maintenance`, { action: 'complete', date: daysFromToday(-ago), workDone, cost, vendor: 'FitFix Services' }),
        );
      if (e.condition === 'needs_repair')
        await must(
          'maintenance',
          call('POST', `/inventory/${created._id}/maintenance`, { action: 'start', note: 'Seat rail jams', vendor: 'FitFix Services' }),
        );
    }
  }
}
