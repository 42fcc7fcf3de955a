// The Razorpay stand-in's Checkout in headless Chromium, on a page the gateway serves (its real CSP): the frontend's
// openRazorpayCheckout (bundled as the app would bundle it) loads /v1/checkout.js from the stand-in the stack runs, the
// modal opens as an accessible dialog, "Pay with UPI" resolves with a response signed with the key secret, Escape
// rejects as dismissed, "Fail payment" rejects as failed; the webhook goes to the gateway's webhook route, signed.
// Screenshots of the modal and the hosted payment-link page (375 and 1280 px) land in .cache/screenshots/.
import { RAZORPAY_STANDIN_DEFAULTS } from '@akhada/infra/standins';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { buildSync } from 'esbuild';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('gatewayUrl');
const razorpayUrl = inject('razorpayUrl');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = path.join(root, '.cache', 'screenshots');
const { keyId, keySecret, webhookSecret } = RAZORPAY_STANDIN_DEFAULTS;
const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

/** frontend/src/lib/razorpay-checkout.ts as an IIFE exposing window.__rzp (what Vite does for the app, in small). */
const helper =
  buildSync({
    entryPoints: [path.join(root, 'frontend', 'src', 'lib', 'razorpay-checkout.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__rzp',
    write: false,
    target: 'es2022',
  }).outputFiles[0]!.text + ';window.__rzp = __rzp; undefined;';

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rzp = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${razorpayUrl}${url}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const newOrder = (amount: number) => rzp<{ id: string }>('POST', '/v1/orders', { amount, currency: 'INR', receipt: 'e2e' });

/** A page of the product (the gateway's CSP applies) with the helper in it and CSP violations recorded. */
async function productPage(width: number): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await newContext(browser, base, width);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[page] ${err.message}`));
  const res = await page.goto('/');
  expect(res!.headers()['content-security-policy']).toContain(razorpayUrl);
  await page.evaluate(
    "window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI))",
  );
  await page.evaluate(helper);
  return { page, violations: () => page.evaluate('window.__violations') as Promise<string[]> };
}

/** Starts openRazorpayCheckout in the page; the outcome is kept on window.__outcome. */
const startCheckout = (page: Page, orderId: string, amountPaise: number) => {
  const options = {
    checkoutScriptUrl: `${razorpayUrl}/v1/checkout.js`,
    keyId,
    orderId,
    amountPaise,
    currency: 'INR',
    name: 'Iron Temple Gym',
    description: 'Monthly membership renewal',
    prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919876543210' },
  };
  return page.evaluate(
    `window.__outcome = undefined; window.__rzp.openRazorpayCheckout(${JSON.stringify(options)}).then(` +
      `(ok) => { window.__outcome = { ok }; }, (err) => { window.__outcome = { error: { reason: err.reason, message: err.message } }; }); undefined`,
  );
};
const outcome = async (page: Page) => {
  // Polled from here: waitForFunction with a string would eval in the page, which the product's CSP (rightly) refuses.
  await expect.poll(() => page.evaluate('window.__outcome !== undefined'), { timeout: 15_000 }).toBe(true);
  return (await page.evaluate('window.__outcome')) as { ok?: Record<string, string>; error?: { reason: string; message: string } };
};
/** The text of the element focused inside the checkout's shadow root. */
const focusedInCheckout = (page: Page) => page.evaluate("document.querySelector('[data-razorpay-standin]').shadowRoot.activeElement?.textContent");

describe('Razorpay Checkout (stand-in) in the browser', () => {
  it('375 px: opens an accessible dialog, pays with UPI, and resolves with a signed response; the webhook goes to the gateway signed', async () => {
    const { page, violations } = await productPage(375);
    const order = await newOrder(149_900);
    await startCheckout(page, order.id, 149_900);
    const dialog = page.getByRole('dialog', { name: 'Iron Temple Gym' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect(dialog.getByText('₹1,499.00').isVisible()).resolves.toBe(true);
    // Focus starts on the first payment button and stays inside the dialog.
    await expect(focusedInCheckout(page)).resolves.toBe('Pay with UPI');
    await page.screenshot({ path: path.join(shots, 'razorpay-checkout-375.png') });
    await dialog.getByRole('button', { name: 'Pay with UPI' }).click();
    const { ok } = await outcome(page);
    expect(ok!.razorpay_order_id).toBe(order.id);
    expect(ok!.razorpay_signature).toBe(createHmac('sha256', keySecret).update(`${order.id}|${ok!.razorpay_payment_id}`).digest('hex'));
    await expect(dialog.count()).resolves.toBe(0);
    expect(await violations()).toEqual([]);
    // The script was added once, however often checkout opens.
    await expect(page.locator('script[data-razorpay-checkout]').count()).resolves.toBe(1);

    const payment = await rzp<{ status: string }>('GET', `/v1/payments/${ok!.razorpay_payment_id}`);
    expect(payment.status).toBe('captured');
    let hooks: { url: string; event: string; body: string; signature: string; attempts: unknown[] }[] = [];
    while (!hooks[0]?.attempts.length) {
      hooks = ((await (await fetch(`${razorpayUrl}/__standin/webhooks?order_id=${order.id}`)).json()) as { webhooks: typeof hooks }).webhooks;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(hooks[0]!.event).toBe('payment.captured');
    expect(hooks[0]!.url).toBe(`${base}/api/payments/razorpay/webhook`);
    expect(hooks[0]!.signature).toBe(createHmac('sha256', webhookSecret).update(hooks[0]!.body).digest('hex'));
    await page.context().close();
  });

  it('1280 px: Escape dismisses (a distinguishable rejection); "Fail payment" rejects with the reason and closes', async () => {
    const { page, violations } = await productPage(1280);
    const order = await newOrder(250_000);
    await startCheckout(page, order.id, 250_000);
    const dialog = page.getByRole('dialog', { name: 'Iron Temple Gym' });
    await dialog.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'razorpay-checkout-1280.png') });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(focusedInCheckout(page)).resolves.toBe('Pay with UPI');
    await page.keyboard.press('Escape');
    expect((await outcome(page)).error).toEqual({ reason: 'dismissed', message: 'The payment window was closed' });
    await expect(dialog.count()).resolves.toBe(0);

    await startCheckout(page, order.id, 250_000);
    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    expect((await outcome(page)).error).toEqual({ reason: 'failed', message: 'Payment failed because the payer declined it.' });
    await expect(dialog.count()).resolves.toBe(0);
    expect((await rzp<{ status: string }>('GET', `/v1/orders/${order.id}`)).status).toBe('attempted');
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('the hosted payment-link page pays a UPI link (375 and 1280 px)', async () => {
    const link = await rzp<{ id: string; short_url: string }>('POST', '/v1/payment_links', {
      amount: 120_000,
      currency: 'INR',
      description: 'Membership renewal — Monthly',
      customer: { name: 'Asha Verma', email: 'asha@example.in' },
      upi_link: true,
    });
    for (const width of [375, 1280]) {
      const context = await newContext(browser, razorpayUrl, width);
      const page = await context.newPage();
      await page.goto(link.short_url);
      await page.getByRole('heading', { name: 'Membership renewal — Monthly' }).waitFor();
      await page.screenshot({ path: path.join(shots, `razorpay-link-${width}.png`) });
      if (width === 1280) {
        await page.getByRole('button', { name: 'Pay with UPI' }).click();
        await page.getByRole('status').filter({ hasText: 'Paid' }).waitFor();
      }
      await context.close();
    }
    expect((await rzp<{ status: string }>('GET', `/v1/payment_links/${link.id}`)).status).toBe('paid');
  });
});
