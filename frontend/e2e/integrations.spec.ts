// Settings → Integrations in headless Chromium against the real stack (issue 16): the owner enters the gym's own mail
// server (the stack's SMTP sink), saves, sends a test, and the test mail arrives in the sink from the gym's sender; the
// password is shown back only by its last 4 characters. Then a webhook is added, its secret shown once, and its test
// ping appears in the delivery log.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signIn } from '@akhada/test-support/ui';
import { randomUUID } from 'node:crypto';
import { E2E } from './e2e-ports.ts';
import { GUARD_WEBHOOK_URL } from './guard/samples.ts';

let browser: Browser;
const base = inject('gatewayUrl');
const mailUrl = inject('mailUrl');
const api = apiFor(base);
const shotsDir = process.env.INTEGRATIONS_SCREENSHOTS;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SinkMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
}
const mailTo = async (to: string): Promise<SinkMessage[]> => {
  const res = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: SinkMessage[] }).messages;
};

describe('integrations', () => {
  it('the owner configures the gym’s SMTP server and a test mail arrives in the sink from the gym’s sender', async () => {
    const gym = await api.newGym('integrations');
    const ctx = await newContext(browser, base, 1280);
    const page = await ctx.newPage();
    await signIn(page, gym.email, gym.password);
    await page.goto('/dashboard/settings?tab=integrations');
    const form = page.getByTestId('email-form');
    await form.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('email-status').textContent()).toContain("Akhada's mail server");

    const sender = `desk-${randomUUID().slice(0, 8)}@shakti.example.in`;
    await page.getByTestId('smtp-host').fill('127.0.0.1');
    await page.getByTestId('smtp-port').fill(String(E2E.smtpPort));
    await page.getByTestId('smtp-security').selectOption('none');
    await page.getByTestId('smtp-username').fill('shakti-mailer');
    await page.getByTestId('smtp-password').fill('mail-pass-7788');
    await page.getByTestId('smtp-from-name').fill('Shakti Fitness');
    await page.getByTestId('smtp-from-address').fill(sender);
    await page.getByTestId('email-save').click();
    await page.getByTestId('email-saved').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('email-status').textContent()).toContain('Your mail server');
    // The password is never shown back: only its last 4 characters, and the field is empty again.
    expect(await page.getByTestId('smtp-password').inputValue()).toBe('');
    expect(await page.locator('body').textContent()).not.toContain('mail-pass-7788');
    expect(await page.getByTestId('email-form').textContent()).toContain('7788');

    const to = `owner-${randomUUID().slice(0, 8)}@example.in`;
    await page.getByTestId('email-test-to').fill(to);
    await page.getByTestId('email-test-send').click();
    await page.getByTestId('email-test-ok').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('email-test-ok').textContent()).toBe(`Test sent to ${to} through your settings.`);
    await expect.poll(async () => (await mailTo(to)).length, { timeout: 30_000, interval: 250 }).toBe(1);
    const [mail] = await mailTo(to);
    expect(mail!.from).toBe(`Shakti Fitness <${sender}>`);
    expect(mail!.subject).toBe('Akhada test email');
    await page.getByTestId('email-last-test').waitFor({ timeout: 15_000 });

    // A port nobody answers on: the test says so in plain words, not a raw error.
    await page.getByTestId('smtp-port').fill('1');
    await page.getByTestId('email-save').click();
    await page.getByTestId('email-saved').waitFor({ timeout: 15_000 });
    await page.getByTestId('email-test-send').click();
    const problem = page.getByTestId('email-test-error');
    await problem.waitFor({ timeout: 20_000 });
    expect(await problem.textContent()).toMatch(/(could not be reached|did not answer in time)\. Check the/);

    // A webhook: the secret is shown once, the test ping shows in its delivery log.
    await page.getByTestId('webhook-url').fill(GUARD_WEBHOOK_URL);
    await page.getByTestId('webhook-event-member.registered').check();
    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-secret').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/whsec_/);
    const item = page.getByTestId('webhook-item');
    await item.waitFor({ timeout: 15_000 });
    await item.getByTestId('webhook-test').click();
    await item.getByTestId('webhook-delivery').first().waitFor({ timeout: 30_000 });
    await ctx.close();

    if (shotsDir)
      await inEveryLook(
        async (width) => (await newContext(browser, base, width)).newPage(),
        gym,
        async (p, look) => {
          await p.goto('/dashboard/settings?tab=integrations');
          await p.getByTestId('webhook-item').waitFor({ timeout: 15_000 });
          await p.screenshot({ path: `${shotsDir}/integrations-${look}.png`, fullPage: true });
        },
      );
  });
});
