/*
 * The landing page's first screen, rendered outside the browser. Built on its own (`vite build --ssr`, into
 * frontend/dist-ssr) and loaded by the gateway, which sends `/` with this markup, the page's metadata and its content
 * already in place: a guest sees the banner, header and hero before any script has run, and link previews see the
 * title and description. The app's first render then replaces the markup with the same markup (main.tsx).
 *
 * What the browser must agree with: index.html's inline script (html[data-snapshot]), get-landing-content.ts
 * (the embedded content) and base.css ([data-landing-snapshot]).
 */
import type { LandingContent } from '@akhada/contracts';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import { EMBEDDED_CONTENT_ID } from '../features/landing/lib/embedded-content';
import { LandingView, MorePlaceholder } from '../features/landing/components/landing-view';
import { landingMetaTags } from '../features/landing/lib/meta-tags';
import { GuestSessionProvider } from '../lib/auth/session';
import { StaticThemeProvider } from '../lib/theme';
import { loadBundle } from '../locales/bundles';
import { defaultNS, namespaces, PUBLIC_NS } from '../locales/resources';

export type SnapshotLanguage = 'en' | 'hi';

/** The landing page's stylesheets in the browser build (set by vite.config.ts from its manifest). */
declare const __LANDING_STYLES__: string[];
export const landingStyles: readonly string[] = typeof __LANDING_STYLES__ === 'undefined' ? [] : __LANDING_STYLES__; // undefined in unit tests

/** The texts of the public pages in one language, as the browser loads them. */
const texts = async (lang: SnapshotLanguage) => Object.fromEntries(await Promise.all(PUBLIC_NS.map(async (ns) => [ns, await loadBundle(lang, ns)] as const)));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The content as a JSON data block that cannot end the script element early. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The inner HTML of `#root` for a guest on `/` in one language: the first screen as the app renders it, and the
 * content it was rendered from. Depends only on the content and the language (the theme is the stylesheet's).
 */
export async function renderLandingRoot(content: LandingContent, lang: SnapshotLanguage): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: await texts('en'), [lang]: await texts(lang) },
    lng: lang,
    fallbackLng: 'en',
    ns: [...namespaces],
    defaultNS,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  const markup = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location="/">
        <StaticThemeProvider>
          <GuestSessionProvider>
            <LandingView content={content}>
              <MorePlaceholder />
            </LandingView>
          </GuestSessionProvider>
        </StaticThemeProvider>
      </StaticRouter>
    </I18nextProvider>,
  );
  return (
    `<div data-landing-snapshot>${markup}</div>` +
    `<script type="application/json" id="${EMBEDDED_CONTENT_ID}" data-lang="${lang}">${jsonBlock(content)}</script>`
  );
}

export interface LandingDocumentInput {
  /** From renderLandingRoot (the same content and language). */
  root: string;
  content: LandingContent;
  lang: SnapshotLanguage;
  /** The site's public origin, for the absolute URLs of Open Graph (e.g. https://akhada.in). */
  origin: string;
}

/** index.html with the first screen, the language, the page's metadata and its stylesheets filled in. */
export function renderLandingDocument(indexHtml: string, { root, content, lang, origin }: LandingDocumentInput): string {
  const seo = content.seo;
  const head = [
    ...landingMetaTags(seo, lang, origin).map((m) => `<meta ${m.attr}="${m.key}" content="${escapeHtml(m.content)}" />`),
    `<link rel="canonical" href="${escapeHtml(`${origin}/`)}" />`,
    ...landingStyles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
  ].join('\n    ');
  let html = indexHtml;
  const replace = (pattern: RegExp, by: string, what: string) => {
    if (!pattern.test(html)) throw new Error(`landing snapshot: index.html has no ${what}`);
    html = html.replace(pattern, () => by);
  };
  replace(/<html\b[^>]*>/, `<html lang="${lang}" data-snapshot="${lang}">`, '<html> tag');
  replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(seo.title)}</title>`, '<title>');
  replace(/\s*<meta\s+name="description"[\s\S]*?>/, '', 'description <meta>');
  replace(/<\/head>/, `  ${head}\n  </head>`, '</head>');
  replace(/<div id="root"><\/div>/, `<div id="root">${root}</div>`, 'empty <div id="root">');
  return html;
}
