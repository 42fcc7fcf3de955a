// How long the signed-in screens take to show their content: `npm run bench:routes` (with `npm start` running), or
//
//   node --import tsx frontend/scripts/route-timing.ts [gateway URL]       # default http://127.0.0.1:8080
//
// Signs in as the demo owner through the real sign-in screen (headless system Chromium, as the browser tests do),
// then for /dashboard and /dashboard/members measures "navigation → content visible" from the browser's own clock
// (performance.now() is 0 at the start of the navigation):
//   cold  a new browser context per run (empty HTTP cache, nothing in memory; the session token in localStorage)
//   warm  the same context loading the page again (code from the HTTP cache; the app starts afresh)
// and prints the median of 5 runs of each (RUNS=<n> to change), plus one cold run's request waterfall per route.
// It is a measurement, not a test: `--target <ms>` exits 1 when a cold median is above the target.
import { launchBrowser, requireRunningProduct } from '@akhada/test-support/browser';
import { signIn } from '@akhada/test-support/ui';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const args = process.argv.slice(2);
const targetAt = args.indexOf('--target');
const TARGET_MS = targetAt >= 0 ? Number(args[targetAt + 1]) : null;
const positional = args.filter((a, i) => !a.startsWith('--') && (targetAt < 0 || i !== targetAt + 1));
const BASE = (positional[0] ?? process.env.AKHADA_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const EMAIL = process.env.DEMO_EMAIL ?? 'owner@akhada.demo';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Akhada@2026';
const RUNS = Number(process.env.RUNS ?? 5);
const TIMEOUT_MS = 20_000;

/**
 * What "content visible" means on each screen, checked in the page on every DOM change: every figure on the
 * dashboard is in (no spinner left in a stat card) and the recent activity is shown; the members table has rows.
 */
const ROUTES = {
  '/dashboard': `(() => {
    const cards = document.querySelectorAll('.stat-card');
    if (cards.length === 0 || document.querySelector('.stat-card .spinner')) return false;
    return Boolean(document.querySelector('.activity-list, .activity-empty'));
  })()`,
  '/dashboard/members': `Boolean(document.querySelector('[data-testid="member-row"]'))`,
} as const;
type Route = keyof typeof ROUTES;

/** Runs before the app's code in every page: notes the first moment the route's content is on screen. */
const OBSERVER = `(() => {
  // Written out as functions, not evaluated from strings: the product's CSP forbids eval.
  const checks = { ${Object.entries(ROUTES)
    .map(([path, expr]) => `${JSON.stringify(path)}: () => ${expr}`)
    .join(', ')} };
  const check = checks[location.pathname];
  if (!check) return;
  const note = () => {
    if (window.__contentAt === undefined && check()) {
      window.__contentAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

interface RequestTiming {
  name: string;
  start: number;
  end: number;
}

async function measure(page: Page, route: Route): Promise<{ ms: number; requests: RequestTiming[] }> {
  await page.goto(`${BASE}${route}`, { waitUntil: 'commit' });
  const t0 = Date.now();
  for (;;) {
    const at = (await page.evaluate('window.__contentAt').catch(() => undefined)) as number | undefined;
    if (typeof at === 'number') {
      const requests = (await page.evaluate(
        `performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd }))`,
      )) as RequestTiming[];
      const nav = (await page.evaluate(
        `(() => { const n = performance.getEntriesByType('navigation')[0]; return { name: location.pathname + ' (document)', start: 0, end: n ? n.responseEnd : 0 }; })()`,
      )) as RequestTiming;
      const marks = (await page.evaluate(
        `performance.getEntriesByType('mark').map((m) => ({ name: '(mark) ' + m.name, start: m.startTime, end: m.startTime }))`,
      )) as RequestTiming[];
      return { ms: at, requests: [nav, ...requests.filter((r) => r.start <= at), ...marks] };
    }
    if (Date.now() - t0 > TIMEOUT_MS) throw new Error(`${route}: no content after ${TIMEOUT_MS} ms (is the demo seeded and ${BASE} the product?)`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`.padStart(8);

async function newSignedInContext(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata', storageState });
  await ctx.addInitScript(OBSERVER);
  return ctx;
}

function waterfall(requests: RequestTiming[], contentAt: number) {
  const short = (url: string) => url.replace(BASE, '').replace(/-[A-Za-z0-9_-]{8}\.(js|css|json)/, '.$1');
  const lines = requests
    .filter((r) => !/\.(woff2?|svg|png|webp|ico)(\?|$)/.test(r.name))
    .sort((a, b) => a.start - b.start)
    .map((r) => `      ${ms(r.start)} → ${ms(r.end)}  ${short(r.name)}`);
  return [...lines, `      content visible at ${Math.round(contentAt)} ms`].join('\n');
}

async function main() {
  await requireRunningProduct(BASE);
  const browser = await launchBrowser();
  try {
    // Sign in once through the UI; every measured context starts from that session (token in localStorage).
    const setup = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const page = await setup.newPage();
    await signIn(page, EMAIL, PASSWORD);
    const storageState = await setup.storageState();
    await setup.close();

    console.log(`\nNavigation → content visible, ${BASE}, median of ${RUNS} runs (headless Chromium, this machine)\n`);
    console.log(`  ${'route'.padEnd(22)}${'cold'.padStart(8)}${'warm'.padStart(10)}   cold runs / warm runs`);
    const details: string[] = [];
    const misses: string[] = [];
    for (const route of Object.keys(ROUTES) as Route[]) {
      const cold: number[] = [];
      let sample: { ms: number; requests: RequestTiming[] } | null = null;
      for (let i = 0; i < RUNS; i++) {
        const ctx = await newSignedInContext(browser, storageState);
        const result = await measure(await ctx.newPage(), route);
        cold.push(result.ms);
        if (i === Math.floor(RUNS / 2)) sample = result;
        await ctx.close();
      }
      const warm: number[] = [];
      const ctx = await newSignedInContext(browser, storageState);
      const warmPage = await ctx.newPage();
      await measure(warmPage, route); // fills the HTTP cache
      for (let i = 0; i < RUNS; i++) warm.push((await measure(warmPage, route)).ms);
      await ctx.close();

      const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
      console.log(`  ${route.padEnd(22)}${ms(median(cold))}${ms(median(warm)).padStart(10)}   ${list(cold)} / ${list(warm)}`);
      if (sample) details.push(`    ${route}, one cold run (request start → end, ms after navigation start):\n${waterfall(sample.requests, sample.ms)}`);
      if (TARGET_MS !== null && median(cold) > TARGET_MS) misses.push(`${route} cold ${Math.round(median(cold))} ms > ${TARGET_MS} ms`);
    }
    console.log(`\n${details.join('\n\n')}\n`);
    if (misses.length) {
      console.log(`Target missed: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
  }
}

await main();
