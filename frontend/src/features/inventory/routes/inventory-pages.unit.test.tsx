// @vitest-environment jsdom
import { InventoryItem, inventoryRoutes, trainersRoutes } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

beforeAll(async () => {
  await Promise.all([
    import('./inventory-page'),
    import('./item-form-page'),
    import('./item-detail-page'),
    import('./alerts-page'),
    import('./suppliers-page'),
    import('./maintenance-page'),
    import('../../../app/shell/app-shell'),
  ]);
});

const ITEM_ID = '0198a3c1-0000-7000-8000-00000000c001';
const anItem = (over: Partial<InventoryItem> = {}): InventoryItem =>
  InventoryItem.parse({
    _id: ITEM_ID,
    name: 'Whey Protein 1 kg',
    description: '',
    category: 'supplement',
    status: 'active',
    condition: 'good',
    priority: 'medium',
    locationId: PUNE._id,
    sku: 'WHEY-1',
    barcode: null,
    brand: 'MuscleBlaze',
    unit: 'pcs',
    quantity: 12,
    reorderLevel: 5,
    isLowStock: false,
    isForSale: true,
    sellingPrice: 2499,
    costPrice: 1800,
    hsn: '2106',
    gstRate: 18,
    chargedGstRate: 18,
    lineKind: 'goods',
    supplier: null,
    batches: [
      {
        _id: '0198a3c1-0000-7000-8000-00000000b001',
        batchNo: 'B-1',
        quantity: 12,
        expiryDate: '2027-03-31',
        unitCost: 1800,
        supplier: null,
        receivedAt: '2026-11-01T05:00:00.000Z',
      },
    ],
    equipment: null,
    assignedTo: null,
    archived: false,
    createdAt: '2026-11-01T05:00:00.000Z',
    updatedAt: '2026-11-01T05:00:00.000Z',
    version: 2,
    ...over,
  });

const page = (total: number) => ({ page: 1, limit: 20, totalPages: Math.max(1, Math.ceil(total / 20)) });
const dashboard = {
  totalItems: 1,
  stockValueAtCost: 21600,
  lowStockCount: 0,
  outOfStockCount: 0,
  expiringCount: 0,
  maintenanceDueCount: 0,
  equipmentStatusPercent: null,
  byCategory: [],
  salesToday: { count: 0, total: 0 },
  recentMovements: [],
};
const dashboardIs = () => on(inventoryRoutes.dashboard, () => reply(inventoryRoutes.dashboard, 200, { success: true, data: dashboard }));
const listIs = (items: InventoryItem[], seen?: URL[]) =>
  on(inventoryRoutes.list, ({ request }) => {
    seen?.push(new URL(request.url));
    return reply(inventoryRoutes.list, 200, { success: true, data: items, totalCount: items.length, pagination: page(items.length) });
  });
const suppliersAre = () =>
  on(inventoryRoutes.listSuppliers, () => reply(inventoryRoutes.listSuppliers, 200, { success: true, data: [], totalCount: 0, pagination: page(0) }));
const movementsAre = (rows: { kind: string; quantityChange: number; quantityAfter: number }[]) =>
  on(inventoryRoutes.movements, () =>
    reply(inventoryRoutes.movements, 200, {
      success: true,
      data: rows.map((r, i) => ({
        _id: `0198a3c1-0000-7000-8000-00000000e00${i}`,
        ...r,
        details: {},
        by: { _id: '0198a3c1-0000-7000-8000-0000000000f1', name: 'Asha Verma' },
        at: '2026-11-20T05:00:00.000Z',
      })),
      totalCount: rows.length,
      pagination: page(rows.length),
    }),
  );

