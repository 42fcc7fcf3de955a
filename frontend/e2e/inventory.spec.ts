// Inventory screens, end to end in headless Chromium against the real stack: an admin adds an item with opening stock
// through Add Inventory Item, receives a batch and corrects the count on Inventory Item Details, and sees the
// quantity and the history of every movement; a trainer of the gym views the list but cannot add; a member is sent
// away from the inventory pages. INVENTORY_SCREENSHOTS=<dir> also saves the screens at 375 and 1280 px, light and
// dark, English and Hindi.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signedInPage } from '@akhada/test-support/ui';
import { approvePendingTrainer } from '@akhada/test-support/trainers';

let browser: Browser;
const base = inject('gatewayUrl');
const api = apiFor(base);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Gym = Awaited<ReturnType<typeof api.newGym>>;

async function pageFor(email: string, password: string, expectPath?: RegExp, width = 1280): Promise<Page> {
  return signedInPage(browser, base, { email, password }, { width, ...(expectPath ? { expectPath } : {}) });
}

const shotsDir = process.env.INVENTORY_SCREENSHOTS;
/** A fresh browser context's page at `width` for a screenshot look. */
const lookPage = async (width: number) => (await newContext(browser, base, width)).newPage();
async function screenshots(gym: Gym, paths: Record<string, string>) {
  if (!shotsDir) return;
  await inEveryLook(lookPage, gym, async (page, look) => {
    for (const [name, path] of Object.entries(paths)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${shotsDir}/${name}-${look}.png`, fullPage: true });
    }
  });
}

/** More stock for the screenshots, through the API: a supplier, equipment with a service interval, a low-stock drink. */
async function moreStock(gym: Gym) {
  const locationId = gym.user.locations[0]!._id;
  const supplier = await api.call('POST', '/inventory/suppliers', { name: 'FitSupply Pune', phone: '+91 98200 11111', gstin: '27AAPFU0939F1ZV' }, gym.token);
  const supplierId = supplier.status === 201 ? (supplier.json as { data: { _id: string } }).data._id : undefined;
  await api.call(
    'POST',
    '/inventory',
    {
      name: 'Treadmill T-900',
      category: 'equipment',
      locationId,
      priority: 'high',
      equipment: { serialNumber: 'TM-900-1', purchaseDate: '2025-01-10', serviceIntervalDays: 90, lastServiceDate: '2025-06-01' },
      initialStock: { quantity: 1, unitCost: 85000 },
    },
    gym.token,
  );
  await api.call(
    'POST',
    '/inventory',
    {
      name: 'Electrolyte Drink 500 ml',
      category: 'consumable',
      locationId,
      reorderLevel: 10,
      isForSale: true,
      sellingPrice: 60,
      hsn: '2202',
      gstRate: 12,
      supplierId,
      initialStock: { quantity: 4, unitCost: 35, batchNo: 'ED-11', expiryDate: '2026-12-05' },
    },
    gym.token,
  );
}

describe('inventory', () => {
  it('an admin adds an item with opening stock, receives a batch, corrects the count and sees the history; a trainer views; a member is sent away', async () => {
    const gym = await api.newGym('inventory', { plan: 'pro' });
    const tag = randomUUID().slice(0, 6);
    const itemName = `Whey Protein ${tag}`;
    const page = await pageFor(gym.email, gym.password);

    await page.goto('/dashboard/inventory');
    await page.getByRole('heading', { level: 1, name: 'Inventory Management' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('inv-add-item').click();
    await page.getByRole('heading', { level: 1, name: 'Add Inventory Item' }).waitFor();
    await page.getByTestId('item-name').fill(itemName);
    await page.getByTestId('item-location').selectOption(gym.user.locations[0]!._id);
    await page.getByTestId('item-opening-quantity').fill('10');
    await page.getByTestId('item-opening-cost').fill('1800');
    await page.getByTestId('item-submit').click();

    await page.getByRole('heading', { level: 1, name: 'Inventory Item Details' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => page.getByTestId('item-quantity').textContent(), { timeout: 15_000 }).toBe('10 pcs');

    await page.getByTestId('action-receive').click();
    await page.getByTestId('stock-quantity').fill('5');
    await page.getByTestId('stock-batch').fill('B-2');
    await page.getByTestId('stock-submit').click();
    await expect.poll(async () => page.getByTestId('item-quantity').textContent(), { timeout: 15_000 }).toBe('15 pcs');

    await page.getByTestId('action-adjust').click();
    await page.getByTestId('stock-counted').fill('14');
    await page.getByTestId('stock-reason').fill('Shelf count');
    await page.getByTestId('stock-submit').click();
    await expect.poll(async () => page.getByTestId('item-quantity').textContent(), { timeout: 15_000 }).toBe('14 pcs');
    await expect
      .poll(async () => page.getByTestId('inv-history-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['adjusted', 'received']));
    expect(await page.getByTestId('inv-batch-row').count()).toBe(2);

    // The list shows it with its quantity.
    await page.goto('/dashboard/inventory');
    const row = page.getByTestId('inv-row').filter({ hasText: itemName });
    await expect.poll(async () => row.getByTestId('inv-row-quantity').textContent(), { timeout: 15_000 }).toBe('14 pcs');

    // A trainer of the gym views the list, without Add Item; Add Item itself sends them back to the list.
    const joinCode = gym.user.organization.joinCode!;
    const password = 'inventory pass 2026';
    const trainer = { firstName: 'Kiran', lastName: `Coach${tag}`, email: `kiran-${tag}@example.in`, phone: '+91 98220 44444' };
    expect((await api.call('POST', '/auth/register', { ...trainer, password, role: 'trainer', gymCode: joinCode })).status).toBe(201);
    await approvePendingTrainer(base, gym.token, trainer);
    const tp = await pageFor(trainer.email, password);
    await tp.goto('/dashboard/inventory');
    await tp.getByTestId('inv-row').filter({ hasText: itemName }).waitFor({ timeout: 15_000 });
    expect(await tp.getByTestId('inv-add-item').count()).toBe(0);
    await tp.goto('/dashboard/inventory/create');
    await tp.waitForURL(/\/dashboard\/inventory$/);

    // A member is sent to their own membership.
    const member = { firstName: 'Ritu', lastName: `Member${tag}`, email: `ritu-${tag}@example.in`, phone: '+91 98220 55555' };
    expect((await api.call('POST', '/auth/register', { ...member, password, role: 'member', gymCode: joinCode })).status).toBe(201);
    const mp = await pageFor(member.email, password, /\/dashboard\/me$/);
    await mp.goto('/dashboard/inventory');
    await mp.waitForURL(/\/dashboard\/me$/);

    if (shotsDir) {
      await moreStock(gym);
      const list = await api.call('GET', `/inventory?search=${encodeURIComponent(itemName)}`, undefined, gym.token);
      const id = (list.json as { data: { _id: string }[] }).data[0]!._id;
      await screenshots(gym, {
        list: '/dashboard/inventory',
        create: '/dashboard/inventory/create',
        detail: `/dashboard/inventory/${id}`,
        alerts: '/dashboard/inventory/alerts',
        maintenance: '/dashboard/inventory/maintenance',
        suppliers: '/dashboard/inventory/suppliers',
        analytics: '/dashboard/inventory/analytics',
      });
    }
  }, 180_000);
});
