// @vitest-environment jsdom
import { inventoryRoutes, saleTotalsOf, type InventoryItem, type PosSale, type ShopItem } from '@akhada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { membersAre, signedInShell } from '../../../testing/app-handlers';
import { barrier, on, problem, reply } from '../../../testing/contract-handlers';
import { aMember, aUser, PUNE } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

beforeAll(async () => {
  await Promise.all([import('./pos-page'), import('./receipt-page'), import('./shop-page'), import('./order-page'), import('../../../app/shell/app-shell')]);
});

const AT = '2026-11-20T05:30:00.000Z';
let n = 0;
function anItem(o: Partial<InventoryItem> = {}): InventoryItem {
  n += 1;
  return {
    _id: `0198a3c1-0000-7000-8000-0000000c${String(n).padStart(4, '0')}`,
    name: 'Whey Protein 1 kg',
    description: '',
    category: 'supplement',
    status: 'active',
    condition: 'excellent',
    priority: 'medium',
    locationId: PUNE._id,
    sku: `SKU-${n}`,
    barcode: `890100000${String(n).padStart(4, '0')}`,
    brand: 'MuscleBlaze',
    unit: 'pcs',
    quantity: 5,
    reorderLevel: 1,
    isLowStock: false,
    isForSale: true,
    sellingPrice: 2499,
    costPrice: 1800,
    hsn: '21069099',
    gstRate: 18,
    lineKind: 'goods',
    supplier: null,
    batches: [],
    equipment: null,
    assignedTo: null,
    archived: false,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    chargedGstRate: o.gstRate ?? 18,
    ...o,
  };
}

const whey = anItem({ name: 'Whey Protein 1 kg', sellingPrice: 2499, gstRate: 18, hsn: '21069099', quantity: 5 });
const towel = anItem({ name: 'Gym Towel', sellingPrice: 349.5, gstRate: 5, hsn: '63026000', quantity: 2, category: 'accessory', brand: null });

function aSale(body: { saleId: string; lines: { itemId: string; quantity: number }[] }, o: Partial<PosSale> = {}): PosSale {
  const lines = body.lines.map((l) => {
    const it = [whey, towel].find((i) => i._id === l.itemId)!;
    const taxable = it.sellingPrice! * l.quantity;
    const gst = Math.round(taxable * it.gstRate) / 100;
    return {
      itemId: it._id,
      name: it.name,
      hsn: it.hsn!,
      kind: 'goods' as const,
      quantity: l.quantity,
      unitPrice: it.sellingPrice!,
      discount: 0,
      gstRate: it.gstRate,
      taxable,
      gst,
      total: taxable + gst,
    };
  });
  const taxable = lines.reduce((s, l) => s + l.taxable, 0);
  const gst = lines.reduce((s, l) => s + l.gst, 0);
  return {
    _id: body.saleId,
    locationId: PUNE._id,
    status: 'completed',
    buyer: { kind: 'walk_in', memberId: null, name: null, phone: null },
    lines,
    paymentMethod: 'cash',
    totals: { taxable, discount: 0, gst, total: taxable + gst },
    invoice: null,
    onlinePayment: null,
    soldBy: { _id: aUser()._id, name: 'Asha Verma' },
    createdAt: AT,
    completedAt: AT,
    ...o,
  };
}

const listOf = (items: InventoryItem[]) =>
  on(inventoryRoutes.list, ({ request }) => {
    const url = new URL(request.url);
    const code = url.searchParams.get('code');
    const search = url.searchParams.get('search')?.toLowerCase();
    const data = items.filter((i) => (code ? i.barcode === code || i.sku === code : !search || i.name.toLowerCase().includes(search)));
    return reply(inventoryRoutes.list, 200, { success: true, data, totalCount: data.length, pagination: { page: 1, limit: 24, totalPages: 1 } });
  });

const money = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function addBoth(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Whey Protein 1 kg to the cart' }));
  await user.click(screen.getByRole('button', { name: 'Add Gym Towel to the cart' }));
}

