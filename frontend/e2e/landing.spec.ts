// The public website in headless Chromium against the real stack: the landing page's interactions, language and
// theme persistence, the guest-only redirect, the footer pages and the contact form.
import type { LandingContent } from '@akhada/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@akhada/test-support/browser';
import { cssOf, focusedTestId, horizontalOverflow, htmlAttribute, isDialogOpen } from '@akhada/test-support/dom';
import { signIn } from '@akhada/test-support/ui';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'gateway', 'content');
const content = (lang: 'en' | 'hi') => JSON.parse(readFileSync(join(contentDir, `landing.${lang}.json`), 'utf8')) as LandingContent;
const en = content('en');
const hi = content('hi');

let browser: Browser;
const base = inject('gatewayUrl');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh visitor (no token), light theme and English unless told otherwise (set once: reloads keep what the app stored). */
async function visitor(
  opts: { width?: number; theme?: 'light' | 'dark'; lang?: 'en' | 'hi'; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: { width: opts.width ?? 1280, height: 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion: opts.reducedMotion ?? 'no-preference',
  });
  await ctx.addInitScript(
    ([theme, lang]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('theme', theme);
      localStorage.setItem('lang', lang);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    [opts.theme ?? 'light', opts.lang ?? 'en'] as const,
  );
  return { ctx, page: await ctx.newPage() };
}

/** Opens the landing page and waits until every section has rendered. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await page.getByTestId('hero-title').waitFor({ timeout: 20_000 });
  await page.getByTestId('trust-ssl_secured').waitFor({ timeout: 20_000 });
}

describe('landing page', () => {
  it('renders the content of the API: banner, hero, six features, five plans with en-IN prices, metadata', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const banner = page.getByTestId('urgency-banner');
    expect(await banner.innerText()).toContain(en.banner.message);
    expect(await cssOf(banner, 'backgroundColor')).toBe('rgb(154, 52, 18)'); // #9A3412
    // Desktop (≥ 1024 px) shows the longer title.
    expect(await page.getByTestId('hero-title').innerText()).toBe(en.hero.titleDesktop);
    expect(await page.getByTestId('features').locator('li').count()).toBe(6);
    const prices = { free: '₹0', mini: '₹999', starter: '₹1,999', pro: '₹5,000', enterprise: '₹10,000' };
    for (const [id, price] of Object.entries(prices)) expect(await page.getByTestId(`plan-price-${id}`).innerText()).toBe(price);
    expect(await page.getByTestId('plan-starter').innerText()).toContain('Popular');

    expect(await page.title()).toBe(en.seo.title);
    const meta = (sel: string) => page.locator(`head meta[${sel}]`).getAttribute('content');
    expect(await meta('name="description"')).toBe(en.seo.description);
    expect(await meta('name="keywords"')).toBe(en.seo.keywords.join(', '));
    expect(await meta('property="og:title"')).toBe(en.seo.ogTitle);
    expect(await meta('property="og:description"')).toBe(en.seo.ogDescription);
    expect(await meta('name="twitter:title"')).toBe(en.seo.twitterTitle);
    expect(await meta('name="twitter:description"')).toBe(en.seo.twitterDescription);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${base}/`);
    await ctx.close();
  });

  it('shows the mobile title below 1024 px and does not overflow at 320 px', async () => {
    const { ctx, page } = await visitor({ width: 320 });
    await openLanding(page);
    expect(await page.getByTestId('hero-title').innerText()).toBe(en.hero.title);
    expect(await horizontalOverflow(page)).toBe(0);
    for (const path of ['/help', '/contact', '/privacy', '/login', '/register']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await ctx.close();
  });

  it('opens a plan’s details and closes them by the close button, the backdrop and Escape, returning focus', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const modal = page.getByTestId('plan-modal');
    const details = page.getByTestId('plan-details-starter');
    const isOpen = () => isDialogOpen(modal);

    await details.click();
    await expect.poll(isOpen).toBe(true);
    expect(await modal.getByRole('heading', { level: 2 }).innerText()).toBe('Starter');
    for (const f of en.plans[2]!.features) expect(await modal.innerText()).toContain(f);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect.poll(isOpen).toBe(false);
    expect(await focusedTestId(page)).toBe('plan-details-starter');

    await details.click();
    await expect.poll(isOpen).toBe(true);
    // A click on the backdrop: the dialog element itself, outside its panel.
    await page.mouse.click(8, 400);
    await expect.poll(isOpen).toBe(false);

    await details.click();
    await expect.poll(isOpen).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
    expect(await focusedTestId(page)).toBe('plan-details-starter');
    await ctx.close();
  });

  it('sends every call to action to /register or /login, with the plan’s own label in its details', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const href = (testId: string) => page.getByTestId(testId).first().getAttribute('href');
    expect(await href('header-sign-in')).toBe('/login');
    expect(await href('header-get-started')).toBe('/register');
    expect(await href('hero-get-started')).toBe('/register');
    expect(await href('hero-sign-in')).toBe('/login');
    expect(await href('final-cta-primary')).toBe('/register');
    expect(await href('final-cta-secondary')).toBe('/login');
    const labels = { free: 'Start Free Trial', mini: 'Get Started', starter: 'Get Started', pro: 'Get Started', enterprise: 'Contact Sales' };
    for (const [id, label] of Object.entries(labels)) {
      expect(await href(`plan-cta-${id}`)).toBe('/register');
      await page.getByTestId(`plan-details-${id}`).click();
      const cta = page.getByTestId('plan-modal-cta');
      await cta.waitFor();
      expect(await cta.innerText()).toBe(label);
      expect(await cta.getAttribute('href')).toBe('/register');
      await page.keyboard.press('Escape');
      await page.getByTestId('plan-modal-cta').waitFor({ state: 'detached' });
    }
    // Following one really goes there.
    await page.getByTestId('hero-get-started').click();
    await page.waitForURL(/\/register$/);
    await ctx.close();
  });

  it('switches the comparison tabs by click and by arrow keys', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const tab = (id: string) => page.getByTestId(`comparison-tab-${id}`);
    const panel = page.getByTestId('comparison-panel');
    expect(await tab('akhada').getAttribute('aria-selected')).toBe('true');
    expect(await panel.innerText()).toContain(en.comparison.tabs[1]!.title);

    await tab('excel').click();
    expect(await tab('excel').getAttribute('aria-selected')).toBe('true');
    expect(await tab('akhada').getAttribute('aria-selected')).toBe('false');
    expect(await panel.innerText()).toContain(en.comparison.tabs[0]!.title);
    expect(await panel.innerText()).toContain('₹20,500');

    await page.keyboard.press('ArrowLeft'); // wraps to the last tab
    expect(await tab('enterprise').getAttribute('aria-selected')).toBe('true');
    expect(await focusedTestId(page)).toBe('comparison-tab-enterprise');
    expect(await panel.innerText()).toContain('₹50,000+');
    await page.keyboard.press('Home');
    expect(await tab('excel').getAttribute('aria-selected')).toBe('true');
    await ctx.close();
  });

  it('moves the screenshot carousel one image at a time, disabled at both ends, and opens the lightbox', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const prev = page.getByTestId('screenshot-previous');
    const next = page.getByTestId('screenshot-next');
    const image = page.getByTestId('screenshot-image');
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    expect(await image.getAttribute('src')).toBe(en.screenshots[0]!.src);
    for (let i = 1; i < 6; i++) {
      await next.click();
      expect(await page.getByTestId('screenshot-position').innerText()).toBe(`${i + 1} of 6`);
      expect(await image.getAttribute('alt')).toBe(en.screenshots[i]!.alt);
    }
    expect(await next.isDisabled()).toBe(true);
    expect(await prev.isDisabled()).toBe(false);
    const height = (await image.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(300);
    expect(await image.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0); // the file exists

    const lightbox = page.getByTestId('lightbox');
    const isOpen = () => isDialogOpen(lightbox);
    await page.getByTestId('screenshot-open').click();
    await expect.poll(isOpen).toBe(true);
    expect(await lightbox.locator('img').getAttribute('src')).toBe(en.screenshots[5]!.src);
    await page.getByTestId('lightbox-close').click();
    await expect.poll(isOpen).toBe(false);

    await page.getByTestId('screenshot-open').click();
    await expect.poll(isOpen).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);

    await page.getByTestId('screenshot-open').click();
    await expect.poll(isOpen).toBe(true);
    await page.mouse.click(10, 400); // the dark backdrop beside the image
    await expect.poll(isOpen).toBe(false);
    expect(await focusedTestId(page)).toBe('screenshot-open');
    await ctx.close();
  });

  it('loops the testimonials (tripled, copies hidden from assistive technology), pausing on hover and focus', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const marquee = page.getByTestId('testimonials');
    const track = marquee.locator('.marquee__track');
    expect(await marquee.locator('figure').count()).toBe(en.testimonials.length * 3);
    expect(await marquee.locator('[aria-hidden="true"]').count()).toBeGreaterThanOrEqual(2);
    expect(await cssOf(track, 'animationDuration')).toBe('40s');
    expect(await cssOf(track, 'animationPlayState')).toBe('running');
    await marquee.hover();
    expect(await cssOf(track, 'animationPlayState')).toBe('paused');
    await page.mouse.move(0, 0);
    await marquee.focus();
    expect(await cssOf(track, 'animationPlayState')).toBe('paused');
    await ctx.close();

    const still = await visitor({ reducedMotion: 'reduce' });
    await openLanding(still.page);
    expect(await cssOf(still.page.getByTestId('testimonials').locator('.marquee__track'), 'animationName')).toBe('none');
    await still.ctx.close();
  });

  it('shows "Loading..." and then "Error loading content: ..." with a Retry that recovers', async () => {
    const { ctx, page } = await visitor();
    // The page must fetch its content: the first screen the gateway renders is in the cookie's language (Hindi),
    // the visitor's stored language is English.
    await ctx.addCookies([{ name: 'lang', value: 'hi', url: base }]);
    let fail = true;
    await page.route('**/api/public/landing*', async (route) => {
      if (fail)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'down', error: 'down', code: 'SERVICE_UNAVAILABLE' }),
        });
      return route.fallback();
    });
    await page.goto('/');
    const error = page.getByTestId('landing-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.innerText()).toContain('Error loading content: Failed to load homepage content');
    fail = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('hero-title').waitFor({ timeout: 20_000 });
    await ctx.close();
  });

  it('switches to Hindi, keeps it across a reload, and sets <html lang>', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    expect(await htmlAttribute(page, 'lang')).toBe('en');
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.getByTestId('hero-title').innerText(), { timeout: 15_000 }).toBe(hi.hero.titleDesktop);
    expect(await htmlAttribute(page, 'lang')).toBe('hi');
    await page.getByTestId('trust-ssl_secured').waitFor();
    expect(await page.title()).toBe(hi.seo.title);
    expect(await page.getByTestId('plan-details-starter').innerText()).toBe('पूरी जानकारी देखें');

    await page.reload();
    await page.getByTestId('hero-title').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('hero-title').innerText()).toBe(hi.hero.titleDesktop);
    expect(await htmlAttribute(page, 'lang')).toBe('hi');
    // Hindi text uses the self-hosted Devanagari font.
    await expect.poll(() => page.evaluate(`document.fonts.check('16px "Akhada Devanagari"', 'हिन्दी')`)).toBe(true);
    // The other public pages follow.
    await page.goto('/privacy');
    expect(await page.locator('h1').innerText()).toBe('गोपनीयता नीति');
    await ctx.close();
  });

  it('keeps the theme across a reload; its own toggle alternates light and dark', async () => {
    const { ctx, page } = await visitor({ theme: 'light' });
    await openLanding(page);
    const theme = () => htmlAttribute(page, 'data-theme');
    expect(await theme()).toBe('light');
    await page.getByTestId('theme-switch').click();
    expect(await theme()).toBe('dark');
    await page.reload();
    await page.getByTestId('hero-title').waitFor({ timeout: 20_000 });
    expect(await theme()).toBe('dark');
    expect(await page.evaluate("localStorage.getItem('theme')")).toBe('dark');
    await page.getByTestId('theme-switch').click();
    expect(await theme()).toBe('light');
    await ctx.close();
  });

  it('sends a signed-in visitor from / to /dashboard', async () => {
    const { ctx, page } = await visitor();
    await signIn(page, 'owner@akhada.demo', 'Akhada@2026');
    await page.goto('/');
    await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
    await ctx.close();
  });
});

