// Front-end budgets: `npm run bench:web` (needs the product running, e.g. `npm start`, and a fresh `frontend/dist`).
//
// 1. JavaScript sizes (gzip, level 9) from the build manifest: the landing route (entry + what the landing page loads),
//    the signed-in app shell (entry + shell + dashboard), and every lazily loaded route on its own.
// 2. Lighthouse (npm `lighthouse`, the system Chromium, mobile preset) on the landing page, 3 runs, median per category.
//
// Prints the figures against the targets; it is a measurement, not a test. `--strict` exits 1 when a target is missed.
import { CHROMIUM_FLAGS } from '@akhada/test-support/browser';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BASE = (process.env.BENCH_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const strict = process.argv.includes('--strict');
const skipLighthouse = process.argv.includes('--sizes-only');

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const KB = 1024;
const TARGETS = { landingJsKb: 120, shellJsKb: 250, performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const misses: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'ok  ' : 'MISS';
};

function readManifest(): Manifest {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    console.error(`No build manifest at ${file}. Build the frontend first: npm run build -w @akhada/frontend`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const gzipCache = new Map<string, number>();
function gz(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
}
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A chunk and everything it imports statically (what the browser must load before it runs). */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    if (chunk.file.endsWith('.js')) into.add(chunk.file);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}
const total = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0);
const keyOf = (manifest: Manifest, src: string) => {
  const key = Object.keys(manifest).find((k) => k === src || manifest[k]!.src === src);
  if (!key) throw new Error(`${src} is not in the build manifest`);
  return key;
};
/** The chunks of some namespaces' texts: their own, or the one chunk the signed-in area's texts share per language. */
const localeChunks = (manifest: Manifest, lang: string, namespaces: string[]) => [
  ...new Set(
    namespaces.map((ns) => {
      const own = Object.keys(manifest).find((k) => k === `src/locales/${lang}/${ns}.json`);
      const grouped = Object.keys(manifest).find((k) => manifest[k]!.file.startsWith(`assets/texts-${lang}-`));
      if (!own && !grouped) throw new Error(`src/locales/${lang}/${ns}.json is not in the build manifest`);
      return own ?? grouped!;
    }),
  ),
];

function bundleSizes() {
  const manifest = readManifest();
  const entry = closure(manifest, ['index.html']);

  // The landing route's first render: entry, the page's chunk and its imports. Shown apart: the sections below the
  // first screen (fetched in parallel, rendered after the first paint) and the worker that validates the content
  // with its zod contract (off the main thread).
  const landing = closure(manifest, [keyOf(manifest, 'src/features/landing/routes/landing-page.tsx')], new Set(entry));
  const more = closure(manifest, [keyOf(manifest, 'src/features/landing/components/landing-more.tsx')], new Set());
  for (const f of landing) more.delete(f);
  const worker = readdirSync(join(dist, 'assets'))
    .filter((f) => /^landing-worker-.*\.js$/.test(f))
    .map((f) => `assets/${f}`);
  const landingHindi = closure(manifest, localeChunks(manifest, 'hi', ['common', 'landing']), new Set());
  for (const f of landing) landingHindi.delete(f);

  // The signed-in shell on /dashboard: entry, session calls (API client), the signed-in route table, shell, dashboard
  // page, and the app texts.
  const appNs = ['shell', 'errors', 'auth', 'dashboard', 'members', 'notifications', 'profile', 'settings', 'services'];
  const shell = closure(
    manifest,
    [
      keyOf(manifest, 'src/lib/auth/api/session-calls.ts'),
      keyOf(manifest, 'src/app/dashboard-routes.tsx'),
      keyOf(manifest, 'src/app/shell/app-shell.tsx'),
      keyOf(manifest, 'src/features/dashboard/routes/dashboard-page.tsx'),
      ...localeChunks(manifest, 'en', appNs),
    ],
    new Set(entry),
  );

  const landingKb = total(landing) / KB;
  const shellKb = total(shell) / KB;
  console.log('\nJavaScript (gzip -9)');
  console.log(`  entry (index.html and its imports)        ${kb(total(entry)).padStart(9)}   ${entry.size} files`);
  console.log(
    `  landing route, first render               ${kb(total(landing)).padStart(9)}   target ≤ ${TARGETS.landingJsKb} KB  ${check(landingKb <= TARGETS.landingJsKb, 'landing JS')}`,
  );
  console.log(`    + sections below the first screen         ${kb(total(more)).padStart(8)}`);
  console.log(`    + content validation (zod, in a worker)   ${kb(total(worker)).padStart(8)}`);
  console.log(`    + Hindi texts (only for Hindi visitors)  ${kb(total(landingHindi)).padStart(8)}`);
  console.log(
    `  app shell on /dashboard                   ${kb(total(shell)).padStart(9)}   target ≤ ${TARGETS.shellJsKb} KB  ${check(shellKb <= TARGETS.shellJsKb, 'app shell JS')}`,
  );

  console.log('\nLazily loaded routes (own chunk + chunks not already in the entry)');
  const routes = Object.values(manifest).filter((c) => c.isDynamicEntry && c.src && /\/routes\/|app-shell/.test(c.src));
  for (const c of routes.sort((a, b) => a.src!.localeCompare(b.src!))) {
    const own = closure(manifest, [c.src!], new Set(entry));
    for (const f of entry) own.delete(f);
    console.log(`  ${c.src!.replace(/^src\//, '').padEnd(58)} ${kb(gz(c.file)).padStart(9)} own, ${kb(total(own)).padStart(9)} with shared chunks`);
  }
}

async function reachable(): Promise<boolean> {
  try {
    const res = await fetch(`${BASE}/api/public/landing?lang=en`, { signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function lighthouseRuns() {
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
  const scores: Record<(typeof categories)[number], number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
  const url = `${BASE}/`;
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium is not at ${CHROME_PATH}: install Debian's chromium (npm test installs it when missing) or set CHROME_PATH`);
  }
  console.log(`\nLighthouse ${RUNS}× on ${url} (mobile preset, ${CHROME_PATH})`);
  for (let i = 1; i <= RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = result.lhr;
      if (process.env.LIGHTHOUSE_SAVE) {
        // LIGHTHOUSE_SAVE=dir keeps each run's full report (lighthouse-N.json) for a closer look.
        mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `lighthouse-${i}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const line = categories.map((c) => {
        const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        scores[c].push(score);
        return `${c} ${score}`;
      });
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      console.log(
        `  run ${i}: ${line.join(', ')}  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
      );
      for (const c of categories) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && c !== 'performance')
            console.log(`      ${c}: ${ref.id} (${audit.score}) ${audit.title}`);
        }
      }
    } finally {
      await chrome.kill();
    }
  }
  console.log('\nLighthouse medians');
  for (const c of categories) {
    const m = median(scores[c]);
    const target = TARGETS[c];
    console.log(`  ${c.padEnd(16)} ${String(m).padStart(5)}   target ≥ ${target}  ${check(m >= target, `Lighthouse ${c}`)}`);
  }
}

bundleSizes();
if (!skipLighthouse) {
  if (!(await reachable())) {
    console.error(`\nNothing answers at ${BASE}. Start the product first (npm start), or set BENCH_URL to where it runs.`);
    process.exit(1);
  }
  await lighthouseRuns();
}
if (misses.length) console.log(`\nMissed: ${misses.join(', ')}`);
else console.log('\nAll targets met.');
process.exit(strict && misses.length ? 1 : 0);
