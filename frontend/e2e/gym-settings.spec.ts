// Settings → Gym and Staff in headless Chromium against the real stack (issue 16): the owner edits the gym (name,
// brand colour, a location's hours, a membership plan), saves, and sees it all again after a reload; adds a plan and
// picks it when adding a member; then invites a trainer by email and removes an admin's access, whose open session is
// refused at once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@akhada/test-support/browser';
import { signedInPage } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Gym } from './guard/actors.ts';
import { randomUUID } from 'node:crypto';

let browser: Browser;
// An 8×8 red PNG: the logo the owner picks.
const PNG_8PX = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=';
const base = inject('gatewayUrl');
const api = new Api(base);
let gym: Gym;

beforeAll(async () => {
  browser = await launchBrowser();
  gym = await api.newGym('gym-settings');
});
afterAll(async () => {
  await browser?.close();
  api.close();
});

describe('gym settings', () => {
  it('saves the gym, its location and a plan, and shows them after a reload', async () => {
    const page = await signedInPage(browser, base, { email: gym.owner.email, password: PASSWORD });
    const ctx = page.context();
    await page.goto('/dashboard/settings?tab=gym');
    await page.getByTestId('gym-name').waitFor({ timeout: 15_000 });
    await page.getByTestId('gym-name').fill('Shakti Fitness');
    await page.getByTestId('gym-brand-color').fill('#0f766e');
    await page.getByTestId('gym-location-hours-0').fill('Mon–Sat 6:00–22:00');
    await page.getByTestId('gym-location-capacity-0').fill('60');
    await page.getByTestId('gym-plan-add').click();
    await page.getByTestId('gym-plan-name-0').fill('Quarterly');
    await page.getByTestId('gym-plan-duration-0').fill('3');
    await page.getByTestId('gym-plan-price-0').fill('3999');
    await page.getByTestId('gym-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8PX, 'base64') });
    await page.getByTestId('gym-logo-img').waitFor();
    await page.getByTestId('gym-save').click();
    await page.getByText('Settings saved!').first().waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByTestId('gym-name').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('gym-name').inputValue()).toBe('Shakti Fitness');
    expect(await page.getByTestId('gym-brand-color').inputValue()).toBe('#0f766e');
    expect(await page.getByTestId('gym-location-hours-0').inputValue()).toBe('Mon–Sat 6:00–22:00');
    expect(await page.getByTestId('gym-location-capacity-0').inputValue()).toBe('60');
    expect(await page.getByTestId('gym-plan-name-0').inputValue()).toBe('Quarterly');
    expect(await page.getByTestId('gym-plan-price-0').inputValue()).toBe('3999');
    // The shell shows the gym under the app's brand: its name and its logo, loaded from the API.
    const identity = page.getByTestId('gym-identity');
    expect(await identity.textContent()).toContain('Shakti Fitness');
    const logoWidth = () => page.getByTestId('gym-logo').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    await expect.poll(logoWidth, { timeout: 15_000 }).toBe(8);
    // The brand colour is the app's accent.
    expect(await page.evaluate("document.documentElement.style.getPropertyValue('--primary')")).toBe('#0f766e');
    // A bad value is refused on its field, in the page's words, and nothing is sent.
    await page.getByTestId('gym-plan-duration-0').fill('0');
    await page.getByTestId('gym-save').click();
    await page.locator('.field--invalid').first().waitFor();
    await ctx.close();
  });

  it('a plan the owner adds is offered when adding a member, and the member gets its months and price', async () => {
    const own = await api.newGym('gym-plans');
    const page = await signedInPage(browser, base, { email: own.owner.email, password: PASSWORD });
    const ctx = page.context();
    await page.goto('/dashboard/settings?tab=gym');
    await page.getByTestId('gym-plan-add').click();
    await page.getByTestId('gym-plan-name-0').fill('Half-yearly');
    await page.getByTestId('gym-plan-duration-0').fill('6');
    await page.getByTestId('gym-plan-price-0').fill('9000');
    await page.getByTestId('gym-save').click();
    await page.getByText('Settings saved!').first().waitFor({ timeout: 15_000 });

    // The members service learns the plans from auth's event: the form offers them once it has.
    const dialog = page.getByTestId('add-member-modal');
    const picker = dialog.getByTestId('member-plan');
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/members?add=1');
          await picker.or(dialog.getByTestId('member-plans-none')).first().waitFor({ timeout: 15_000 });
          return picker.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await picker.locator('option').allInnerTexts()).toEqual([
      'Custom: enter type, period and fee',
      'Half-yearly (Basic) — 6 months — ₹9,000 (GST incl.)',
    ]);
    await picker.selectOption({ index: 1 });
    expect(await dialog.getByTestId('add-member-fee').inputValue()).toBe('9000');
    const start = await dialog.getByTestId('add-member-start').inputValue();
    const email = `plan-${randomUUID().slice(0, 8)}@example.in`;
    await dialog.getByTestId('add-member-first-name').fill('Pooja');
    await dialog.getByTestId('add-member-last-name').fill('Desai');
    await dialog.getByTestId('add-member-email').fill(email);
    await dialog.getByTestId('add-member-phone').fill(`+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
    await dialog.getByTestId('add-member-submit').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);

    const listed = await api.call('GET', `/members?search=${encodeURIComponent(email)}&page=1&limit=10`, undefined, own.owner.token);
    const [member] = (listed.json as { data: { membershipStartDate: string; membershipEndDate: string; membershipFee: number }[] }).data;
    const [y, m, d] = start.split('-').map(Number) as [number, number, number];
    const sixLater = new Date(Date.UTC(y, m - 1 + 6, 1));
    const lastDay = new Date(Date.UTC(sixLater.getUTCFullYear(), sixLater.getUTCMonth() + 1, 0)).getUTCDate();
    sixLater.setUTCDate(Math.min(d, lastDay));
    expect(member).toMatchObject({ membershipStartDate: start, membershipEndDate: sixLater.toISOString().slice(0, 10), membershipFee: 9000 });
    await ctx.close();
  });

  it('invites a trainer by email and removes an admin’s access, ending their session at once', async () => {
    const admin = await api.signIn(await newAdmin());
    const page = await signedInPage(browser, base, { email: gym.owner.email, password: PASSWORD });
    const ctx = page.context();
    await page.goto('/dashboard/settings?tab=staff');
    const email = `coach-${randomUUID().slice(0, 8)}@example.in`;
    await page.getByTestId('staff-first-name').waitFor({ timeout: 15_000 });
    await page.getByTestId('staff-first-name').fill('Neha');
    await page.getByTestId('staff-last-name').fill('Joshi');
    await page.getByTestId('staff-email').fill(email);
    await page.getByTestId('staff-invite').click();
    const invited = page.locator(`[data-testid="staff-row"][data-email="${email}"]`);
    await invited.waitFor({ timeout: 15_000 });
    expect(await invited.getByTestId('staff-status').textContent()).toBe('Invited');

    expect((await api.call('GET', '/auth/me', undefined, admin.token)).status).toBe(200);
    const row = page.locator(`[data-testid="staff-row"][data-email="${admin.email}"]`);
    await row.getByTestId('staff-remove').click();
    await row.getByTestId('staff-remove-confirm').click();
    await row.getByText('Access removed').first().waitFor({ timeout: 15_000 });
    expect((await api.call('GET', '/auth/me', undefined, admin.token)).status).toBe(401);
    await ctx.close();
  });
});

/** An admin of the gym with a password (opened through the API as the owner). */
async function newAdmin() {
  const email = `admin-${randomUUID().slice(0, 8)}@example.in`;
  const res = await api.call(
    'POST',
    '/auth/staff',
    { firstName: 'Vikram', lastName: 'Shah', email, phone: '+91 98220 11111', role: 'admin', locationIds: [gym.locationId], password: PASSWORD },
    gym.owner.token,
  );
  expect(res.status).toBe(201);
  return { email, password: PASSWORD };
}