describe('Inventory Management', () => {
  it('shows the totals and the items; a filter goes into the address and the request', async () => {
    const seen: URL[] = [];
    server.use(...signedInShell(), dashboardIs(), listIs([anItem()], seen));
    const { user } = renderApp('/dashboard/inventory?status=active');
    expect(await screen.findByRole('heading', { name: 'Inventory Management' })).toBeTruthy();
    const row = await screen.findByTestId('inv-row');
    expect(within(row).getByText('Whey Protein 1 kg')).toBeTruthy();
    expect(within(row).getByText('₹2,499.00')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect((await screen.findByTestId('inv-card-stockValue')).textContent).toBe('₹21,600');
    expect(seen.at(-1)?.searchParams.get('status')).toBe('active');
    await user.selectOptions(screen.getByTestId('inv-filter-category'), 'supplement');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('category')).toBe('supplement'));
    await user.click(screen.getByTestId('inv-filter-low-stock'));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('isLowStock')).toBe('true'));
    expect(screen.getByTestId('inv-add-item')).toBeTruthy();
  }, 30_000);

  it('says so when there are no items, and offers a retry when the list fails', async () => {
    let failing = true;
    server.use(
      ...signedInShell(),
      dashboardIs(),
      on(inventoryRoutes.list, () =>
        failing
          ? problem(500, 'INTERNAL', 'Something went wrong')
          : reply(inventoryRoutes.list, 200, { success: true, data: [], totalCount: 0, pagination: page(0) }),
      ),
    );
    const { user } = renderApp('/dashboard/inventory');
    const retry = await screen.findByTestId('retry-button', {}, { timeout: 10_000 });
    expect(screen.getByText('Could not load the inventory')).toBeTruthy();
    failing = false;
    await user.click(retry);
    expect(await screen.findByText('No items yet')).toBeTruthy();
  }, 30_000);

  it('lets a trainer view without the add and analytics actions, and sends them away from Add Item', async () => {
    server.use(...signedInShell(aUser({ role: 'trainer' })), dashboardIs(), listIs([anItem()]));
    renderApp('/dashboard/inventory/create');
    expect(await screen.findByRole('heading', { name: 'Inventory Management' })).toBeTruthy();
    await screen.findByTestId('inv-row');
    expect(screen.queryByTestId('inv-add-item')).toBeNull();
    expect(screen.queryByTestId('inv-nav-suppliers')).toBeNull();
    expect(screen.queryByTestId('inv-nav-analytics')).toBeNull();
  }, 30_000);
});

