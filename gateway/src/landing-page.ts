import { Language, type LandingContent } from '@akhada/contracts';
import type { Logger } from '@akhada/kit';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressOnce } from './encoding.ts';
import type { LandingDocuments } from './public-content.ts';

/** What the frontend's server build (frontend/dist-ssr/landing-snapshot.js, from src/prerender) exports. */
interface SnapshotModule {
  renderLandingRoot(content: LandingContent, lang: Language): Promise<string>;
  renderLandingDocument(indexHtml: string, input: { root: string; content: LandingContent; lang: Language; origin: string }): string;
}

export interface LandingPage {
  html: string;
  encoded: { br: Buffer; gzip: Buffer };
}

export interface LandingPages {
  /** `/` for a guest in this language, its links absolute to this origin. */
  page(lang: Language, origin: string): LandingPage;
}

export const SNAPSHOT_MODULE = 'landing-snapshot.js';

/** The language the visitor chose last (the frontend keeps it in the `lang` cookie too); English otherwise. */
export const cookieLanguage = (cookie: string | undefined): Language => {
  const m = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookie ?? '');
  const parsed = Language.safeParse(m?.[1]);
  return parsed.success ? parsed.data : 'en';
};

/**
 * `/` with the landing page's first screen already rendered (banner, header, hero), its metadata and its content, so a
 * guest sees it before any script has run. The markup comes from the frontend's own components (its server build);
 * each language is rendered once at startup, as the content only changes on restart. Without that build (a
 * development checkout that never ran `npm run build`) this returns undefined and `/` is the plain app page.
 */
export const loadLandingPages = async ({
  ssrDir,
  indexHtml,
  documents,
  logger,
  maxOrigins = 8,
}: {
  ssrDir: string;
  indexHtml: string;
  documents: LandingDocuments;
  logger: Logger;
  /** Pages kept per origin the site is reached under (normally one; the Host header is the client's to choose). */
  maxOrigins?: number;
}): Promise<LandingPages | undefined> => {
  const file = join(ssrDir, SNAPSHOT_MODULE);
  if (!existsSync(file)) {
    logger.warn({ file }, 'no server build of the landing page: / is sent without its first screen (npm run build -w @akhada/frontend)');
    return undefined;
  }
  const mod = (await import(pathToFileURL(file).href)) as SnapshotModule;
  const roots = Object.fromEntries(
    await Promise.all(Language.options.map(async (lang) => [lang, await mod.renderLandingRoot(documents[lang].content, lang)] as const)),
  ) as Record<Language, string>;
  // Fail at startup, not on the first visitor: the page must fit the index.html it was built with.
  for (const lang of Language.options)
    mod.renderLandingDocument(indexHtml, { root: roots[lang], content: documents[lang].content, lang, origin: 'http://localhost' });

  const cache = new Map<string, LandingPage>();
  return {
    page(lang, origin) {
      const key = `${lang} ${origin}`;
      let page = cache.get(key);
      if (!page) {
        const html = mod.renderLandingDocument(indexHtml, { root: roots[lang], content: documents[lang].content, lang, origin });
        page = { html, encoded: compressOnce(html, { fast: true }) }; // the origin is the client's Host header
        if (cache.size >= maxOrigins * Language.options.length) cache.clear();
        cache.set(key, page);
      }
      return page;
    },
  };
};
