// Real screenshots of Akhada for the landing page's carousel, taken from a running product with the seeded demo.
//
//   npm start                                   # in another terminal: http://localhost:8080 with the demo chain
//   node --import tsx frontend/scripts/landing-screenshots.ts [base URL]
//
// Drives the system Chromium (playwright-core) through the real screens, signed in as the demo owner, and writes
// optimized WebP files (1280 px wide) to frontend/public/landing/screenshot-1.webp … screenshot-6.webp, in the order
// of the screenshots in gateway/content/landing.*.json (whose alt texts describe them). Re-run it as the product grows.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, requireRunningProduct } from '@akhada/test-support/browser';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

const BASE = (process.argv[2] ?? process.env.AKHADA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const EMAIL = process.env.DEMO_EMAIL ?? 'owner@akhada.demo';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Akhada@2026';
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'landing');
const WIDTH = 1280;
const HEIGHT = 800;
const MAX_BYTES = 80 * 1024;

/** PNG → WebP at about quality 75, lowered step by step if the file would be over 80 KB. */
async function writeWebp(png: Buffer, n: number) {
  let quality = 75;
  let webp = await sharp(png).resize({ width: WIDTH }).webp({ quality, effort: 6 }).toBuffer();
  while (webp.length > MAX_BYTES && quality > 45) {
    quality -= 5;
    webp = await sharp(png).resize({ width: WIDTH }).webp({ quality, effort: 6 }).toBuffer();
  }
  const file = join(OUT, `screenshot-${n}.webp`);
  writeFileSync(file, webp);
  console.log(`  screenshot-${n}.webp  ${(webp.length / 1024).toFixed(1)} KB  (quality ${quality})`);
}

/** Waits until nothing on the page says it is loading, then lets fonts and transitions settle. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner, .nav-progress'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function shot(page: Page, n: number) {
  await settle(page);
  await writeWebp(await page.screenshot({ type: 'png' }), n);
}

async function main() {
  await requireRunningProduct(BASE);
  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await context.addInitScript(() => {
      localStorage.setItem('theme', 'light');
      localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    console.log(`Screens of ${BASE} → ${OUT}`);

    // 5: the sign-in screen, before signing in.
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await shot(page, 5);

    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });

    // 1: the dashboard.
    await page.getByTestId('dashboard-greeting').waitFor();
    await shot(page, 1);

    // 6: the notification bell, open.
    await page.getByTestId('bell-button').click();
    await page.getByTestId('bell-panel').waitFor();
    await shot(page, 6);
    await page.keyboard.press('Escape');

    // 2: the members list.
    await page.goto('/dashboard/members');
    await page.getByTestId('member-row').first().waitFor({ timeout: 20_000 });
    await shot(page, 2);

    // 3: a member's detail page.
    await page.getByTestId('member-view').first().click();
    await page.waitForURL(/\/dashboard\/members\/[^/]+$/);
    await shot(page, 3);

    // 4: the notifications page.
    await page.goto('/dashboard/notifications');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 4);

    await context.close();
  } finally {
    await browser.close();
  }
}

await main();
