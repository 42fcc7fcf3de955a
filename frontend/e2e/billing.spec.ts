// Plan and billing, end to end in headless Chromium against the real stack: a gym whose free trial has ended is
// read-only (writes answer 402); its owner upgrades in Settings → Plan and Billing, pays through the Razorpay stand-in's
// Checkout on AKHADA's account, and once payments announces the payment and auth puts the gym on the plan, writes work
// again and Akhada's GST invoice is listed.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signIn } from '@akhada/test-support/ui';
import { e2eDatabaseUrl } from './guard/db-watch.ts';

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

/**
 * The trial ended yesterday: auth's organization and every service's directory copy say so (what the directories
 * would hold had 14 days passed). Only this gym's rows are touched.
 */
async function endTrial(orgId: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const ended = new Date(Date.now() - 86_400_000);
    const { rows } = await client.query<{ table_schema: string }>("select table_schema from information_schema.tables where table_name = 'kit_organizations'");
    for (const { table_schema: schema } of rows) {
      await client.query(`update "${schema}".kit_organizations set trial_ends_at = $1 where org_id = $2 and plan = 'free'`, [ended, orgId]);
    }
    const auth = await client.query<{ table_schema: string }>(
      "select table_schema from information_schema.columns where table_name = 'organizations' and column_name = 'trial_ends_at'",
    );
    for (const { table_schema: schema } of auth.rows) {
      await client.query(`update "${schema}".organizations set trial_ends_at = $1 where id = $2 and plan = 'free'`, [ended, orgId]);
    }
  } finally {
    await client.end();
  }
}

const addMember = (gym: Gym) => api.call('POST', '/members', api.member(1, { firstName: `Asha${randomUUID().slice(0, 4)}`, lastName: 'Verma' }), gym.token);

/** BILLING_SCREENSHOTS=<dir>: also saves the Plan and Billing tab at 375 and 1280 px, light and dark, English and Hindi. */
const shotsDir = process.env.BILLING_SCREENSHOTS;
/** A fresh browser context's page at `width` for a screenshot look. */
const lookPage = async (width: number) => (await newContext(browser, base, width)).newPage();
async function screenshots(gym: Gym, name: string) {
  if (!shotsDir) return;
  await inEveryLook(lookPage, gym, async (page, look) => {
    await page.goto('/dashboard/settings?tab=billing');
    await page.getByTestId('plan-billing').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${shotsDir}/${name}-${look}.png`, fullPage: true });
  });
}

describe('plan and billing', () => {
  it('a trial-expired (read-only) owner upgrades through the payment stand-in, and writes work again', async () => {
    const gym = await api.newGym('billing');
    await endTrial(gym.user.organization._id);
    // Every directory has it (their cache lasts a few seconds): a write is refused with 402.
    await expect.poll(async () => (await addMember(gym)).status, { timeout: 30_000, interval: 500 }).toBe(402);
    await screenshots(gym, 'billing-readonly');

    const ctx = await newContext(browser, base, 1280);
    const page = await ctx.newPage();
    await signIn(page, gym.email, gym.password);
    await page.goto('/dashboard/settings?tab=billing');
    await page.getByTestId('billing-trial').filter({ hasText: 'read-only' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('choose-starter').click();
    const checkout = page.getByRole('dialog').filter({ hasText: '₹2,358.82' });
    await checkout.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.getByTestId('billing-success').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('billing-success').innerText()).toMatch(/Starter plan now\. Invoice AKH\/\d{4}-\d{2}\/\d{6}/);
    await page.getByTestId('billing-invoices').waitFor({ timeout: 15_000 });
    // The plan follows the payment through auth's event: the screen reads the session again until it shows.
    await expect.poll(() => page.getByTestId('billing-plan').innerText(), { timeout: 15_000, interval: 250 }).toContain('Starter');
    await ctx.close();

    // Every service's directory learned the plan: the write that was refused goes through.
    await expect.poll(async () => (await addMember(gym)).status, { timeout: 30_000, interval: 500 }).toBe(201);
    await screenshots(gym, 'billing-paid');
  });
});