describe('Add Inventory Item', () => {
  it('checks the fields with the contract, then sends the item with its opening stock and opens it', async () => {
    let sent: unknown = null;
    server.use(
      ...signedInShell(),
      suppliersAre(),
      on(inventoryRoutes.create, async ({ request }) => {
        sent = await request.json();
        return reply(inventoryRoutes.create, 201, { success: true, data: anItem() });
      }),
      on(inventoryRoutes.get, () => reply(inventoryRoutes.get, 200, { success: true, data: anItem() })),
      movementsAre([{ kind: 'created', quantityChange: 12, quantityAfter: 12 }]),
    );
    const { user } = renderApp('/dashboard/inventory/create');
    expect(await screen.findByRole('heading', { name: 'Add Inventory Item' })).toBeTruthy();
    await user.click(screen.getByTestId('item-for-sale'));
    await user.click(screen.getByTestId('item-submit'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(sent).toBeNull();

    await user.type(screen.getByTestId('item-name'), 'Whey Protein 1 kg');
    await user.selectOptions(screen.getByTestId('item-location'), PUNE._id);
    await user.type(screen.getByTestId('item-price'), '2499');
    await user.type(screen.getByTestId('item-hsn'), '2106');
    await user.type(screen.getByTestId('item-opening-quantity'), '12');
    await user.type(screen.getByTestId('item-opening-cost'), '1800');
    await user.click(screen.getByTestId('item-submit'));
    expect(await screen.findByTestId('item-quantity')).toBeTruthy();
    expect(sent).toMatchObject({
      name: 'Whey Protein 1 kg',
      category: 'supplement',
      locationId: PUNE._id,
      isForSale: true,
      sellingPrice: 2499,
      hsn: '2106',
      gstRate: 18,
      initialStock: { quantity: 12, unitCost: 1800 },
    });
    expect(await screen.findByTestId('inv-history-row')).toBeTruthy();
  }, 30_000);

  it('shows the server refusal in the form', async () => {
    server.use(
      ...signedInShell(),
      suppliersAre(),
      on(inventoryRoutes.create, () => problem(404, 'NOT_FOUND', 'Location not found')),
    );
    const { user } = renderApp('/dashboard/inventory/create');
    await user.type(await screen.findByTestId('item-name'), 'Towel');
    await user.selectOptions(screen.getByTestId('item-location'), PUNE._id);
    await user.click(screen.getByTestId('item-submit'));
    expect((await screen.findByTestId('item-error')).textContent).toContain('Failed to add item');
  }, 30_000);
});

describe('Inventory Item Details', () => {
  it('receives a batch (the contract checks the quantity) and shows the new quantity and the history', async () => {
    let sent: unknown = null;
    let item = anItem();
    server.use(
      ...signedInShell(),
      suppliersAre(),
      on(inventoryRoutes.get, () => reply(inventoryRoutes.get, 200, { success: true, data: item })),
      movementsAre([{ kind: 'received', quantityChange: 12, quantityAfter: 12 }]),
      on(inventoryRoutes.changeStock, async ({ request }) => {
        sent = await request.json();
        item = anItem({ quantity: 22, version: 3 });
        return reply(inventoryRoutes.changeStock, 200, { success: true, data: item });
      }),
    );
    const { user } = renderApp(`/dashboard/inventory/${ITEM_ID}`);
    expect((await screen.findByTestId('item-quantity')).textContent).toBe('12 pcs');
    expect(within(await screen.findByTestId('inv-history')).getByText('Stock received')).toBeTruthy();
    await user.click(screen.getByTestId('action-receive'));
    await user.click(await screen.findByTestId('stock-submit'));
    expect(await screen.findByText('Quantity is required')).toBeTruthy();
    expect(sent).toBeNull();
    await user.type(screen.getByTestId('stock-quantity'), '10');
    await user.type(screen.getByTestId('stock-batch'), 'B-2');
    await user.click(screen.getByTestId('stock-submit'));
    await waitFor(() => expect(screen.getByTestId('item-quantity').textContent).toBe('22 pcs'));
    expect(sent).toMatchObject({ action: 'receive', quantity: 10, batchNo: 'B-2', unitCost: 1800 });
  }, 30_000);

  it('a trainer sees no stock, edit or dispose actions, but can assign to a trainer', async () => {
    let sent: unknown = null;
    server.use(
      ...signedInShell(aUser({ role: 'trainer' })),
      on(inventoryRoutes.get, () =>
        reply(inventoryRoutes.get, 200, { success: true, data: anItem({ category: 'accessory', isForSale: false, sellingPrice: null }) }),
      ),
      movementsAre([]),
      on(trainersRoutes.list, () => reply(trainersRoutes.list, 200, { success: true, data: [], totalCount: 0, pagination: page(0) })),
      on(inventoryRoutes.assign, async ({ request }) => {
        sent = await request.json();
        return reply(inventoryRoutes.assign, 200, { success: true, data: anItem() });
      }),
    );
    const { user } = renderApp(`/dashboard/inventory/${ITEM_ID}`);
    await screen.findByTestId('item-quantity');
    expect(screen.queryByTestId('action-receive')).toBeNull();
    expect(screen.queryByTestId('action-edit')).toBeNull();
    expect(screen.queryByTestId('action-dispose')).toBeNull();
    expect(await screen.findByText('No movements yet')).toBeTruthy();
    await user.click(screen.getByTestId('action-assign'));
    await user.click(await screen.findByTestId('assign-submit'));
    expect(await screen.findByText('Trainer is required')).toBeTruthy();
    await user.selectOptions(screen.getByTestId('assign-kind'), 'room');
    await user.type(await screen.findByTestId('assign-room'), 'Studio 2');
    await user.click(screen.getByTestId('assign-submit'));
    await waitFor(() => expect(sent).toEqual({ assignTo: { kind: 'room', room: 'Studio 2' } }));
  }, 30_000);

  it('says an unknown item is not there', async () => {
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.get, () => problem(404, 'NOT_FOUND', 'Item not found')),
      movementsAre([]),
    );
    renderApp(`/dashboard/inventory/${ITEM_ID}`);
    expect(await screen.findByText('This item does not exist or is not in your locations')).toBeTruthy();
  }, 30_000);
});