describe('first screen rendered by the gateway', () => {
  /** The elements whose text a visitor sees first, read from the page as it arrived (before any script). */
  async function withoutScripts(cookieLang?: 'en' | 'hi', width = 1280) {
    const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 800 }, javaScriptEnabled: false });
    if (cookieLang) await ctx.addCookies([{ name: 'lang', value: cookieLang, url: base }]);
    const page = await ctx.newPage();
    await page.goto('/');
    return { ctx, page };
  }

  it('sends / with banner, header, hero and metadata already in the page, in the language of the lang cookie', async () => {
    for (const [lang, c] of [
      ['en', en],
      ['hi', hi],
    ] as const) {
      const { ctx, page } = await withoutScripts(lang);
      expect(await htmlAttribute(page, 'lang')).toBe(lang);
      expect(await page.getByTestId('hero-title').innerText()).toBe(c.hero.titleDesktop);
      expect(await page.getByTestId('urgency-banner').innerText()).toContain(c.banner.message);
      expect(await page.getByTestId('hero-get-started').getAttribute('href')).toBe('/register');
      expect(await page.getByTestId('header-sign-in').getAttribute('href')).toBe('/login');
      expect(await page.title()).toBe(c.seo.title);
      expect(await page.locator('head meta[property="og:title"]').getAttribute('content')).toBe(c.seo.ogTitle);
      expect(await page.locator('head meta[property="og:url"]').getAttribute('content')).toBe(`${base}/`);
      await ctx.close();
    }
    // No cookie: English.
    const { ctx, page } = await withoutScripts(undefined, 375);
    expect(await page.getByTestId('hero-title').innerText()).toBe(en.hero.title);
    await ctx.close();
  });

  it('is taken over by the app without a request for the content and without a loading screen', async () => {
    const { ctx, page } = await visitor();
    await ctx.addCookies([{ name: 'lang', value: 'en', url: base }]);
    const contentRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/public/landing')) contentRequests.push(r.url());
    });
    // Records whether the loading state was ever in the page.
    await ctx.addInitScript(`new MutationObserver(() => {
      if (document.querySelector('[data-testid="landing-loading"]')) window.sawLoading = true;
    }).observe(document, { childList: true, subtree: true });`);
    await openLanding(page);
    expect(await page.locator('[data-landing-snapshot]').count()).toBe(0); // replaced by the app's own render
    expect(await page.getByTestId('hero-title').count()).toBe(1);
    expect(await page.evaluate('window.sawLoading === true')).toBe(false);
    expect(contentRequests).toEqual([]);
    // Interactive: the theme switch works on the page that arrived rendered.
    await page.getByTestId('theme-switch').click();
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');
    await ctx.close();
  });

  it('is never shown to a signed-in visitor or in a language other than the visitor’s', async () => {
    // The app's code is held back, so what shows is exactly what index.html's inline script decided.
    const snapshotVisible = async (storage: Record<string, string>, cookieLang: 'en' | 'hi') => {
      const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
      await ctx.addCookies([{ name: 'lang', value: cookieLang, url: base }]);
      await ctx.addInitScript((items) => {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      }, storage);
      const page = await ctx.newPage();
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await page.goto('/');
      const visible = await page.getByTestId('hero-title').isVisible();
      await ctx.close();
      return visible;
    };
    expect(await snapshotVisible({ lang: 'en' }, 'en')).toBe(true);
    expect(await snapshotVisible({ lang: 'en', token: 'a.b.c' }, 'en')).toBe(false);
    expect(await snapshotVisible({ lang: 'hi' }, 'en')).toBe(false);
  });
});

