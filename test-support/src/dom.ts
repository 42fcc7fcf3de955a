import type { Locator, Page } from 'playwright-core';

/*
 * Small reads of the page's state. The e2e code is type-checked without the DOM library (it runs in Node), so the
 * browser-side parts are typed loosely here, once.
 */
type Css = { getComputedStyle(el: unknown): Record<string, string> };

/** A computed style property of the element. */
export const cssOf = (locator: Locator, prop: string): Promise<string> =>
  locator.evaluate((el, p) => (globalThis as unknown as Css).getComputedStyle(el)[p] ?? '', prop);

/** Whether a <dialog> is open. */
export const isDialogOpen = async (locator: Locator): Promise<boolean> => (await locator.getAttribute('open')) !== null;

/** The data-testid of the focused element, or null. */
export const focusedTestId = async (page: Page): Promise<string | null> => {
  const focused = page.locator(':focus');
  return (await focused.count()) ? focused.first().getAttribute('data-testid') : null;
};

/** Pixels the page scrolls sideways (0 when nothing overflows). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;

/** An attribute of <html> (lang, data-theme). */
export const htmlAttribute = (page: Page, name: string): Promise<string | null> => page.locator('html').getAttribute(name);
