import { useEffect } from 'react';
import type { LandingContent } from '../api/get-landing-content';
import { landingMetaTags } from '../lib/meta-tags';

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
    const undo = [...landingMetaTags(seo, lang, window.location.origin).map((m) => setMeta(m.attr, m.key, m.content)), setCanonical(url)];
    return () => {
      document.title = previousTitle;
      undo.reverse().forEach((f) => f());
    };
  }, [seo, lang]);
}
