import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** The flags this machine needs for the system Chromium (no sandbox as root, no background networking). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The system Chromium, headless, with those flags. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: [...CHROMIUM_FLAGS] });

/** Exits with a clear message unless the product answers at `base` (the scripts that drive a running `npm start`). */
export const requireRunningProduct = async (base: string): Promise<void> => {
  try {
    const res = await fetch(`${base}/api/public/landing?lang=en`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
  } catch (err) {
    console.error(`Akhada does not answer at ${base} (${(err as Error).message}). Start it first: npm start`);
    process.exit(1);
  }
};

export const newContext = (browser: Browser, baseURL: string, width = 1280, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata', ...options });
