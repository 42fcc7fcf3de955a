// Trainers in headless Chromium against the real stack (issue 9): an owner adds a trainer with a certification and
// finds it on the trainer's page, then assigns a member from the trainer's Assign dialog and sees the client count
// change (members emits the assignment; trainers counts it from that event).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@akhada/test-support/browser';
import { signedInPage } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Gym } from './guard/actors.ts';

let browser: Browser;
const base = inject('gatewayUrl');
const api = new Api(base);
let gym: Gym;
let memberName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A gym of its own (so the plan's trainer allowance and other tests' data do not matter) with one member.
  gym = await api.newGym('trainers');
  const memberId = await api.newMember(gym);
  const r = await api.call('GET', `/members/${memberId}`, undefined, gym.owner.token);
  memberName = (r.json as { data: { fullName: string } }).data.fullName;
});
afterAll(async () => {
  await browser?.close();
  api.close();
});

/** The row of the trainer in the list (by their email, which is unique). */
const rowOf = (page: Page, email: string) => page.getByTestId('trainer-row').filter({ hasText: email });

describe('trainers', () => {
  const suffix = randomUUID().slice(0, 8);
  const email = `trainer-${suffix}@example.in`;

  it('adds a trainer with a certification and shows it on the trainer’s page', async () => {
    const page = await signedInPage(browser, base, { email: gym.owner.email, password: PASSWORD });
    const ctx = page.context();
    await page.goto('/dashboard/trainers');
    await page.getByRole('heading', { name: 'Trainers Management' }).waitFor({ timeout: 15_000 });

    await page.getByTestId('add-trainer-button').click();
    const dialog = page.getByTestId('add-trainer-modal');
    await dialog.getByTestId('add-trainer-first-name').fill('Kavya');
    await dialog.getByTestId('add-trainer-last-name').fill(`Nair ${suffix}`);
    await dialog.getByTestId('add-trainer-email').fill(email);
    await dialog.getByTestId('add-trainer-phone').fill('+91 98450 12345');
    // Not before a specialization is chosen.
    expect(await page.getByTestId('add-trainer-submit').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('add-trainer-max-clients').inputValue()).toBe('10');
    await dialog.getByTestId('specialization-yoga').click();
    await dialog.getByTestId('add-trainer-experience').fill('6');
    await dialog.getByTestId('add-trainer-rate').fill('900');
    await dialog.getByTestId('add-trainer-add-certification').click();
    await dialog.getByTestId('cert-0-name').fill('Yoga Alliance RYT-200');
    await dialog.getByTestId('cert-0-org').fill('Yoga Alliance');
    await dialog.getByTestId('cert-0-issued').fill('2024-04-01');
    await dialog.getByTestId('cert-0-expiry').fill('2030-04-01');
    await page.getByTestId('add-trainer-submit').click();

    await page.getByText(`Kavya Nair ${suffix} has been added`).waitFor({ timeout: 15_000 });
    const row = rowOf(page, email);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('trainer-capacity').innerText()).toBe('0/10');

    await row.getByTestId('trainer-view').click();
    await page.getByRole('heading', { name: `Kavya Nair ${suffix}`, level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByTestId('trainer-tab-certifications').click();
    const cert = page.getByTestId('certification');
    await cert.first().waitFor({ timeout: 10_000 });
    expect(await cert.first().innerText()).toContain('Yoga Alliance RYT-200');
    expect(await cert.first().innerText()).toContain('Issued by Yoga Alliance');
    await ctx.close();
  });

  it('assigns a member from the trainer’s Assign dialog and the client count changes', async () => {
    const page = await signedInPage(browser, base, { email: gym.owner.email, password: PASSWORD });
    const ctx = page.context();
    await page.goto('/dashboard/trainers');
    const row = rowOf(page, email);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('trainer-capacity').innerText()).toBe('0/10');

    await row.getByTestId('trainer-assign').click();
    const dialog = page.getByTestId('assign-dialog');
    const member = dialog.getByTestId('assign-member').filter({ hasText: memberName });
    await member.waitFor({ timeout: 15_000 });
    await member.getByTestId('assign-pick').click();
    await page.getByText(`${memberName} is now training with Kavya Nair ${suffix}`).waitFor({ timeout: 15_000 });
    await dialog.getByTestId('assign-close').click();

    // The trainers service counts the client from the members service's event: the list shows it once it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          await rowOf(page, email).waitFor({ timeout: 15_000 });
          return rowOf(page, email).getByTestId('trainer-capacity').innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('1/10');

    // The trainer's page lists the member as a client.
    await rowOf(page, email).getByTestId('trainer-view').click();
    await page.getByTestId('trainer-tab-members').click();
    await page.getByTestId('trainer-client-row').filter({ hasText: memberName }).waitFor({ timeout: 15_000 });
    await ctx.close();
  });
});
