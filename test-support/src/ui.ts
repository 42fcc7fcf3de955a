import type { Page } from 'playwright-core';

/** Signs in through the real sign-in screen. */
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
