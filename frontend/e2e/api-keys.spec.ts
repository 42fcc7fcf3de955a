// API keys end to end (issue 29) in headless Chromium against the real stack: the owner creates a read-only key on
// Settings → API keys and copies its secret (shown once); a script with it lists members, and is refused a write
// (403 naming the scope it lacks); the owner revokes the key and the script's next call is refused (401).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api as apiFor } from '@akhada/test-support/api';
import { launchBrowser } from '@akhada/test-support/browser';
import { signedInPage } from '@akhada/test-support/ui';

let browser: Browser;
const base = inject('gatewayUrl');
const api = apiFor(base);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the gym's own script does with the key. */
const withKey = (key: string, method: 'GET' | 'POST', path: string, body?: object) =>
  fetch(`${base}/api${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('API keys', () => {
  it('a read-only key lists members, is refused a write naming the scope, and stops working once revoked', async () => {
    const gym = await api.newGym('apikeys');
    const page = await signedInPage(browser, base, gym, { path: '/dashboard/settings?tab=apikeys', expectPath: /tab=apikeys/ });
    const form = page.getByTestId('api-key-form');
    await form.waitFor({ timeout: 15_000 });
    await page.getByTestId('api-key-name').fill('BI export');
    await page.getByTestId('api-key-scope-members:read').check();
    await page.getByTestId('api-key-create').click();
    const key = (await page.getByTestId('api-key-secret-value').textContent({ timeout: 15_000 }))!.trim();
    expect(key).toMatch(/^ak_live_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);

    const list = await withKey(key, 'GET', '/members?limit=20');
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    const write = await withKey(key, 'POST', '/members', api.member(1));
    expect(write.status).toBe(403);
    expect(((await write.json()) as { message: string }).message).toContain('members:write');

    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('api-key-revoke').click();
    await expect.poll(() => page.getByTestId('api-key-status').textContent(), { timeout: 15_000 }).toBe('Revoked');
    // Revocation reaches the edge and the services at once where auth's event arrives, within 60 s everywhere.
    await expect.poll(async () => (await withKey(key, 'GET', '/members?limit=20')).status, { timeout: 60_000, interval: 250 }).toBe(401);
    await page.context().close();
  });
});
