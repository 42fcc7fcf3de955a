// Point of sale, end to end in headless Chromium against the real stack: the gym's owner (GST-registered location)
// puts two resale items in stock through the API, sells both at /dashboard/pos (one by its typed barcode, one from the
// list), sees the stock drop, and downloads the tax invoice PDF from the receipt once the payments service has issued
// it from inventory.sale_completed; the PDF's text carries both goods' HSN codes; the sale is then in the Sales list with
// its invoice number. Needs the inventory service and the payments consumer of sales.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signIn } from '@akhada/test-support/ui';

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

/** POS_SCREENSHOTS=<dir>: also saves the counter, the receipt and the shop at 375 and 1280 px, light and dark, en and hi. */
const shotsDir = process.env.POS_SCREENSHOTS;
/** A fresh browser context's page at `width` for a screenshot look. */
const lookPage = async (width: number) => (await newContext(browser, base, width)).newPage();

async function stockedItem(gym: Gym, locationId: string, o: { name: string; price: number; hsn: string; gstRate: number; quantity: number; barcode: string }) {
  const r = await api.call(
    'POST',
    '/inventory',
    {
      name: o.name,
      category: 'supplement',
      locationId,
      barcode: o.barcode,
      isForSale: true,
      sellingPrice: o.price,
      hsn: o.hsn,
      gstRate: o.gstRate,
      initialStock: { quantity: o.quantity, unitCost: Math.round(o.price * 0.6) },
    },
    gym.token,
  );
  if (r.status !== 201) throw new Error(`item: ${r.status} ${JSON.stringify(r.json)}`);
  return (r.json as { data: { _id: string } }).data._id;
}

async function quantityOf(gym: Gym, id: string): Promise<number> {
  const r = await api.call('GET', `/inventory/${id}`, undefined, gym.token);
  return (r.json as { data: { quantity: number } }).data.quantity;
}

describe('point of sale', () => {
  it('sells two items at the counter, the stock drops, and the invoice PDF carries the goods’ HSN lines', async () => {
    const gym = await api.newGym('pos');
    const locationId = gym.user.locations[0]!._id;
    const tax = await api.call(
      'PUT',
      '/payments/tax-settings',
      {
        sacCode: '999723',
        hindiInvoices: false,
        locations: [
          {
            locationId,
            gstRegistered: true,
            gstin: '27AAPFU0939F1ZV',
            stateCode: '27',
            legalName: 'POS Test Fitness',
            address: 'Plot 14, Baner Road, Pune 411045',
            invoicePrefix: 'POS',
          },
        ],
      },
      gym.token,
    );
    expect(tax.status).toBe(200);
    const code = `890${randomUUID().replace(/\D/g, '').slice(0, 10).padEnd(10, '7')}`;
    const whey = await stockedItem(gym, locationId, { name: 'Whey Protein 1 kg', price: 2499, hsn: '21069099', gstRate: 18, quantity: 5, barcode: code });
    const towel = await stockedItem(gym, locationId, { name: 'Gym Towel', price: 349.5, hsn: '63026000', gstRate: 5, quantity: 4, barcode: `${code}1` });

    const ctx = await newContext(browser, base, 1280);
    const page = await ctx.newPage();
    await signIn(page, gym.email, gym.password);
    await page.goto('/dashboard/pos');
    await page.getByRole('heading', { level: 1, name: 'Point of Sale' }).waitFor({ timeout: 15_000 });

    // The whey by its barcode (typed as a USB scanner would: the code, then Enter), twice; the towel from the list.
    const codeField = page.getByTestId('pos-code');
    await codeField.fill(code);
    await codeField.press('Enter');
    await expect.poll(() => page.getByTestId('pos-notice').innerText(), { timeout: 15_000 }).toContain('Added Whey Protein 1 kg');
    await codeField.fill(code);
    await codeField.press('Enter');
    await expect.poll(() => page.getByTestId('pos-qty').first().inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add Gym Towel to the cart' }).click();
    await expect.poll(() => page.getByTestId('pos-cart-line').count()).toBe(2);
    // 2 × 2499 at 18 % + 1 × 349.50 at 5 %: 4998 + 899.64 + 349.50 + 17.48 (half up per line).
    await expect.poll(() => page.getByTestId('pos-total').innerText()).toBe('₹6,264.62');

    await page.getByTestId('pos-submit').click();
    await page.getByTestId('receipt').waitFor({ timeout: 20_000 });
    const receiptPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('sale-total').innerText()).toBe('₹6,264.62');

    // The stock dropped, on the server and on the counter's list.
    expect(await quantityOf(gym, whey)).toBe(3);
    expect(await quantityOf(gym, towel)).toBe(3);

    // (Screens for review, when asked, before the wait for the invoice.)
    if (shotsDir) {
      await inEveryLook(lookPage, gym, async (p, look) => {
        await p.goto('/dashboard/pos');
        await p.getByTestId('pos-items').waitFor({ timeout: 15_000 });
        await p.getByTestId('pos-item-add').first().click();
        await p.getByTestId('pos-item-add').nth(1).click();
        await p.screenshot({ path: `${shotsDir}/pos-${look}.png`, fullPage: true });
        await p.goto(receiptPath);
        await p.getByTestId('receipt').waitFor({ timeout: 15_000 });
        await p.screenshot({ path: `${shotsDir}/receipt-${look}.png`, fullPage: true });
      });
    }

    // The invoice follows through the events; then the PDF, whose text carries both HSN codes.
    await page.getByTestId('invoice-download').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'pos-invoice-'));
    const pdf = join(dir, 'invoice.pdf');
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 4).toString()).toBe('%PDF');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('21069099');
    expect(text).toContain('63026000');

    const invoiceNumber = await page.getByTestId('invoice-number').innerText();

    await page.getByTestId('receipt-new-sale').click();
    await expect.poll(() => page.getByTestId('pos-items').innerText(), { timeout: 15_000 }).toContain('3 in stock');

    // The sale is in the Sales list (reached from the counter) with its invoice number, and in the period's totals.
    await page.getByTestId('pos-sales-link').click();
    await page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor({ timeout: 15_000 });
    const row = page.getByTestId('sales-row').first();
    await expect.poll(() => row.getByTestId('sales-row-invoice').innerText(), { timeout: 15_000 }).toBe(invoiceNumber);
    expect(await page.getByTestId('sales-summary-amount').innerText()).toBe('₹6,264.62');
    await row.getByTestId('sales-open').click();
    expect(await page.getByTestId('sale-detail-invoice').innerText()).toBe(invoiceNumber);
    await page.keyboard.press('Escape');
    if (shotsDir) {
      await inEveryLook(lookPage, gym, async (p, look) => {
        await p.goto('/dashboard/pos/sales');
        await p.getByTestId('sales-row').first().waitFor({ timeout: 15_000 });
        await p.screenshot({ path: `${shotsDir}/sales-${look}.png`, fullPage: true });
        await p.getByTestId('sales-open').first().click();
        await p.getByTestId('sale-detail-totals').waitFor({ timeout: 15_000 });
        // the dialog fades in: shot once its animation is over
        await p.waitForFunction("document.getAnimations().every((a) => a.playState !== 'running')");
        await p.screenshot({ path: `${shotsDir}/sale-detail-${look}.png`, fullPage: false });
      });
    }

    await ctx.close();
  }, 240_000);
});
