/*
 * Component tests: the app's real routes and providers in jsdom, the network mocked with MSW from the contracts.
 * A test file starts with `// @vitest-environment jsdom` and imports this module first; it starts the mock server
 * (any request without a handler fails the test), the texts, and cleans up after every test.
 */
import { cleanup, configure } from '@testing-library/react';
import { ws } from 'msw';
import { setupServer } from 'msw/node';
import { gymSettingsRoutes, signInMethodRoutes } from '@akhada/contracts';
import { marketingConsentIs, membershipPlansAre } from './app-handlers';
import { todaysClassesAre } from './dashboard';
import { on, reply } from './contract-handlers';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';

// A screen's code is compiled on first use in a test run (a lazy route's chunk goes through Vite's transform while
// the integration tests share the two cores): give findBy* room for that. It only waits longer when the machine is
// busy; what is found is asserted as before (5 s missed twice in one run at load 16, the route still "Loading page").
configure({ asyncUtilTimeout: 15_000 });

// What jsdom lacks and the app uses.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => undefined;
// The API client traces every call in development builds; keep test output for failures.
vi.spyOn(console, 'debug').mockImplementation(() => undefined);

/**
 * The bell's live socket (socket.io over a WebSocket, the app's only one): accepted and left quiet, so no test ever
 * opens a real connection; the tests drive the HTTP side. (MSW matches socket.io addresses without "/socket.io".)
 */
const hub = ws.link('*');

/** The shell reads the user's saved appearance at sign-in: by default none saved yet (the device's own choices stay). */
const preferences = on(gymSettingsRoutes.getPreferences, () =>
  reply(gymSettingsRoutes.getPreferences, 200, {
    success: true,
    data: {
      theme: 'system',
      language: 'en',
      density: 'comfortable',
      contactVisibleToTrainers: true,
      marketingConsent: false,
      brandColor: '#3b82f6',
      savedAt: null,
    },
  }),
);

// The sign-in and registration pages ask whether Google sign-in is configured: not, unless a test says so.
const googleSignIn = on(signInMethodRoutes.googleConfig, () => reply(signInMethodRoutes.googleConfig, 200, { success: true, data: { enabled: false } }));

// The add-member and renewal forms offer the gym's membership plans: it sells none, unless a test says so.
const noPlans = membershipPlansAre([]);

// The staff dashboard's Today's Classes: none today, unless a test says so.
const noClasses = todaysClassesAre([]);

// The desk's Marketing consent card (member and lead pages, owners and admins): never recorded, unless a test says so.
const noConsent = marketingConsentIs();

export const server = setupServer(
  hub.addEventListener('connection', () => undefined),
  preferences,
  googleSignIn,
  noPlans,
  noClasses,
  noConsent,
);
/** Calls that had no handler in the current test: the test fails with their list. */
const unhandled: string[] = [];

beforeAll(async () => {
  server.listen({
    // Every call must have a handler.
    onUnhandledRequest: (request, print) => {
      const url = new URL(request.url);
      unhandled.push(`${request.method} ${url.pathname}${url.search}`);
      print.error();
    },
  });
  await initI18n();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  const missed = unhandled.splice(0);
  if (missed.length) throw new Error(`Requests without a mock handler: ${[...new Set(missed)].join(', ')}`);
});
afterAll(() => server.close());
