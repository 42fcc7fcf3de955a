import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The system Chromium, headless, with the flags this machine needs (no sandbox as root, no background networking). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });

export const newContext = (browser: Browser, baseURL: string, width = 1280): Promise<BrowserContext> =>
  browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
