// Registration, sign-in, the signed-in shell and the route guards, in headless Chromium against the real stack.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';

let browser: Browser;
const base = inject('gatewayUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new gym owner', () => {
  it('registers a gym, is sent to sign in, signs in and reaches the shell', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    const email = `founder-${randomUUID().slice(0, 8)}@example.in`;
    await page.goto('/register');
    await page.getByTestId('register-first-name').fill('Kiran');
    await page.getByTestId('register-last-name').fill('Desai');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-phone').fill('+91 98765 11111');
    await page.getByTestId('register-role-admin').click();
    await page.getByTestId('register-gym-name').fill('Shakti Gym');
    await page.getByTestId('register-city').fill('Nagpur');
    await page.getByTestId('register-password').fill('strong pass 42');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });

    await signIn(page, email, 'strong pass 42');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Kiran!' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const nav = page.getByRole('navigation');
    for (const item of ['Dashboard', 'Members', 'Trainers', 'Payments', 'Inventory', 'Attendance', 'Chat', 'Feedback', 'Settings']) {
      expect(await nav.getByRole('link', { name: item, exact: true }).count(), item).toBeGreaterThan(0);
    }
    // The session survives a reload (token in local storage, user fetched again).
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Kiran!' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await ctx.close();
  });

  it('sees the spec’s message in a red box for a wrong password', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').fill('owner@akhada.demo');
    await page.getByTestId('login-password').fill('not the password');
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.innerText()).toContain('Invalid email or password');
    expect(page.url()).toContain('/login');
    await ctx.close();
  });
});

describe('route guards', () => {
  it('sends a signed-out visitor to /login and back to the page they asked for', async () => {
    const ctx = await newContext(browser, base);
    const page = await ctx.newPage();
    await page.goto('/dashboard/members');
    await page.waitForURL(/\/login/, { timeout: 10_000 });
    await signIn(page, 'owner@akhada.demo', 'Akhada@2026', /\/dashboard\/members$/);
    await page.getByTestId('members-table').waitFor({ timeout: 15_000 });
    // A signed-in user on a guest-only page goes to the dashboard; unknown paths go home (then to the dashboard).
    await page.goto('/login');
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
    await page.goto('/no/such/page');
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
    await ctx.close();
  });
});
