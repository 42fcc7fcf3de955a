import type { LandingContent } from '@akhada/contracts';

/** Where the gateway puts the content of the first screen it rendered into `/` (see src/prerender/landing-snapshot.tsx). */
export const EMBEDDED_CONTENT_ID = 'landing-content';

let embedded: { lang: string; content: LandingContent } | null | undefined;

/**
 * The content the gateway sent inside the page, when it rendered the landing page's first screen in this language.
 * It is the same document GET /api/public/landing answers with (the gateway checks it against its contract when it
 * loads it), so the page starts from it without a request and without a loading state.
 */
export function embeddedLandingContent(lang: string): LandingContent | undefined {
  if (embedded === undefined) {
    embedded = null;
    const el = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_CONTENT_ID);
    if (el?.textContent) {
      try {
        embedded = { lang: el.dataset.lang ?? '', content: JSON.parse(el.textContent) as LandingContent };
      } catch {
        /* unreadable: the page fetches the content instead */
      }
    }
  }
  return embedded?.lang === lang ? embedded.content : undefined;
}
