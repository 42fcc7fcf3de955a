// The dashboard end to end in headless Chromium against the real stack: an owner's open dashboard makes one request
// for its figures, and its counters move without a reload when a member is added and checks in elsewhere (the
// dashboard service's read model applies the events, the hub pushes dashboard:changed, the screen refetches); the top
// bar's global search finds a member by phone and opens their page; a payment recorded at the desk moves the owner's
// revenue card.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signedInPage, signIn } from '@akhada/test-support/ui';

const base = inject('gatewayUrl');
const api = apiFor(base);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

describe('dashboard', () => {
  it('makes one request for its figures, and its counters move when a member is added and checks in elsewhere, without a reload', async () => {
    const gym = await api.newGym('dash-live');
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/') && req.method() === 'GET') calls.push(url.pathname);
    });
    await signIn(page, gym.email, gym.password);
    await page.getByTestId('stat-active-members-value').waitFor({ timeout: 15_000 });
    expect(await text(page, 'stat-active-members-value')).toBe('0');
    expect(await text(page, 'stat-checkins-value')).toBe('0');
    // Inventory has not landed: "—", never a made-up number.
    expect(await text(page, 'stat-low-stock-value')).toBe('—');
    // One request answers the figures (today's classes are a card of their own); none of the old per-figure calls.
    // (A push for the new gym's own events, still arriving, may refetch it once more: the same request again is fine.)
    expect([...new Set(calls.filter((p) => p.startsWith('/api/dashboard/')))].sort()).toEqual(['/api/dashboard/classes/today', '/api/dashboard/overview']);
    expect(calls.filter((p) => /^\/api\/(members|attendance|payments|trainers)(\/|$)/.test(p))).toEqual([]);
    // Wait until the hub's socket is up, so pushes reach this page.
    await page.getByTestId('dashboard-live').waitFor({ timeout: 20_000 });
    await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // Another client (the front desk) adds a member.
    const created = await api.call('POST', '/members', api.member(1, { firstName: 'Live', lastName: 'Counter' }), gym.token);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const memberId = (created.json as { data: { _id: string } }).data._id;
    const t0 = Date.now();
    await expect.poll(() => text(page, 'stat-active-members-value'), { timeout: 20_000, interval: 100 }).toBe('1');
    console.log(`active members rose ${Date.now() - t0} ms after the member was added`);

    // …and checks them in (attendance learns of the member from members' events: retried until it has them).
    await expect
      .poll(async () => (await api.call('POST', '/attendance/check-in', { memberId }, gym.token)).status, { timeout: 20_000, interval: 250 })
      .toBe(201);
    await expect.poll(() => text(page, 'stat-checkins-value'), { timeout: 20_000, interval: 100 }).toBe('1');
    expect(await text(page, 'counter-checkins')).toBe('1');
    await expect.poll(() => page.getByTestId('recent-activity').getByText('Live Counter checked in').count(), { timeout: 10_000 }).toBe(1);
    // Never reloaded: the same document all along.
    expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await ctx.close();
  });

  it('a payment recorded in one browser moves the revenue card in another', async () => {
    const gym = await api.newGym('dash-revenue');
    const added = await api.call('POST', '/members', api.member(1, { firstName: 'Revati', lastName: 'Payer' }), gym.token);
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const memberId = (added.json as { data: { _id: string } }).data._id;

    // The owner's dashboard, open in one browser, with its socket up.
    const owner = await signedInPage(browser, base, { email: gym.email, password: gym.password });
    const ownerCtx = owner.context();
    await owner.getByTestId('stat-revenue-value').waitFor({ timeout: 15_000 });
    expect(await text(owner, 'stat-revenue-value')).toBe('₹0');
    await owner.getByTestId('dashboard-live').waitFor({ timeout: 20_000 });
    await owner.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The front desk, in another browser, records ₹2,000 through Record New Payment.
    const desk = await signedInPage(browser, base, { email: gym.email, password: gym.password });
    const deskCtx = desk.context();
    await desk.goto('/dashboard/payments/create');
    await desk.getByRole('heading', { level: 1, name: 'Record New Payment' }).waitFor({ timeout: 15_000 });
    await desk.getByTestId('member-search').fill('Revati');
    // Payments learns of the member from members' events: the option appears once it has.
    await expect
      .poll(async () => (await desk.getByTestId('payment-member').locator('option').allInnerTexts()).some((o) => o.includes('Revati Payer')), {
        timeout: 20_000,
      })
      .toBe(true);
    await desk.getByTestId('payment-member').selectOption(memberId);
    await desk.getByTestId('payment-type').selectOption('membership_fee');
    await desk.getByTestId('membership-type').selectOption('premium');
    await desk.getByTestId('payment-amount-input').fill('2000');
    await expect.poll(() => desk.getByTestId('payment-total').innerText()).toBe('₹2,000.00');
    await desk.getByTestId('payment-method').selectOption('upi');
    await desk.getByTestId('payment-description').fill('Revenue card check');
    await desk.getByTestId('payment-submit').click();
    await desk.getByText('Payment recorded successfully!').waitFor({ timeout: 15_000 });
    const t0 = Date.now();

    // The owner's card moves without a reload (payments' event → dashboard's read model → dashboard:changed → refetch).
    await expect.poll(() => text(owner, 'stat-revenue-value'), { timeout: 30_000, interval: 100 }).toBe('₹2,000');
    console.log(`revenue moved ${Date.now() - t0} ms after the payment was recorded`);
    expect(await owner.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await deskCtx.close();
    await ownerCtx.close();
  });

  it("the audit trail's person filter finds a member by name and filters the trail by them", async () => {
    const gym = await api.newGym('dash-audit');
    const added = await api.call('POST', '/members', api.member(1, { firstName: 'Tanvi', lastName: 'Auditwala' }), gym.token);
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const memberId = (added.json as { data: { _id: string } }).data._id;
    const page = await signedInPage(browser, base, { email: gym.email, password: gym.password });
    const ctx = page.context();
    await page.goto('/dashboard/audit');
    // The member reaches the dashboard's projection through members' events: the picker offers them once it has.
    await expect
      .poll(
        async () => {
          await page.getByTestId('audit-person').fill('');
          await page.getByTestId('audit-person').fill('auditw tanv');
          await page
            .getByTestId('audit-person-option')
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined);
          return page.getByTestId('audit-person-option').allInnerTexts();
        },
        { timeout: 30_000 },
      )
      .toEqual([expect.stringContaining('Tanvi Auditwala')]);
    await page.getByTestId('audit-person-option').click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('actorId') === memberId, { timeout: 10_000 });
    await ctx.close();
  });

  it('global search finds a member by phone as you type and opens their page with the keyboard', async () => {
    const gym = await api.newGym('dash-search');
    const created = await api.call('POST', '/members', api.member(2, { firstName: 'Sapna', lastName: 'Findme', phone: '+91 98111 22334' }), gym.token);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const memberId = (created.json as { data: { _id: string } }).data._id;
    // The search projection is fed by events: wait until it has her.
    await expect
      .poll(
        async () => {
          const r = await api.call('GET', `/dashboard/search?q=${encodeURIComponent('98111 22334')}`, undefined, gym.token);
          return ((r.json as { data?: { results: { id: string }[] } }).data?.results ?? []).map((x) => x.id);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toContain(memberId);

    const page = await signedInPage(browser, base, { email: gym.email, password: gym.password });
    const ctx = page.context();
    const box = page.getByTestId('global-search');
    await box.click();
    await box.pressSequentially('98111 22334', { delay: 30 });
    await expect.poll(() => page.getByTestId('search-result').first().textContent(), { timeout: 15_000 }).toContain('Sapna Findme');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // The answer to the last keystroke may land after the first results were shown and start the list afresh (no option
    // active): press ArrowDown until the first option is active.
    await expect
      .poll(async () => {
        if (!(await box.getAttribute('aria-activedescendant'))) await box.press('ArrowDown');
        return box.getAttribute('aria-activedescendant');
      })
      .toBeTruthy();
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/dashboard/members/${memberId}$`), { timeout: 15_000 });
    await ctx.close();
  });
});