describe('point of sale', () => {
  it('shows the loading, then the empty and the error state (with Retry) of the items', async () => {
    const hold = barrier();
    let fail = false;
    server.use(
      ...signedInShell(),
      on(inventoryRoutes.list, async () => {
        await hold.released;
        if (fail) return problem(500, 'INTERNAL', 'boom');
        return reply(inventoryRoutes.list, 200, { success: true, data: [], totalCount: 0, pagination: { page: 1, limit: 24, totalPages: 0 } });
      }),
    );
    const { user } = renderApp('/dashboard/pos');
    expect(await screen.findByText('Loading items…')).toBeTruthy();
    hold.release();
    expect(await screen.findByText('No items for sale at this location')).toBeTruthy();
    expect(screen.getByText('The cart is empty')).toBeTruthy();
    expect((screen.getByTestId('pos-submit') as HTMLButtonElement).disabled).toBe(true);
    fail = true;
    await user.type(screen.getByTestId('pos-search'), 'zz');
    expect(await screen.findByRole('button', { name: /Retry|Try again/ }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);

  it('adds by typed code (Enter), keeps quantities within the stock, and totals match saleTotalsOf', async () => {
    server.use(...signedInShell(), listOf([whey, towel]));
    const { user } = renderApp('/dashboard/pos');
    await screen.findByRole('button', { name: 'Add Whey Protein 1 kg to the cart' });
    await user.type(screen.getByTestId('pos-code'), `${towel.barcode!}{Enter}`);
    expect(await screen.findByText('Added Gym Towel')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'One more Gym Towel' }));
    expect(screen.getByText('All 2 in stock are in the cart')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'One more Gym Towel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('pos-code'), `${towel.barcode!}{Enter}`);
    expect(await screen.findByText('Only 2 of Gym Towel are in stock; they are all in the cart.')).toBeTruthy();
    await user.type(screen.getByTestId('pos-code'), 'NOPE-1{Enter}');
    expect(await screen.findByText('No item for sale has the code NOPE-1 at this location.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Whey Protein 1 kg to the cart' }));
    await user.click(screen.getByRole('button', { name: 'One more Whey Protein 1 kg' }));
    await user.type(screen.getByTestId('pos-discount'), '100');
    const expected = saleTotalsOf([
      { unitPricePaise: 34950, quantity: 2, discountPaise: 1226, gstRatePercent: 5 },
      { unitPricePaise: 249900, quantity: 2, discountPaise: 8774, gstRatePercent: 18 },
    ]);
    await waitFor(() => expect(screen.getByTestId('pos-total').textContent).toBe(money(expected.totalPaise)));
    expect(screen.getByTestId('pos-gst').textContent).toBe(money(expected.gstPaise));
    expect(screen.getByTestId('pos-taxable').textContent).toBe(money(expected.taxablePaise));
    expect(screen.getByTestId('pos-totals').getAttribute('aria-live')).toBe('polite');
    await user.click(screen.getByRole('button', { name: 'Remove Gym Towel from the cart' }));
    expect(screen.getAllByTestId('pos-cart-line')).toHaveLength(1);
  }, 30_000);

  it('a retried checkout sends the same saleId (sold once), then shows the receipt and the invoice once issued', async () => {
    const sent: { saleId: string; lines: { itemId: string; quantity: number }[]; paymentMethod: string; buyer: unknown }[] = [];
    let calls = 0;
    let reads = 0;
    server.use(
      ...signedInShell(),
      listOf([whey, towel]),
      on(inventoryRoutes.posCreateSale, async ({ request }) => {
        const body = (await request.json()) as (typeof sent)[number];
        sent.push(body);
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        return reply(inventoryRoutes.posCreateSale, 201, { success: true, data: aSale(body) });
      }),
      on(inventoryRoutes.posGetSale, ({ params }) => {
        reads += 1;
        const sale = aSale({ saleId: String(params.saleId), lines: sent[0]!.lines });
        return reply(inventoryRoutes.posGetSale, 200, {
          success: true,
          data:
            reads < 2
              ? sale
              : {
                  ...sale,
                  invoice: {
                    invoiceId: '0198a3c1-0000-7000-8000-0000000e0001',
                    number: 'AKH/2026-27/000042',
                    paymentId: '0198a3c1-0000-7000-8000-0000000e0002',
                  },
                },
        });
      }),
    );
    const { user } = renderApp('/dashboard/pos');
    await addBoth(user);
    await user.click(screen.getByTestId('pos-method-upi'));
    await user.type(screen.getByTestId('pos-walkin-name'), 'Ravi');
    await user.click(screen.getByTestId('pos-submit'));
    // The lost answer is either retried by the client on its own or shown with a retry button: the same saleId both ways.
    await waitFor(() => expect(screen.queryByTestId('pos-checkout-error') ?? screen.queryByTestId('receipt')).toBeTruthy(), { timeout: 15_000 });
    const alert = screen.queryByTestId('pos-checkout-error');
    if (alert) {
      expect(alert.textContent).toContain('never charged or taken from stock twice');
      await user.click(screen.getByRole('button', { name: /Try the checkout again/ }));
    }
    expect(await screen.findByTestId('receipt', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Issuing invoice…')).toBeTruthy();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((b) => b.saleId)).size).toBe(1);
    expect(sent[0]).toMatchObject({
      locationId: PUNE._id,
      paymentMethod: 'upi',
      buyer: { kind: 'walk_in', name: 'Ravi' },
      lines: [
        { itemId: whey._id, quantity: 1 },
        { itemId: towel._id, quantity: 1 },
      ],
    });
    expect(screen.getAllByTestId('sale-line-hsn').map((c) => c.textContent)).toEqual(['21069099', '63026000']);
    expect(await screen.findByTestId('invoice-download', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('invoice-number').textContent).toBe('AKH/2026-27/000042');
  }, 60_000);

  it('says plainly when stock ran out (409) and starts a new checkout after a definite refusal', async () => {
    const ids: string[] = [];
    server.use(
      ...signedInShell(),
      listOf([whey, towel]),
      on(inventoryRoutes.posCreateSale, async ({ request }) => {
        ids.push(((await request.json()) as { saleId: string }).saleId);
        return problem(409, 'INSUFFICIENT_STOCK', 'Only 1 left in stock of Gym Towel');
      }),
    );
    const { user } = renderApp('/dashboard/pos');
    await addBoth(user);
    await user.click(screen.getByTestId('pos-submit'));
    const alert = await screen.findByTestId('pos-checkout-error');
    expect(within(alert).getByText(/Not enough stock: nothing was sold/)).toBeTruthy();
    expect(within(alert).getByText('Only 1 left in stock of Gym Towel')).toBeTruthy();
    expect(alert.textContent).not.toContain('twice');
    await user.click(screen.getByTestId('pos-submit'));
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[0]).not.toBe(ids[1]);
  }, 30_000);

  it('sells to a member picked by search', async () => {
    const kavita = aMember({ firstName: 'Kavita', lastName: 'Rao' });
    let body: { buyer?: unknown } = {};
    server.use(
      ...signedInShell(),
      listOf([whey]),
      membersAre([kavita]),
      on(inventoryRoutes.posCreateSale, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return reply(inventoryRoutes.posCreateSale, 201, { success: true, data: aSale(body as never) });
      }),
      on(inventoryRoutes.posGetSale, () => problem(503, 'UNAVAILABLE', 'down')),
    );
    const { user } = renderApp('/dashboard/pos');
    await user.click(await screen.findByRole('button', { name: 'Add Whey Protein 1 kg to the cart' }));
    await user.click(screen.getByTestId('pos-buyer-member'));
    await user.click(screen.getByTestId('pos-submit'));
    expect(await screen.findByText(/Please enter a member ID/)).toBeTruthy();
    await user.type(screen.getByTestId('pos-member-search'), 'Kav');
    await user.click(await screen.findByRole('option', { name: /Kavita Rao/ }));
    expect(screen.getByTestId('pos-member-chosen').textContent).toContain('Kavita Rao');
    await user.click(screen.getByTestId('pos-submit'));
    await waitFor(() => expect(body.buyer).toEqual({ kind: 'member', memberId: kavita._id }));
  }, 30_000);
});

describe('member shop', () => {
  const shake: ShopItem = {
    _id: whey._id,
    name: 'Whey Protein 1 kg',
    description: 'Chocolate',
    category: 'supplement',
    brand: 'MuscleBlaze',
    locationId: PUNE._id,
    price: 2948.82,
    inStock: true,
  };
  const gloves: ShopItem = { ...shake, _id: towel._id, name: 'Gloves', description: '', brand: null, price: 599, inStock: false };

  it('lists the items of the location, orders with one saleId and shows the order awaiting payment', async () => {
    let order: { saleId: string; lines: { itemId: string; quantity: number }[] } | null = null;
    server.use(
      ...signedInShell(aUser({ role: 'member', locations: [PUNE] })),
      on(inventoryRoutes.shop, () =>
        reply(inventoryRoutes.shop, 200, { success: true, data: [shake, gloves], totalCount: 2, pagination: { page: 1, limit: 48, totalPages: 1 } }),
      ),
      on(inventoryRoutes.shopOrder, async ({ request }) => {
        order = (await request.json()) as NonNullable<typeof order>;
        return reply(inventoryRoutes.shopOrder, 201, {
          success: true,
          data: aSale(order, { status: 'awaiting_payment', paymentMethod: 'razorpay', completedAt: null }),
        });
      }),
      on(inventoryRoutes.posGetSale, () =>
        reply(inventoryRoutes.posGetSale, 200, {
          success: true,
          data: aSale(order!, { status: 'awaiting_payment', paymentMethod: 'razorpay', completedAt: null }),
        }),
      ),
    );
    const { user } = renderApp('/dashboard/me/shop');
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add Gloves to the cart' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add Whey Protein 1 kg to the cart' }));
    await user.click(screen.getByRole('button', { name: 'One more Whey Protein 1 kg' }));
    expect(screen.getByTestId('shop-total').textContent).toBe('₹5,897.64');
    await user.click(screen.getByTestId('shop-order'));
    expect(await screen.findByTestId('order-status')).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Awaiting payment');
    expect(screen.getByText('Preparing the payment…')).toBeTruthy();
    expect(order).toMatchObject({ lines: [{ itemId: whey._id, quantity: 2 }] });
  }, 30_000);

  it('shows the empty shop honestly', async () => {
    server.use(
      ...signedInShell(aUser({ role: 'member', locations: [PUNE] })),
      on(inventoryRoutes.shop, () =>
        reply(inventoryRoutes.shop, 200, { success: true, data: [], totalCount: 0, pagination: { page: 1, limit: 48, totalPages: 0 } }),
      ),
    );
    renderApp('/dashboard/me/shop');
    expect(await screen.findByText('Nothing for sale right now')).toBeTruthy();
  }, 30_000);
});
