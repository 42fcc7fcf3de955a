// Two-factor sign-in in headless Chromium against the real stack (issue 16): an owner sets up an authenticator app in
// Settings → Security with a code computed here from the secret the page shows (a real TOTP), keeps the recovery
// codes, and from then on sign-in asks for a code; a fresh code signs in, Login devices lists the browser, and turning it
// off takes the password with a code.
import type { Browser } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Gym } from './guard/actors.ts';

let browser: Browser;
const base = inject('gatewayUrl');
const api = new Api(base);
let gym: Gym;

beforeAll(async () => {
  browser = await launchBrowser();
  gym = await api.newGym('two-factor');
});
afterAll(async () => {
  await browser?.close();
  api.close();
});

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

describe('two-factor sign-in', () => {
  it('is set up with a code of the scanned secret, and then sign-in asks for a fresh code', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await signIn(page, gym.owner.email, PASSWORD);
    // An owner without two-factor is asked after sign-in; "Not now" puts the prompt away.
    await page.getByTestId('two-factor-prompt').waitFor({ timeout: 15_000 });
    await page.getByTestId('two-factor-prompt-later').click();
    await page.getByTestId('two-factor-prompt').waitFor({ state: 'detached' });
    await page.goto('/dashboard/settings?tab=security');
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor({ timeout: 15_000 });
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    // A wrong code is refused on the field and nothing is turned on.
    const right = codeOf(secret);
    await page.getByTestId('two-factor-code').fill(right === '000000' ? '111111' : '000000');
    await page.getByTestId('two-factor-verify').click();
    await page.getByText('That code is not right').first().waitFor();
    await page.getByTestId('two-factor-code').fill(codeOf(secret));
    await page.getByTestId('two-factor-verify').click();
    const codes = page.getByTestId('two-factor-recovery-codes').locator('code');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!.trim();
    await page.getByTestId('two-factor-codes-saved').click();
    await page.getByTestId('two-factor-on').waitFor();
    expect(await page.getByTestId('two-factor-on').textContent()).toContain('10 recovery codes left');
    await ctx.close();

    // A new browser: the password alone is not enough.
    const next = await newContext(browser, base);
    const p2 = await next.newPage();
    await p2.goto('/login');
    await p2.getByTestId('login-email').fill(gym.owner.email);
    await p2.getByTestId('login-password').fill(PASSWORD);
    await p2.getByTestId('login-submit').click();
    await p2.getByTestId('login-two-factor-code').waitFor({ timeout: 15_000 });
    expect(p2.url()).toContain('/login');
    // The code of the next 30-second step (the one used to enrol may not be used twice).
    await p2.getByTestId('login-two-factor-code').fill(codeOf(secret, Date.now() + 30_000));
    await p2.getByTestId('login-submit').click();
    await p2.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await p2.locator('#main').waitFor({ timeout: 15_000 });
    expect(await p2.getByTestId('two-factor-prompt').count()).toBe(0); // enrolled: no more prompt

    await p2.goto('/dashboard/settings?tab=security');
    const devices = p2.getByTestId('login-device');
    await devices.first().waitFor({ timeout: 15_000 });
    expect(await devices.first().textContent()).toContain('This device');

    // Issue 31: turning it off takes the password and a current code (a recovery code here), not the password alone.
    await p2.getByTestId('two-factor-turn-off').click();
    await p2.getByTestId('two-factor-password').fill(PASSWORD);
    await p2.getByTestId('two-factor-off-submit').click();
    await p2.getByText('Current code is required').first().waitFor();
    await p2.getByTestId('two-factor-off-code').fill(recoveryCode);
    await p2.getByTestId('two-factor-off-submit').click();
    await p2.getByText('Two-factor authentication disabled').first().waitFor({ timeout: 15_000 });
    await p2.getByTestId('two-factor-start').waitFor();
    await next.close();
  });

  it('once the owner requires it for staff, a trainer is led through enrolment before anything else', async () => {
    const staffGym = await api.withAllRoles(await api.newGym('two-factor-staff'));
    const owner = await newContext(browser, base);
    const op = await owner.newPage();
    await signIn(op, staffGym.owner.email, PASSWORD);
    await op.goto('/dashboard/settings?tab=security');
    const toggle = op.getByTestId('security-policy-toggle');
    await toggle.waitFor({ timeout: 15_000 });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await op.getByText('Staff must now use two-factor authentication').first().waitFor();
    await owner.close();

    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await signIn(page, staffGym.roles.trainer.email, PASSWORD, /\/dashboard\/two-factor-setup$/);
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor({ timeout: 15_000 });
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    await page.getByTestId('two-factor-code').fill(codeOf(secret));
    await page.getByTestId('two-factor-verify').click();
    await page.getByTestId('two-factor-codes-saved').click();
    // Enrolled: a fresh token, and the trainer's home opens.
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await ctx.close();
  });
});
