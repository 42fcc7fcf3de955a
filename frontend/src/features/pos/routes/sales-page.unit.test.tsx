// @vitest-environment jsdom
import { inventoryRoutes, type InventoryItem, type PosSale } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInShell } from '../../../testing/app-handlers';
import { on, problem, reply } from '../../../testing/contract-handlers';
import { aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

beforeAll(async () => {
  await Promise.all([import('./pos-page'), import('./sales-page'), import('./receipt-page'), import('../../../app/shell/app-shell')]);
});

const AT = '2026-11-20T05:30:00.000Z';
const bar: InventoryItem = {
  _id: '0198a3c1-0000-7000-8000-0000000d0001',
  name: 'Protein Bar',
  description: '',
  category: 'supplement',
  status: 'active',
  condition: 'excellent',
  priority: 'medium',
  locationId: PUNE._id,
  sku: 'BAR-1',
  barcode: '8901000000001',
  brand: null,
  unit: 'pcs',
  quantity: 5,
  reorderLevel: 1,
  isLowStock: false,
  isForSale: true,
  sellingPrice: 100,
  costPrice: 60,
  hsn: '2106',
  gstRate: 18,
  chargedGstRate: 18,
  lineKind: 'goods',
  supplier: null,
  batches: [],
  equipment: null,
  assignedTo: null,
  archived: false,
  createdAt: AT,
  updatedAt: AT,
  version: 1,
};

const saleOf = (saleId: string, quantity: number): PosSale => ({
  _id: saleId,
  locationId: PUNE._id,
  status: 'completed',
  buyer: { kind: 'walk_in', memberId: null, name: 'Kiran', phone: null },
  lines: [
    {
      itemId: bar._id,
      name: bar.name,
      hsn: '2106',
      kind: 'goods',
      quantity,
      unitPrice: 100,
      discount: 0,
      gstRate: 18,
      taxable: 100 * quantity,
      gst: 18 * quantity,
      total: 118 * quantity,
    },
  ],
  paymentMethod: 'cash',
  totals: { taxable: 100 * quantity, discount: 0, gst: 18 * quantity, total: 118 * quantity },
  invoice: null,
  onlinePayment: null,
  soldBy: { _id: aUser()._id, name: 'Asha Verma' },
  createdAt: AT,
  completedAt: AT,
});

const listReply = (data: PosSale[]) =>
  reply(inventoryRoutes.posListSales, 200, {
    success: true,
    data,
    totalCount: data.length,
    pagination: { page: 1, limit: 20, totalPages: data.length ? 1 : 0 },
    summary: {
      count: data.length,
      completed: {
        count: data.length,
        taxable: data.reduce((s, x) => s + x.totals.taxable, 0),
        gst: data.reduce((s, x) => s + x.totals.gst, 0),
        total: data.reduce((s, x) => s + x.totals.total, 0),
      },
    },
  });

describe('sales list', () => {
  it('a sale made at the counter appears in the list with its invoice number, the totals of the period and its detail', async () => {
    const sales: PosSale[] = [];
    const asked: URLSearchParams[] = [];
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.list, () =>
        reply(inventoryRoutes.list, 200, { success: true, data: [bar], totalCount: 1, pagination: { page: 1, limit: 24, totalPages: 1 } }),
      ),
      on(inventoryRoutes.posCreateSale, async ({ request }) => {
        const body = (await request.json()) as { saleId: string; lines: { quantity: number }[] };
        sales.push(saleOf(body.saleId, body.lines[0]!.quantity));
        return reply(inventoryRoutes.posCreateSale, 201, { success: true, data: sales.at(-1)! });
      }),
      on(inventoryRoutes.posGetSale, () => reply(inventoryRoutes.posGetSale, 200, { success: true, data: sales[0]! })),
      // payments answered payments.sale_invoiced: the list shows the invoice
      on(inventoryRoutes.posListSales, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams);
        const shown = sales
          .map((s) => ({
            ...s,
            invoice: { invoiceId: '0198a3c1-0000-7000-8000-0000000e0001', number: 'AKH/2026-27/000042', paymentId: '0198a3c1-0000-7000-8000-0000000e0002' },
          }))
          .filter((s) => !url.searchParams.get('status') || s.status === url.searchParams.get('status'));
        return listReply(shown);
      }),
    );
    const counter = renderApp('/dashboard/pos');
    await counter.user.click(await screen.findByRole('button', { name: 'Add Protein Bar to the cart' }));
    await counter.user.click(screen.getByRole('button', { name: 'One more Protein Bar' }));
    await counter.user.click(screen.getByTestId('pos-submit'));
    await waitFor(() => expect(sales).toHaveLength(1));
    counter.unmount();
    const { user } = renderApp('/dashboard/pos/sales');
    const rows = await screen.findAllByTestId('sales-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('sales-row-invoice').textContent).toBe('AKH/2026-27/000042');
    expect(within(rows[0]!).getByText('Kiran')).toBeTruthy();
    expect(screen.getByTestId('sales-summary-count').textContent).toBe('1');
    expect(screen.getByTestId('sales-summary-amount').textContent).toBe('₹236.00');
    expect(screen.getByTestId('sales-summary-gst').textContent).toBe('₹36.00');
    await user.click(within(rows[0]!).getByTestId('sales-open'));
    const detail = await screen.findByRole('dialog', { name: 'Sale details' });
    expect(within(detail).getByTestId('sale-detail-invoice').textContent).toBe('AKH/2026-27/000042');
    expect(within(detail).getByText('HSN 2106 · GST 18 %')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Download invoice (PDF)' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.selectOptions(screen.getByTestId('sales-filter-status'), 'cancelled');
    expect(await screen.findByText('No sales match these filters')).toBeTruthy();
    expect(asked.at(-1)!.get('status')).toBe('cancelled');
  }, 30_000);

  it('shows the empty state, and the error state with Retry that reads again', async () => {
    let fail = true;
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.posListSales, () => (fail ? problem(500, 'INTERNAL', 'boom') : listReply([]))),
    );
    const { user } = renderApp('/dashboard/pos/sales');
    const retry = await screen.findByRole('button', { name: /Retry|Try again/ }, { timeout: 10_000 });
    expect(screen.getByText('Could not load the sales')).toBeTruthy();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Point of Sale' })).toBeTruthy();
  }, 30_000);
});
