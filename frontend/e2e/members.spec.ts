// Members, end to end in headless Chromium against the real stack (every service, the gateway, PostgreSQL, Kafka and
// the SMTP sink): staff add a member and find them by phone; the member opens the invitation mail, sets a password and
// sees only their own membership; staff renew (new end date, history of terms) and assign a trainer (the trainer's
// client count changes). Each test works in a gym of its own, so the demo data and the plan's allowance stay untouched.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signedInPage } from '@akhada/test-support/ui';

let browser: Browser;
const base = inject('gatewayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Gym = Awaited<ReturnType<typeof api.newGym>>;

/** A digits-only phone nobody else has, written the Indian way. */
const uniquePhone = () => {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { written: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, digits };
};

async function staffPage(gym: Gym): Promise<Page> {
  return signedInPage(browser, base, gym);
}

/** Adds a member through the Add New Member modal and waits for the modal to close. */
async function addMember(page: Page, m: { firstName: string; lastName: string; email: string; phone: string }) {
  await page.goto('/dashboard/members');
  await page.getByTestId('add-member-button').click();
  const dialog = page.getByTestId('add-member-modal');
  await dialog.getByTestId('add-member-first-name').fill(m.firstName);
  await dialog.getByTestId('add-member-last-name').fill(m.lastName);
  await dialog.getByTestId('add-member-email').fill(m.email);
  await dialog.getByTestId('add-member-phone').fill(m.phone);
  await dialog.getByTestId('add-member-membership-type').selectOption('premium');
  await dialog.getByTestId('add-member-fee').fill('2000');
  await dialog.getByTestId('add-member-payment-method').selectOption('upi');
  await dialog.getByTestId('add-member-submit').click();
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
}

/** Searches the members list and opens the one row found. */
async function openMemberFound(page: Page, search: string, name: string) {
  await page.goto('/dashboard/members');
  await page.getByTestId('members-search').fill(search);
  await page.getByTestId('members-apply').click();
  const rows = page.getByTestId('member-row');
  await expect.poll(async () => (await rows.count()) === 1 && (await rows.first().innerText()).includes(name), { timeout: 15_000 }).toBe(true);
  await rows.first().getByTestId('member-view').click();
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** The newest mail to `to` at the SMTP sink whose text holds an invitation link. */
async function invitationLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: { text: string; html?: string }[] };
        for (const m of messages) {
          const found = /https?:\/\/[^\s"'<>]+\/accept-invitation\?token=[^\s"'<>]+/.exec(`${m.text}\n${m.html ?? ''}`);
          if (found) {
            link = found[0].replace(/&amp;/g, '&');
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return link;
}

describe('members', () => {
  it('adds a member, finds them by phone, and the member sets a password from the invitation and sees only their own membership', async () => {
    const gym = await api.newGym('members-invite');
    const page = await staffPage(gym);
    const phone = uniquePhone();
    const email = `asha-${randomUUID().slice(0, 8)}@example.in`;
    await addMember(page, { firstName: 'Asha', lastName: 'Kulkarni', email, phone: phone.written });

    // Found by a part of the phone number, typed without spaces.
    await openMemberFound(page, phone.digits.slice(2), 'Asha Kulkarni');
    expect(await page.getByTestId('member-phone').innerText()).toBe(phone.written);
    await expect.poll(() => page.getByTestId('member-account').innerText(), { timeout: 20_000 }).toBe('Sign-in: invitation sent');

    // The invitation, as mailed.
    const link = new URL(await invitationLink(email));
    const memberCtx = await newContext(browser, base);
    const mp = await memberCtx.newPage();
    await mp.goto(`${link.pathname}${link.search}`);
    await mp.getByTestId('invitation-password').fill('member pass 42');
    await mp.getByTestId('invitation-confirm').fill('member pass 42');
    await mp.getByTestId('invitation-submit').click();
    // Setting the password signs them in, on their own membership.
    await mp.waitForURL(/\/dashboard\/me$/, { timeout: 15_000 });
    // Staff screens are not theirs: the app sends them back to their own page.
    await mp.goto('/dashboard/members');
    await mp.waitForURL(/\/dashboard\/me$/, { timeout: 15_000 });
    const card = mp.getByTestId('my-membership');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toMatch(/\d+ days? left/);
    expect(await mp.getByTestId('term-row').count()).toBe(1);
    // Only their own: the staff list is refused to them.
    const token = await mp.evaluate(() => localStorage.getItem('token'));
    expect((await api.call('GET', '/members?page=1&limit=50', undefined, token ?? undefined)).status).toBe(403);
    await memberCtx.close();

    // The account is active now, as staff see it.
    await page.reload();
    await expect.poll(() => page.getByTestId('member-account').innerText(), { timeout: 20_000 }).toBe('Sign-in: active');
    await page.context().close();
  });

  it('renews a membership: the new end date and the history of terms', async () => {
    const gym = await api.newGym('members-renew');
    const page = await staffPage(gym);
    const phone = uniquePhone();
    await addMember(page, { firstName: 'Ravi', lastName: 'Menon', email: `ravi-${randomUUID().slice(0, 8)}@example.in`, phone: phone.written });
    await openMemberFound(page, 'Ravi Menon', 'Ravi Menon');
    const endBefore = await page.getByTestId('member-end-date').innerText();
    expect(await page.getByTestId('term-row').count()).toBe(1);

    await page.getByTestId('member-renew').click();
    const dialog = page.getByTestId('renew-dialog');
    await dialog.getByTestId('renew-frequency').selectOption('quarterly');
    await dialog.getByTestId('renew-fee').fill('5,400');
    await dialog.getByTestId('renew-method').selectOption('card');
    const preview = await dialog.getByTestId('renew-preview').innerText();
    const newEnd = /New end date: (.+?) \(/.exec(preview)?.[1];
    expect(newEnd).toBeTruthy();
    await dialog.getByTestId('renew-submit').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);

    await expect.poll(() => page.getByTestId('member-end-date').innerText(), { timeout: 15_000 }).toBe(newEnd);
    expect(newEnd).not.toBe(endBefore);
    const terms = page.getByTestId('term-row');
    await expect.poll(() => terms.count(), { timeout: 15_000 }).toBe(2);
    expect(await terms.first().innerText()).toContain('₹5,400');
    expect(await terms.first().getByTestId('term-dates').innerText()).toContain(newEnd!);
    await page.context().close();
  });

  it('assigns a trainer, and the trainer’s client count goes up', async () => {
    const gym = await api.newGym('members-trainer');
    const created = await api.call(
      'POST',
      '/trainers',
      {
        firstName: 'Vikram',
        lastName: 'Singh',
        email: `vikram-${randomUUID().slice(0, 8)}@example.in`,
        phone: '+91 90000 12345',
        specialization: ['strength_training'],
        experience: 6,
        hourlyRate: 800,
        maxClients: 5,
      },
      gym.token,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const trainerId: string = created.json.data._id;
    const clients = async () => (await api.call('GET', `/trainers/${trainerId}`, undefined, gym.token)).json.data.clientCapacity as string;
    expect(await clients()).toBe('0/5');

    const page = await staffPage(gym);
    await addMember(page, { firstName: 'Meera', lastName: 'Nair', email: `meera-${randomUUID().slice(0, 8)}@example.in`, phone: uniquePhone().written });
    await openMemberFound(page, 'Meera', 'Meera Nair');
    await page.getByTestId('member-assign').click();
    const dialog = page.getByTestId('assign-trainer-dialog');
    const choice = dialog.getByTestId('trainer-choice');
    await choice.first().waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('trainer-capacity').first().innerText()).toBe('0/5 clients');
    await choice.first().check();
    await dialog.getByTestId('assign-trainer-submit').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => page.getByTestId('member-trainer').innerText(), { timeout: 15_000 }).toBe('Vikram Singh');

    // The trainers service follows the assignment event.
    await expect.poll(clients, { timeout: 60_000, interval: 250 }).toBe('1/5');
    await page.getByTestId('member-assign').click();
    await expect.poll(() => dialog.getByTestId('trainer-capacity').first().innerText(), { timeout: 60_000 }).toBe('1/5 clients');
    await page.context().close();
  }, 180_000);
});
