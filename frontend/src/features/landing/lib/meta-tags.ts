import type { LandingContent } from '@akhada/contracts';

export interface MetaTag {
  attr: 'name' | 'property';
  key: string;
  content: string;
}

/**
 * The landing page's metadata from its content, in its language: description, keywords, Open Graph and Twitter.
 * The browser sets these (use-landing-meta.ts) and the gateway writes them into the page it sends
 * (src/prerender/landing-snapshot.tsx), so link previews (WhatsApp, social sites) see them without running scripts.
 */
export function landingMetaTags(seo: LandingContent['seo'], lang: string, origin: string): MetaTag[] {
  return [
    { attr: 'name', key: 'description', content: seo.description },
    { attr: 'name', key: 'keywords', content: seo.keywords.join(', ') },
    { attr: 'property', key: 'og:type', content: 'website' },
    { attr: 'property', key: 'og:site_name', content: 'Akhada' },
    { attr: 'property', key: 'og:url', content: `${origin}/` },
    { attr: 'property', key: 'og:locale', content: lang === 'hi' ? 'hi_IN' : 'en_IN' },
    { attr: 'property', key: 'og:title', content: seo.ogTitle },
    { attr: 'property', key: 'og:description', content: seo.ogDescription },
    { attr: 'property', key: 'og:image', content: `${origin}/landing/screenshot-1.webp` },
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attr: 'name', key: 'twitter:title', content: seo.twitterTitle },
    { attr: 'name', key: 'twitter:description', content: seo.twitterDescription },
  ];
}
