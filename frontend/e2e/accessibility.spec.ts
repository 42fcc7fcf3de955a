// axe (through @axe-core/playwright) on every public page and the signed-in dashboard shell, in the light and the
// dark theme: no serious or critical violations. axe is the heaviest thing the browser suite does (half a minute of CPU
// for the landing page), so `npm test` checks each page in one of the two themes, chosen per page by the run's guard
// seed (the other theme comes up in other runs); `npm run test:full` checks every page in both.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import { guardSampling, pick } from './guard/sampling.ts';

let browser: Browser;
const base = inject('gatewayUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const sampling = guardSampling();
/** The themes a check runs in this run: both with GUARD_FULL=1, else the one the seed picks for it. */
const themesFor = (check: string): Theme[] => (sampling.full ? [...THEMES] : pick(THEMES, 1, sampling.seed, (t) => `axe|${check}|${t}`));

/** What a page shows once it is ready to be checked. */
const PUBLIC_PAGES: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (page) => page.getByTestId('trust-ssl_secured').waitFor({ timeout: 20_000 }) },
  { path: '/login', ready: (page) => page.getByTestId('login-email').waitFor() },
  { path: '/register', ready: (page) => page.getByTestId('register-email').waitFor() },
  { path: '/help', ready: (page) => page.getByTestId('faq').waitFor() },
  { path: '/contact', ready: (page) => page.getByTestId('contact-form').waitFor() },
  { path: '/privacy', ready: (page) => page.getByTestId('privacy-grievance').waitFor() },
];

async function open(theme: Theme, width = 1280) {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: { width, height: 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'reduce',
  });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return { ctx, page: await ctx.newPage() };
}

/** Serious and critical violations, one line each (rule, impact, where), so a failure says what to fix. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ') ?? v.help}`));
}

describe('axe', () => {
  it.each(PUBLIC_PAGES.flatMap((p) => themesFor(p.path).map((theme) => [p.path, theme, p] as const)))(
    'finds no serious or critical violations on %s (%s theme)',
    async (_path, theme, { path, ready }) => {
      const { ctx, page } = await open(theme);
      await page.goto(path);
      await ready(page);
      expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
      expect(await seriousViolations(page)).toEqual([]);
      await ctx.close();
    },
  );

  it.each(themesFor('landing details'))(
    'finds none on the landing page with a plan’s details and the lightbox open, and on a phone (%s theme)',
    async (theme) => {
      const { ctx, page } = await open(theme);
      await page.goto('/');
      await PUBLIC_PAGES[0]!.ready(page);
      await page.getByTestId('plan-details-pro').click();
      await page.getByTestId('plan-modal-cta').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('screenshot-open').click();
      await page.getByTestId('lightbox-close').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await ctx.close();

      const phone = await open(theme, 375);
      await phone.page.goto('/');
      await PUBLIC_PAGES[0]!.ready(phone.page);
      expect(await seriousViolations(phone.page)).toEqual([]);
      await phone.ctx.close();
    },
  );

  it.each(themesFor('dashboard shell'))('finds none in the signed-in dashboard shell (%s theme)', async (theme) => {
    const { ctx, page } = await open(theme);
    await signIn(page, 'owner@akhada.demo', 'Akhada@2026');
    await page.getByTestId('dashboard-greeting').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });
});
