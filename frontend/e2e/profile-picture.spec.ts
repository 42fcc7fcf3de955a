// The profile picture in headless Chromium against the real stack (issue 16): the owner uploads a photo on the profile
// page, sees it in the top bar (a 256×256 picture served by auth), sees a PDF named .jpg refused by the server in
// plain words, and removes the picture again. PROFILE_SCREENSHOTS=<dir>: also saves the profile page in every look.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '@akhada/test-support/browser';
import { inEveryLook, signIn } from '@akhada/test-support/ui';
import { Api, PASSWORD, type Gym } from './guard/actors.ts';

let browser: Browser;
const base = inject('gatewayUrl');
const api = new Api(base);
let gym: Gym;

beforeAll(async () => {
  browser = await launchBrowser();
  gym = await api.newGym('profile-picture');
});
afterAll(async () => {
  await browser?.close();
  api.close();
});

const shotsDir = process.env.PROFILE_SCREENSHOTS;
const lookPage = async (width: number) => (await newContext(browser, base, width)).newPage();

describe('profile picture', () => {
  it('uploads a photo shown in the top bar, refuses a disguised file, and removes it', async () => {
    const ctx = await newContext(browser, base, 1280);
    const page = await ctx.newPage();
    await signIn(page, gym.owner.email, PASSWORD);
    await page.goto('/dashboard/profile');
    await page.getByTestId('profile-picture').waitFor({ timeout: 15_000 });

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('profile-picture-input').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('profile-picture-done').waitFor({ timeout: 15_000 });
    const topBar = page.getByTestId('user-menu').locator('img');
    await topBar.waitFor();
    expect(await topBar.getAttribute('src')).toMatch(/^\/api\/auth\/avatars\/[0-9a-f-]{36}\?v=[0-9a-f-]{36}$/);
    // The picture really loads through the gateway, squared by the server.
    await expect
      .poll(
        () =>
          topBar.evaluate((el) => {
            const img = el as unknown as { complete: boolean; naturalWidth: number; naturalHeight: number };
            return img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '';
          }),
        { timeout: 10_000 },
      )
      .toBe('256x256');

    // After a reload the session's user still has it.
    await page.reload();
    await page.getByTestId('user-menu').locator('img').waitFor({ timeout: 15_000 });

    // A PDF with a .jpg name and type passes the picker's check but not the server's reading of its bytes.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.getByTestId('profile-picture-input').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: pdf });
    expect(await page.getByTestId('profile-picture-error').textContent({ timeout: 15_000 })).toBe('Please select an image file');

    if (shotsDir) {
      await inEveryLook(lookPage, { email: gym.owner.email, password: PASSWORD }, async (p, look) => {
        await p.goto('/dashboard/profile');
        await p.getByTestId('profile-picture').locator('img').waitFor({ timeout: 15_000 });
        await p.screenshot({ path: `${shotsDir}/profile-picture-${look}.png`, fullPage: true });
      });
    }

    await page.getByTestId('profile-picture-remove').click();
    await page.getByText('Profile picture removed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('user-menu').locator('img').count()).toBe(0);
    await ctx.close();
  });
});
