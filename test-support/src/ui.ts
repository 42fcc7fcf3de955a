import type { Page } from 'playwright-core';

/** Signs in through the real sign-in screen. */
export const signIn = async (page: Page, email: string, password: string, expectPath: RegExp = /\/dashboard$/) => {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(expectPath, { timeout: 15_000 });
};
