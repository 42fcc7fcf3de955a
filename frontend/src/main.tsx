import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import devanagariBold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import { App } from './app/app';
import { LandingPage } from './app/router';
import { prefetchLandingContent } from './features/landing/api/get-landing-content';
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

void Promise.all([initI18n(), snapshot ? landingCode : null])
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