describe('Inventory Alerts and Suppliers', () => {
  it('switches between low stock and expiring (tab in the address)', async () => {
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.lowStock, () => reply(inventoryRoutes.lowStock, 200, { success: true, data: [anItem({ quantity: 2, isLowStock: true })] })),
      on(inventoryRoutes.expiring, () => reply(inventoryRoutes.expiring, 200, { success: true, data: [] })),
    );
    const { user } = renderApp('/dashboard/inventory/alerts');
    expect(within(await screen.findByTestId('alerts-low-stock')).getByText('Whey Protein 1 kg')).toBeTruthy();
    await user.click(screen.getByTestId('alerts-tab-expiring'));
    expect(await screen.findByText('No batches expire within 30 days')).toBeTruthy();
  }, 30_000);

  it('checks a new supplier (GSTIN) before sending it', async () => {
    let sent: unknown = null;
    server.use(
      ...signedInShell(),
      suppliersAre(),
      on(inventoryRoutes.createSupplier, async ({ request }) => {
        sent = await request.json();
        return reply(inventoryRoutes.createSupplier, 201, {
          success: true,
          data: {
            _id: '0198a3c1-0000-7000-8000-00000000a901',
            name: 'FitSupply',
            contactName: null,
            phone: null,
            email: null,
            gstin: null,
            address: null,
            notes: null,
            itemCount: 0,
            archived: false,
            createdAt: '2026-11-20T05:00:00.000Z',
          },
        });
      }),
    );
    const { user } = renderApp('/dashboard/inventory/suppliers');
    expect(await screen.findByText('No suppliers yet')).toBeTruthy();
    await user.click(screen.getByTestId('supplier-add'));
    await user.type(await screen.findByTestId('supplier-name'), 'FitSupply');
    await user.type(screen.getByTestId('supplier-gstin'), 'nope');
    await user.click(screen.getByTestId('supplier-submit'));
    await waitFor(() => expect(screen.getByTestId('supplier-gstin').getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toBeNull();
    await user.clear(screen.getByTestId('supplier-gstin'));
    await user.click(screen.getByTestId('supplier-submit'));
    await waitFor(() => expect(sent).toEqual({ name: 'FitSupply' }));
  }, 30_000);
});

describe('Equipment Maintenance', () => {
  it('completes the service of equipment in maintenance: the work done is required, then the record is sent', async () => {
    let sent: unknown = null;
    const treadmill = { _id: ITEM_ID, name: 'Treadmill T-900', locationId: PUNE._id, status: 'maintenance' as const, condition: 'needs_repair' as const };
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.maintenanceDue, () =>
        reply(inventoryRoutes.maintenanceDue, 200, { success: true, data: [{ item: treadmill, dueDate: '2026-11-01', daysOverdue: 24 }] }),
      ),
      on(inventoryRoutes.maintenanceRecords, () =>
        reply(inventoryRoutes.maintenanceRecords, 200, { success: true, data: [], totalCount: 0, pagination: page(0) }),
      ),
      on(inventoryRoutes.maintenance, async ({ request }) => {
        sent = await request.json();
        return reply(inventoryRoutes.maintenance, 200, { success: true, data: anItem({ category: 'equipment' }) });
      }),
    );
    const { user } = renderApp('/dashboard/inventory/maintenance');
    expect(await screen.findByText('24 days overdue')).toBeTruthy();
    expect(await screen.findByText('No maintenance recorded yet')).toBeTruthy();
    await user.click(screen.getByTestId('due-service'));
    await user.type(await screen.findByTestId('service-cost'), '1500');
    await user.click(screen.getByTestId('service-submit'));
    expect(await screen.findByText('Work done is required')).toBeTruthy();
    expect(sent).toBeNull();
    await user.type(screen.getByTestId('service-work'), 'Belt replaced');
    await user.click(screen.getByTestId('service-submit'));
    await waitFor(() => expect(sent).toMatchObject({ action: 'complete', workDone: 'Belt replaced', cost: 1500 }));
  }, 30_000);
});
