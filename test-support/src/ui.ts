import { authRoutes } from '@akhada/contracts';
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.ts';

/**
 * Signs in through the real sign-in screen. Keep it for tests about signing in (one per role); every other test starts
 * signed in with `signedInPage`.
 */
export const signIn = async (page: Page, email: string, password: string, expectPath: RegExp = /\/dashboard$/) => {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(expectPath, { timeout: 15_000 });
};

/** The four looks screens are reviewed in: each width once in each theme and each language. */
export const LOOKS = [
  { width: 1280, theme: 'light', lang: 'en' },
  { width: 1280, theme: 'dark', lang: 'hi' },
  { width: 375, theme: 'light', lang: 'hi' },
  { width: 375, theme: 'dark', lang: 'en' },
] as const;

/**
 * Screens for review (the specs' *_SCREENSHOTS=<dir>): signs `who` in once per look — theme and language set before the
 * app loads — and hands the page to `shoot` with the look's file-name suffix ("1280-dark-hi").
 */
export const inEveryLook = async (
  newPage: (width: number) => Promise<Page>,
  who: { email: string; password: string },
  shoot: (page: Page, suffix: string) => Promise<void>,
): Promise<void> => {
  for (const look of LOOKS) {
    const page = await newPage(look.width);
    await page.context().addInitScript(
      ([theme, lang]) => {
        localStorage.setItem('theme', theme!);
        localStorage.setItem('lang', lang!);
      },
      [look.theme, look.lang],
    );
    await signIn(page, who.email, who.password);
    await shoot(page, `${look.width}-${look.theme}-${look.lang}`);
    await page.context().close();
  }
};

/** Sessions made through the API, one per user and test file, kept while they work (auth's tokens live 15 minutes). */
const sessions = new Map<string, { token: string; at: number }>();

/** A working session token of `who`: the one made before when it still answers /auth/me, else a new sign-in through the API. */
export const sessionToken = async (base: string, who: { email: string; password: string }): Promise<string> => {
  const key = `${base} ${who.email}`;
  const kept = sessions.get(key);
  if (kept && Date.now() - kept.at < 10 * 60_000) {
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${kept.token}` } });
    await me.body?.cancel();
    if (me.status === 200) return kept.token;
  }
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  const json: unknown = await res.json();
  if (res.status !== 200) throw new Error(`sign in ${who.email}: ${res.status} ${JSON.stringify(json)}`);
  const token = authRoutes.login.responses[200].parse(json).data.token;
  sessions.set(key, { token, at: Date.now() });
  return token;
};

/**
 * A page in a new browser context that starts signed in as `who` — the session's token is in the context's storage
 * state, in localStorage where the app keeps it — opened at `path` (the dashboard, as after `signIn`) once the app has
 * taken the visitor to `expectPath`. What `signIn` does through the sign-in screen, without the screen: seconds a test.
 */
export const signedInPage = async (
  browser: Browser,
  base: string,
  who: { email: string; password: string },
  { width = 1280, path = '/dashboard', expectPath = /\/dashboard/ }: { width?: number; path?: string; expectPath?: RegExp } = {},
): Promise<Page> => {
  const token = await sessionToken(base, who);
  const ctx = await newContext(browser, base, width, {
    storageState: { cookies: [], origins: [{ origin: new URL(base).origin, localStorage: [{ name: 'token', value: token }] }] },
  });
  const page = await ctx.newPage();
  await page.goto(path);
  await page.waitForURL(expectPath, { timeout: 15_000 });
  return page;
};
