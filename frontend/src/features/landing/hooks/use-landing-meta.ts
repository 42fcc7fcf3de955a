import { useEffect } from 'react';
import type { LandingContent } from '../api/get-landing-content';

type Seo = LandingContent['seo'];

/** Sets (or adds) one <meta> in <head>; returns a function that puts back what was there. */
function setMeta(attr: 'name' | 'property', key: string, content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const before = el?.content ?? null;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
  return () => {
    if (created) el.remove();
    else if (before !== null) el.content = before;
  };
}

function setCanonical(href: string): () => void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const created = !link;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
  return () => {
    if (created) link.remove();
  };
}

/** Title, description, keywords, Open Graph and Twitter tags from the content, in the page's language. */
export function useLandingMeta(seo: Seo | undefined, lang: string) {
  useEffect(() => {
    if (!seo) return;
    const previousTitle = document.title;
    document.title = seo.title;
    const url = `${window.location.origin}/`;
    const undo = [
      setMeta('name', 'description', seo.description),
      setMeta('name', 'keywords', seo.keywords.join(', ')),
      setMeta('property', 'og:type', 'website'),
      setMeta('property', 'og:site_name', 'Akhada'),
      setMeta('property', 'og:url', url),
      setMeta('property', 'og:locale', lang === 'hi' ? 'hi_IN' : 'en_IN'),
      setMeta('property', 'og:title', seo.ogTitle),
      setMeta('property', 'og:description', seo.ogDescription),
      setMeta('property', 'og:image', `${window.location.origin}/landing/screenshot-1.webp`),
      setMeta('name', 'twitter:card', 'summary_large_image'),
      setMeta('name', 'twitter:title', seo.twitterTitle),
      setMeta('name', 'twitter:description', seo.twitterDescription),
      setCanonical(url),
    ];
    return () => {
      document.title = previousTitle;
      undo.reverse().forEach((f) => f());
    };
  }, [seo, lang]);
}
