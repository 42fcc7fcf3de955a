import type { LandingContent } from '@akhada/contracts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderLandingDocument, renderLandingRoot } from './landing-snapshot';

const read = (lang: 'en' | 'hi') =>
  JSON.parse(readFileSync(new URL(`../../../gateway/content/landing.${lang}.json`, import.meta.url), 'utf8')) as LandingContent;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="The default description."
    />
    <title>Akhada</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const embeddedJson = (root: string) => {
  const m = /<script type="application\/json" id="landing-content" data-lang="(\w+)">([\s\S]*?)<\/script>/.exec(root);
  if (!m) throw new Error('no embedded content');
  return { lang: m[1], content: JSON.parse(m[2]!) as unknown };
};

describe('landing snapshot (the first screen the gateway sends)', () => {
  it('renders banner, header and hero from the content in the requested language, and embeds that content', async () => {
    const hi = read('hi');
    const root = await renderLandingRoot(hi, 'hi');
    expect(root.startsWith('<div data-landing-snapshot>')).toBe(true);
    expect(root).toContain(hi.banner.message);
    expect(root).toContain(hi.hero.titleDesktop);
    expect(root).toContain('href="/register"');
    expect(root).toContain('मुख्य सामग्री पर जाएँ'); // the skip link, from the Hindi texts
    expect(embeddedJson(root)).toEqual({ lang: 'hi', content: hi });
  });

  it('cannot be broken out of by the content: text is escaped and the data block cannot end early', async () => {
    const en = read('en');
    const hostile: LandingContent = {
      ...en,
      hero: { ...en.hero, title: '<img src=x onerror=alert(1)>', subtitle: '</script><script>alert(2)</script>' },
      seo: { ...en.seo, title: '</title><script>alert(3)</script>', ogTitle: '" onload="alert(4)' },
    };
    const root = await renderLandingRoot(hostile, 'en');
    expect(root).not.toContain('<img src=x');
    expect(root.match(/<\/script>/g)).toHaveLength(1); // only the data block's own end
    expect(embeddedJson(root).content).toEqual(hostile);
    const html = renderLandingDocument(INDEX, { root, content: hostile, lang: 'en', origin: 'https://akhada.example' });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<meta property="og:title" content="&#34; onload=&#34;alert(4)" />');
  });

  it('fills index.html: language, one title and description from the SEO fields, Open Graph with the origin, the root', async () => {
    const en = read('en');
    const root = await renderLandingRoot(en, 'en');
    const html = renderLandingDocument(INDEX, { root, content: en, lang: 'en', origin: 'https://akhada.example' });
    expect(html).toContain('<html lang="en" data-snapshot="en">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${en.seo.title}</title>`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:url" content="https://akhada.example/" />');
    expect(html).toContain('<link rel="canonical" href="https://akhada.example/" />');
    expect(html).toContain(`<div id="root">${root}</div>`);
  });

  it('refuses an index.html it cannot fill, instead of sending a page without its first screen', async () => {
    const en = read('en');
    const root = await renderLandingRoot(en, 'en');
    expect(() => renderLandingDocument(INDEX.replace('<div id="root"></div>', '<main></main>'), { root, content: en, lang: 'en', origin: 'http://x' })).toThrow(
      /empty <div id="root">/,
    );
  });
});
