// Payments, end to end in headless Chromium against the real stack (every service, the gateway, PostgreSQL, Kafka and
// the Razorpay stand-in): staff record a membership payment through Record New Payment and find it in Payment
// History; a pending amount is paid online through the stand-in's Checkout and ends completed. Each test works in a
// gym of its own.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signedInPage } from '@akhada/test-support/ui';

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

/** PAYMENTS_SCREENSHOTS=<dir>: also saves the payments screens at 375 and 1280 px, light and dark, English and Hindi. */
const shotsDir = process.env.PAYMENTS_SCREENSHOTS;
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

async function staffPage(gym: Gym, width = 1280): Promise<Page> {
  return signedInPage(browser, base, gym, { width });
}

/** A member of the gym, added through the API; answers once the payments service knows them (its copy follows members' events). */
async function addMember(gym: Gym, firstName: string): Promise<{ _id: string; name: string }> {
  const r = await api.call('POST', '/members', api.member(1, { firstName, lastName: 'Verma' }), gym.token);
  if (r.status !== 201) throw new Error(`member: ${r.status} ${JSON.stringify(r.json)}`);
  const member = (r.json as { data: { _id: string } }).data;
  return { _id: member._id, name: `${firstName} Verma` };
}

describe('payments', () => {
  it('records a membership payment through Record New Payment and lists it in Payment History', async () => {
    const gym = await api.newGym('payments');
    const member = await addMember(gym, `Asha${randomUUID().slice(0, 4)}`);
    const page = await staffPage(gym);
    await page.goto('/dashboard/payments');
    await page.getByTestId('link-create').click();
    await page.getByRole('heading', { level: 1, name: 'Record New Payment' }).waitFor({ timeout: 15_000 });

    await page.getByTestId('member-search').fill(member.name.split(' ')[0]!);
    await expect
      .poll(async () => (await page.getByTestId('payment-member').locator('option').allInnerTexts()).some((o) => o.includes(member.name)), { timeout: 15_000 })
      .toBe(true);
    await page.getByTestId('payment-member').selectOption(member._id);
    await page.getByTestId('payment-type').selectOption('membership_fee');
    await page.getByTestId('membership-type').selectOption('premium');
    await page.getByTestId('payment-amount-input').fill('1999.50');
    await expect.poll(() => page.getByTestId('payment-total').innerText()).toBe('₹1,999.50');
    await page.getByTestId('payment-method').selectOption('upi');
    const description = `December membership ${randomUUID().slice(0, 6)}`;
    await page.getByTestId('payment-description').fill(description);
    await page.getByTestId('payment-submit').click();

    await page.waitForURL(/\/dashboard\/payments$/, { timeout: 15_000 });
    await page.getByText('Payment recorded successfully!').waitFor({ timeout: 15_000 });

    await page.getByTestId('link-history').click();
    const row = page.getByTestId('payment-row').filter({ hasText: description });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(member.name);
    expect(text).toContain('Completed');
    expect(text).toContain('UPI');
    await row.getByTestId('payment-view').click();
    await page.getByTestId('payment-facts').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('detail-total').innerText()).toBe('₹1,999.50');
    const detailPath = new URL(page.url()).pathname;
    await page.context().close();
    await screenshots(gym, {
      dashboard: '/dashboard/payments',
      create: '/dashboard/payments/create',
      analytics: '/dashboard/payments/analytics',
      pending: '/dashboard/payments/pending',
      history: '/dashboard/payments/history',
      detail: detailPath,
      reports: '/dashboard/payments/reports',
      salaries: '/dashboard/payments/trainer-salaries',
      invoices: '/dashboard/payments/invoices',
      member: '/dashboard/payments/member-payments?member=' + member._id,
    });
  });

  it("downloads a membership payment's invoice PDF with its number and the GST split the server computed", async () => {
    const gym = await api.newGym('invoicepdf');
    const member = await addMember(gym, `Meera${randomUUID().slice(0, 4)}`);
    // The gym is GST-registered in Maharashtra (once payments knows its location from auth's events).
    let locationId = '';
    await expect
      .poll(
        async () => {
          const r = await api.call('GET', '/payments/tax-settings', undefined, gym.token);
          locationId = (r.json as { data?: { locations: { locationId: string }[] } }).data?.locations[0]?.locationId ?? '';
          return locationId !== '';
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
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
            gstin: '27AAGCG1234K1ZN',
            stateCode: '27',
            legalName: 'Meera Fitness LLP',
            address: 'Baner, Pune',
            invoicePrefix: 'MF',
          },
        ],
      },
      gym.token,
    );
    expect(tax.status, JSON.stringify(tax.json)).toBe(200);
    // A completed membership fee of ₹2,000: the server adds GST by the rule (5% from 22 Sep 2025), whatever GST is sent.
    let paymentId = '';
    await expect
      .poll(
        async () => {
          const r = await api.call(
            'POST',
            '/payments',
            {
              paymentCategory: 'member',
              paymentType: 'membership_fee',
              amount: 2000,
              gstAmount: 360,
              member: member._id,
              description: 'Premium monthly',
              paymentMethod: 'upi',
            },
            gym.token,
          );
          if (r.status === 201) paymentId = (r.json as { data: { _id: string } }).data._id;
          return r.status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(201);

    const page = await staffPage(gym);
    await page.goto(`/dashboard/payments/history/${paymentId}`);
    await page.getByTestId('payment-facts').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('detail-total').innerText()).toBe('₹2,100.00');
    // The invoice is issued from the payment's event; the payment shows its number once it exists.
    await expect
      .poll(
        async () => {
          if (await page.getByTestId('detail-invoice-number').count()) return true;
          await page.reload();
          await page.getByTestId('payment-facts').waitFor({ timeout: 15_000 });
          return false;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const number = (await page.getByTestId('detail-invoice-number').innerText()).trim();
    expect(number).toMatch(/^MF\/\d{2}-\d{2}\/\d+$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('detail-invoice-download').click()]);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    expect(text).toContain(number);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('27AAGCG1234K1ZN');
    // CGST + SGST halves of 5% on ₹2,000 (supply within Maharashtra), no IGST
    expect(text).toMatch(/CGST\s+50\.00/);
    expect(text).toMatch(/SGST\s+50\.00/);
    expect(text).not.toMatch(/IGST/);
    expect(text).toContain('2,100.00');
    expect(text).toContain('Rupees Two Thousand One Hundred Only');
    await page.context().close();
  });

  it('pays a pending amount online through the stand-in Checkout and sees it completed', async () => {
    const gym = await api.newGym('payonline');
    const member = await addMember(gym, `Ravi${randomUUID().slice(0, 4)}`);
    const keys = await api.call(
      'PUT',
      '/payments/integrations/razorpay',
      { keyId: `rzp_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`, keySecret: `secret-${randomUUID()}`, webhookSecret: `hook-${randomUUID()}` },
      gym.token,
    );
    expect(keys.status).toBe(200);
    // The member must be known to payments before a payment for them is accepted: retry until it is.
    let paymentId = '';
    await expect
      .poll(
        async () => {
          const r = await api.call(
            'POST',
            '/payments',
            {
              paymentCategory: 'member',
              paymentType: 'membership_renewal',
              amount: 1499,
              member: member._id,
              description: 'January renewal',
              status: 'pending',
            },
            gym.token,
          );
          if (r.status === 201) paymentId = (r.json as { data: { _id: string } }).data._id;
          return r.status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(201);

    const page = await staffPage(gym, 375);
    await page.goto(`/dashboard/payments/history/${paymentId}`);
    await page.getByTestId('payment-status').filter({ hasText: 'Pending' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('pay-online').click();
    const checkout = page.getByRole('dialog').filter({ hasText: '₹1,499.00' });
    await checkout.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.getByTestId('payment-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-history').innerText()).toContain('Paid online');
    await page.context().close();
  });
});
