import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import devanagariBold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import { App } from './app/app';
import { LandingPage, routes } from './app/router';
import { prefetchRouteData, preloadRouteCode, preloadRouteLoaders } from './app/routes/prefetch-route';
import { prefetchLandingContent } from './features/landing/api/get-landing-content';
import { startSessionCheck } from './lib/auth/session-check';
import { getToken } from './lib/auth/token-store';
import { createQueryClient } from './lib/query-client';
import { initI18n, storedLanguage } from './lib/i18n';
import './styles/tokens.css';
import './styles/fonts.css';
import './styles/base.css';
import './styles/components.css';

const lang = storedLanguage();
const queryClient = createQueryClient();

// The gateway sent the landing page's first screen already rendered (see src/prerender/landing-snapshot.tsx), with
// its content; index.html's inline script marked it stale if it does not fit this visitor (signed in, or another
// language). The app's first render replaces it with the same markup, so it waits for the page's code.
const snapshot = document.documentElement.dataset.snapshot === lang;

// A guest on the landing page: start its code and its content now, in parallel, instead of after the first render.
let landingCode: Promise<unknown> | null = null;
if (window.location.pathname === '/' && !getToken()) {
  prefetchLandingContent(lang);
  landingCode = LandingPage.preload().catch(() => undefined); // the route shows the error if it fails again
}

// A signed-in visitor: check the session now (index.html's inline script has already sent GET /api/auth/me and
// asked for the session's and the page's code), and once the user is known start the page's data, while the
// page's code is still on its way. Nothing here waits for the first render.
const signedIn = getToken() !== null;
let dataStarted: Promise<unknown> | null = null;
if (signedIn) {
  const address = { pathname: window.location.pathname, search: window.location.search };
  void preloadRouteLoaders(routes, address.pathname);
  dataStarted = startSessionCheck().then((result) => (result.kind === 'user' ? prefetchRouteData(routes, queryClient, address, result.user) : null));
}
/**
 * Opening the app signed in, its first frame would only be a spinner: let the session check and the page's requests
 * go out first (the main thread is the bottleneck on a slow device), then render while they are on the network.
 * Never more than a moment: past it, the spinner shows.
 */
const FIRST_RENDER_WAIT_MS = 300;
const requestsFirst = dataStarted ? Promise.race([dataStarted.catch(() => undefined), new Promise((r) => setTimeout(r, FIRST_RENDER_WAIT_MS))]) : null;

// Hindi pages: fetch the Devanagari font before the text that needs it is laid out.
if (lang === 'hi') {
  for (const href of [devanagariRegular, devanagariBold]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

// Yield to the browser between starting up and the first render, and render in a transition (in small slices):
// no single long task holds the main thread while the page boots.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const i18nReady = initI18n();
// The code of the routes this address renders (for the dashboard: the shell and the page, at once); their texts
// load with them, so it waits for i18n.
if (signedIn) void i18nReady.then(() => preloadRouteCode(routes, window.location.pathname));

void Promise.all([i18nReady, snapshot ? landingCode : null, requestsFirst])
  .then(nextTask)
  .then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing from index.html');
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  });