describe('footer pages', () => {
  it('leads to About, Features, Pricing, Contact and the privacy notice', async () => {
    const { ctx, page } = await visitor();
    await openLanding(page);
    const footer = page.getByTestId('public-footer');
    for (const name of ['About', 'Features', 'Pricing', 'Contact', 'Privacy Policy'])
      expect(await footer.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    expect(await page.getByTestId('footer-features').getAttribute('href')).toBe('/#features');
    expect(await page.getByTestId('footer-pricing').getAttribute('href')).toBe('/#pricing');

    await page.getByTestId('footer-about').click();
    await page.waitForURL(/\/help#about$/);
    await page.getByTestId('about').waitFor();
    // FAQs are disclosure widgets.
    const first = page.getByTestId('faq').locator('details').first();
    expect(await isDialogOpen(first)).toBe(false); // the same open attribute as a dialog
    await first.locator('summary').click();
    expect(await isDialogOpen(first)).toBe(true);

    await page.getByTestId('footer-privacy').click();
    await page.waitForURL(/\/privacy$/);
    await page.getByTestId('privacy-grievance').waitFor();
    const notice = await page.locator('article').innerText();
    for (const words of [
      'Digital Personal Data Protection Act, 2023',
      'IP address',
      'Grievance Officer',
      'grievance@akhada.in',
      'withdraw',
      'Nomination',
      'Erasure',
      'under 18',
    ])
      expect(notice, words).toContain(words);

    await page.getByTestId('footer-pricing').click();
    await page.waitForURL(/\/#pricing$/);
    await page.getByTestId('pricing').waitFor();
    await expect.poll(async () => Math.abs((await page.getByTestId('pricing').boundingBox())!.y) < 200).toBe(true);

    await page.getByTestId('footer-contact').click();
    await page.waitForURL(/\/contact$/);
    await page.getByTestId('contact-form').waitFor();
    await ctx.close();
  });

  it('checks the contact form before sending, then stores the enquiry and shows its reference', async () => {
    const { ctx, page } = await visitor();
    await page.goto('/contact');
    await page.getByTestId('contact-name').fill('Meera Joshi');
    await page.getByTestId('contact-email').fill('not an email');
    await page.getByTestId('contact-message').fill('Too short');
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/public/contact')) sent++;
    });
    await page.getByTestId('contact-submit').click();
    const form = page.getByTestId('contact-form');
    await expect.poll(() => form.innerText()).toContain('Enter a valid email address');
    expect(await form.innerText()).toContain('Message must be at least 10 characters');
    expect(await page.getByTestId('contact-email').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);

    await page.getByTestId('contact-email').fill('meera@example.in');
    await page.getByTestId('contact-phone').fill('+91 98200 12345');
    await page.getByTestId('contact-gym-name').fill('Shakti Fitness');
    await page.getByTestId('contact-city').fill('Nashik');
    await page.getByTestId('contact-topic').selectOption('sales');
    await page.getByTestId('contact-message').fill('We have 120 members and would like a demo of Akhada.');
    await page.getByTestId('contact-submit').click();
    const done = page.getByTestId('contact-success');
    await done.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('contact-reference').innerText()).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toBe(1);
    await ctx.close();
  });
});
